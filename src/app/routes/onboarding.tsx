// Route module for /onboarding: the onboarding wizard.
import { OnboardingWizard } from '../../features/onboarding/components/onboarding-wizard';

export function Component() {
  return <OnboardingWizard />;
}

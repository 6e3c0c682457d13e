// Route module for /profile: the account page, with the completion checklist (chapters feature) and the
// onboarding answers tables (onboarding feature) passed in, since features do not import each other.
import { CompletionChecklist } from '../../features/chapters/components/completion';
import { useHasOnboardingAnswers } from '../../features/onboarding/api/get-answers';
import { OnboardingAnswers } from '../../features/onboarding/components/onboarding-answers';
import { ProfilePage } from '../../features/profile/components/profile-page';

export function Component() {
  const hasOnboardingAnswers = useHasOnboardingAnswers();
  return (
    <ProfilePage
      completion={<CompletionChecklist hasOnboardingAnswers={hasOnboardingAnswers} />}
      onboardingAnswers={<OnboardingAnswers />}
    />
  );
}

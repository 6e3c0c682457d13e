// Route module for /profile: the account page, with the completion checklist (chapters feature), the
// onboarding answers tables (onboarding feature), the subscription panel and gift code (premium
// feature), the privacy choices (privacy feature) and the data export (data-export feature) passed
// in, since features do not import each other.
import { CompletionChecklist } from '../../features/chapters/components/completion';
import { DataExportSection } from '../../features/data-export/components/data-export-section';
import { ExportBeforeDeletion } from '../../features/data-export/components/export-before-deletion';
import { useHasOnboardingAnswers } from '../../features/onboarding/api/get-answers';
import { OnboardingAnswers } from '../../features/onboarding/components/onboarding-answers';
import { GiftCodeForm } from '../../features/premium/components/gift-code-form';
import { SubscriptionPanel } from '../../features/premium/components/subscription-panel';
import { PrivacyChoices } from '../../features/privacy/components/privacy-choices';
import { ProfilePage } from '../../features/profile/components/profile-page';

export function Component() {
  const hasOnboardingAnswers = useHasOnboardingAnswers();
  return (
    <ProfilePage
      completion={<CompletionChecklist hasOnboardingAnswers={hasOnboardingAnswers} />}
      onboardingAnswers={<OnboardingAnswers />}
      subscription={<SubscriptionPanel />}
      giftCode={<GiftCodeForm />}
      privacyChoices={<PrivacyChoices />}
      dataExport={<DataExportSection />}
      exportBeforeDeletion={<ExportBeforeDeletion />}
    />
  );
}

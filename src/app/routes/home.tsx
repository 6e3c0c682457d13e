// Route module for / (HomeView): the chapter list with the progress card and the terms dialog. Its
// loader (./home-loader.ts, sending to /onboarding first when it is due) starts beside this code. The
// circles one belongs to (family-circle) are linked above her own chapters.
import { lazy, Suspense } from 'react';
import { useHasOnboardingAnswers } from '../../features/onboarding/api/get-answers';
import { HomePage } from '../../features/chapters/components/home-page';
import { HomeCircleLinks } from '../../features/family-circle/components/home-circle-links';
import { useSessionUser } from '../../lib/session';

// Asked only of someone whose terms changed: its code (and <Trans>) loads then, not with every home page.
const TermsUpdateDialog = lazy(() =>
  import('../../features/profile/components/terms-update-dialog').then((module) => ({
    default: module.TermsUpdateDialog,
  })),
);

function TermsWhenDue() {
  const user = useSessionUser();
  if (!user?.needsCGUValidation) return null;
  return (
    <Suspense fallback={null}>
      <TermsUpdateDialog />
    </Suspense>
  );
}

export function Component() {
  const hasOnboardingAnswers = useHasOnboardingAnswers();
  return (
    <HomePage
      hasOnboardingAnswers={hasOnboardingAnswers}
      termsDialog={<TermsWhenDue />}
      circleLinks={<HomeCircleLinks />}
    />
  );
}

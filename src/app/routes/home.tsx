// Route module for / (HomeView): standard accounts with a required onboarding question left are sent
// to /onboarding first; then the chapter list with the progress card and the terms dialog.
import { lazy, Suspense } from 'react';
import { redirect } from 'react-router';
import { queuedAnswerQuestionIds } from '../../features/onboarding/answer-outbox';
import { useHasOnboardingAnswers } from '../../features/onboarding/api/get-answers';
import {
  hasRequiredUnanswered,
  onboardingQuestionsQueryOptions,
} from '../../features/onboarding/api/get-questions';
import { conversationsQueryOptions } from '../../features/chapters/api/get-conversations';
import { HomePage } from '../../features/chapters/components/home-page';
import { queryClient } from '../../lib/query-client';
import { getSession, useSessionUser } from '../../lib/session';

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

export async function loader(): Promise<Response | null> {
  // The list asked now, beside the onboarding check, not after it: the first picture of the page
  // waits for it.
  void queryClient.prefetchQuery(conversationsQueryOptions());
  const user = getSession()?.user;
  // Signed-out visitors are the parent's business; multi-users accounts skip onboarding (spec §6).
  if (!user || user.accountType !== 'standard') return null;
  try {
    const questions = await queryClient.fetchQuery(onboardingQuestionsQueryOptions('unanswered'));
    // Answers given on this device and still waiting for the connection count as given.
    const waiting = await queuedAnswerQuestionIds().catch(() => new Set<string>());
    const left = questions.filter((question) => !waiting.has(question.question_id));
    if (hasRequiredUnanswered(left)) return redirect('/onboarding');
  } catch (error) {
    // Onboarding must never keep someone from their stories (offline, server trouble).
    console.warn('Could not check the onboarding questions', error);
  }
  return null;
}

export function Component() {
  const hasOnboardingAnswers = useHasOnboardingAnswers();
  return <HomePage hasOnboardingAnswers={hasOnboardingAnswers} termsDialog={<TermsWhenDue />} />;
}

// The loader of / (HomeView), a module of its own so that it starts beside the page's code rather than
// after it: the chapter list is asked at once (the first picture of the page waits for it), and standard
// accounts with a required onboarding question left are sent to /onboarding first.
import { redirect } from 'react-router';
import { conversationsQueryOptions } from '../../features/chapters/api/get-conversations';
import {
  hasRequiredUnanswered,
  onboardingQuestionsQueryOptions,
} from '../../features/onboarding/api/get-questions';
import { queryClient } from '../../lib/query-client';
import { getSession } from '../../lib/session';

export async function homeLoader(): Promise<Response | null> {
  void queryClient.prefetchQuery(conversationsQueryOptions());
  const user = getSession()?.user;
  // Signed-out visitors are the parent's business; multi-users accounts skip onboarding (spec §6).
  if (!user || user.accountType !== 'standard') return null;
  try {
    const questions = await queryClient.fetchQuery(onboardingQuestionsQueryOptions('unanswered'));
    if (!hasRequiredUnanswered(questions)) return null;
    // Answers given on this device and still waiting for the connection count as given (the device
    // store is read only then: most home pages never need it before they are on screen).
    const { queuedAnswerQuestionIds } = await import('../../features/onboarding/answer-outbox');
    const waiting = await queuedAnswerQuestionIds().catch(() => new Set<string>());
    const left = questions.filter((question) => !waiting.has(question.question_id));
    if (hasRequiredUnanswered(left)) return redirect('/onboarding');
  } catch (error) {
    // Onboarding must never keep someone from their stories (offline, server trouble).
    console.warn('Could not check the onboarding questions', error);
  }
  return null;
}

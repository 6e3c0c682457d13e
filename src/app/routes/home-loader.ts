// The loader of / (HomeView), a module of its own so that it starts beside the page's code rather than
// after it: the chapter list is asked at once (the first picture of the page waits for it), and standard
// accounts with a required onboarding question left are sent to /onboarding first. The shortcut
// `/?action=new-chapter` (and its `&question=`, issue 31) is kept across the login and the onboarding,
// then handed to the page once.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { conversationsQueryOptions } from '../../features/chapters/api/get-conversations';
import {
  hasRequiredUnanswered,
  onboardingQuestionsQueryOptions,
} from '../../features/onboarding/api/get-questions';
import { membershipsQueryOptions } from '../../features/family-circle/api/memberships';
import { wantsOwnStory } from '../../features/family-circle/own-story-intent';
import { queryClient } from '../../lib/query-client';
import { getSession } from '../../lib/session';
import {
  forgetNewChapterIntent,
  isNewChapterShortcut,
  newChapterShortcut,
  rememberNewChapterIntent,
  shortcutQuestionId,
  takeNewChapterIntent,
} from '../new-chapter-intent';

export async function homeLoader(
  args?: Pick<LoaderFunctionArgs, 'request'>,
): Promise<Response | null> {
  const params = args ? new URL(args.request.url).searchParams : null;
  const shortcut = params ? isNewChapterShortcut(params) : false;
  // Kept until the page can start the chapter (after the login or the onboarding, if any), with the
  // weekly question's bank question when the link names one (issue 31).
  if (shortcut) rememberNewChapterIntent(Date.now(), shortcutQuestionId(params!));
  const redirection = await guide();
  if (redirection) return redirection;
  if (!getSession()) return null;
  // On the page at last: the shortcut's own address starts the chapter; a wish kept across the login
  // or the onboarding comes back to that address.
  if (shortcut) {
    forgetNewChapterIntent();
    return null;
  }
  const intent = takeNewChapterIntent();
  if (intent) return redirect(newChapterShortcut(intent.questionId));
  return null;
}

async function guide(): Promise<Response | null> {
  const user = getSession()?.user;
  // Signed-out visitors are the parent's business (this loader runs beside the parent's, which sends
  // them to /login): nothing that needs a session is asked for them (it would only answer 401).
  if (!user) return null;
  void queryClient.prefetchQuery(conversationsQueryOptions());
  // Multi-users accounts skip onboarding (spec §6).
  if (user.accountType !== 'standard') return null;
  try {
    const questions = await queryClient.fetchQuery(onboardingQuestionsQueryOptions('unanswered'));
    if (!hasRequiredUnanswered(questions)) return null;
    // Answers given on this device and still waiting for the connection count as given (the device
    // store is read only then: most home pages never need it before they are on screen).
    const { queuedAnswerQuestionIds } = await import('../../features/onboarding/answer-outbox');
    const waiting = await queuedAnswerQuestionIds().catch(() => new Set<string>());
    const left = questions.filter((question) => !waiting.has(question.question_id));
    if (hasRequiredUnanswered(left)) return (await memberHome()) ?? redirect('/onboarding');
  } catch (error) {
    // Onboarding must never keep someone from their stories (offline, server trouble).
    console.warn('Could not check the onboarding questions', error);
  }
  return null;
}

/**
 * A member of a family circle with no story of her own yet (no chapter, the onboarding not answered)
 * is shown her circles rather than the storyteller's onboarding, until she chooses « Raconter ma
 * propre histoire » there (issue 31, docs/decisions.md).
 */
async function memberHome(): Promise<Response | null> {
  if (wantsOwnStory()) return null;
  try {
    const [memberships, chapters] = await Promise.all([
      queryClient.fetchQuery(membershipsQueryOptions()),
      queryClient.fetchQuery(conversationsQueryOptions()),
    ]);
    if (memberships.data.length > 0 && chapters.length === 0) return redirect('/circles');
  } catch (error) {
    // Unknown: `/` behaves as for anyone.
    console.warn('Could not check the family circles', error);
  }
  return null;
}

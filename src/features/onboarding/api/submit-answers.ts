// Finishing the wizard: POST /onboardings/answers for each answered question, one at a time, skipping
// the ones the server already has. `onSent` records each success so a retry after a failure resumes
// where it stopped instead of sending an answer twice.
import { ApiError } from '../../../lib/api-client';
import { createOnboardingAnswer, type NewAnswer } from './save-answer';

export async function submitOnboardingAnswers(
  answers: NewAnswer[],
  alreadySent: readonly string[],
  onSent: (questionId: string) => void,
): Promise<void> {
  const sent = new Set(alreadySent);
  for (const answer of answers) {
    if (sent.has(answer.question_id) || answer.answer === '') continue;
    try {
      await createOnboardingAnswer(answer);
    } catch (error) {
      // One answer per question: a 409 says the server has this one already (an earlier attempt
      // whose reply was lost, or another device).
      if (!(error instanceof ApiError && error.status === 409)) throw error;
    }
    sent.add(answer.question_id);
    onSent(answer.question_id);
  }
}

// GET /onboardings/questions?questions_status=: the questions in the person's language, in order.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './onboarding-keys';
import type { OnboardingQuestionListWire, OnboardingQuestionWire, QuestionsStatus } from './types';

export async function getOnboardingQuestions(
  status: QuestionsStatus,
): Promise<OnboardingQuestionWire[]> {
  const answer = await apiRequest<OnboardingQuestionListWire>('/onboardings/questions', {
    query: { skip: 0, limit: 100, questions_status: status },
  });
  return [...(answer?.data ?? [])]
    .map((question) => ({ ...question, valid_answers: question.valid_answers ?? [] }))
    .sort((a, b) => (a.question_number ?? 0) - (b.question_number ?? 0));
}

export function onboardingQuestionsQueryOptions(status: QuestionsStatus) {
  return queryOptions({
    queryKey: onboardingKeys.questions(status),
    queryFn: () => getOnboardingQuestions(status),
    // The screens show their own loading and failure states.
    meta: { globalErrorToast: false },
  });
}

export function useOnboardingQuestions(status: QuestionsStatus) {
  return useQuery(onboardingQuestionsQueryOptions(status));
}

/** Spec §2 Home "needs onboarding completed": a standard account with a required question left. */
export function hasRequiredUnanswered(questions: OnboardingQuestionWire[]): boolean {
  return questions.some((question) => question.is_answer_required);
}

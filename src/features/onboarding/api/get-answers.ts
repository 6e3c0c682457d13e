// GET /onboardings/answers: the person's own answers (the profile tables, the progress checklist).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './onboarding-keys';
import type { OnboardingAnswerListWire, OnboardingAnswerWire } from './types';

export async function getOnboardingAnswers(): Promise<OnboardingAnswerWire[]> {
  const answer = await apiRequest<OnboardingAnswerListWire>('/onboardings/answers', {
    query: { skip: 0, limit: 100, get_all_users_and_languages: false },
  });
  return answer?.data ?? [];
}

export function onboardingAnswersQueryOptions() {
  return queryOptions({
    queryKey: onboardingKeys.answers(),
    queryFn: getOnboardingAnswers,
    meta: { globalErrorToast: false },
  });
}

export function useOnboardingAnswers() {
  return useQuery(onboardingAnswersQueryOptions());
}

/**
 * Whether onboarding counts as done for the checklist (answers exist); undefined while loading.
 * Answers that cannot be read count as none: the checklist shows the step as still to do.
 */
export function useHasOnboardingAnswers(): boolean | undefined {
  const answers = useOnboardingAnswers();
  if (answers.data) return answers.data.length > 0;
  return answers.isError ? false : undefined;
}

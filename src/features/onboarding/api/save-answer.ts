// POST /onboardings/answers, PATCH and DELETE /onboardings/answers/{id}. Every change refreshes the
// questions and answers the screens show.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './onboarding-keys';
import type { NewAnswer, OnboardingAnswerWire, UpdateAnswerPayload } from './types';

export type { NewAnswer };

export async function createOnboardingAnswer(input: NewAnswer): Promise<OnboardingAnswerWire> {
  return apiRequest<OnboardingAnswerWire>('/onboardings/answers', { method: 'POST', json: input });
}

export async function updateOnboardingAnswer(input: {
  id: string;
  answer: string;
}): Promise<OnboardingAnswerWire> {
  return apiRequest<OnboardingAnswerWire>(`/onboardings/answers/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    json: { answer: input.answer } satisfies UpdateAnswerPayload,
  });
}

export async function deleteOnboardingAnswer(id: string): Promise<void> {
  await apiRequest(`/onboardings/answers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useRefreshOnboarding() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
}

export function useCreateAnswerMutation() {
  const refresh = useRefreshOnboarding();
  return useMutation({ mutationFn: createOnboardingAnswer, onSuccess: refresh });
}

export function useUpdateAnswerMutation() {
  const refresh = useRefreshOnboarding();
  return useMutation({ mutationFn: updateOnboardingAnswer, onSuccess: refresh });
}

export function useDeleteAnswerMutation() {
  const refresh = useRefreshOnboarding();
  return useMutation({ mutationFn: deleteOnboardingAnswer, onSuccess: refresh });
}

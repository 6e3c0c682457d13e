// Her family's questions (GET /circle/questions), with who asked and where each stands; DELETE sets one
// aside (« Ne pas poser cette question »): the biographer will not ask it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CircleQuestionList } from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { circleKeys } from './circle-keys';
import { withoutItem } from './list-cache';

export function getQuestions(): Promise<CircleQuestionList> {
  return apiRequest<CircleQuestionList>('/circle/questions');
}

export function questionsQueryOptions() {
  return queryOptions({
    queryKey: circleKeys.questions(),
    queryFn: getQuestions,
    meta: { globalErrorToast: false },
  });
}

export function useQuestions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...questionsQueryOptions(), enabled: options.enabled ?? true });
}

export async function setQuestionAside(questionId: string): Promise<void> {
  await apiRequest(`/circle/questions/${encodeURIComponent(questionId)}`, { method: 'DELETE' });
}

export function useSetQuestionAside() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQuestionAside,
    onSuccess: (_result, questionId) => {
      queryClient.setQueryData<CircleQuestionList>(circleKeys.questions(), (list) =>
        withoutItem(list, questionId),
      );
    },
    meta: { globalErrorToast: false },
  });
}

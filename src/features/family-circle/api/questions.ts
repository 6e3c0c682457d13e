// GET /circles/{storytellerId}/questions: the questions one asked her, with where each stands. Asking
// goes through the outbox (./circle-outbox.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CircleQuestionList } from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { circleKeys } from './circle-keys';

export function circleQuestionsQueryOptions(storytellerId: string) {
  return queryOptions({
    queryKey: circleKeys.questions(storytellerId),
    queryFn: () => apiRequest<CircleQuestionList>(`/circles/${storytellerId}/questions`),
    meta: { globalErrorToast: false },
  });
}

export function useCircleQuestions(storytellerId: string, { enabled = true } = {}) {
  return useQuery({ ...circleQuestionsQueryOptions(storytellerId), enabled });
}

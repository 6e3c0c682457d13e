// Photos a contributor suggested for a chapter (GET /conversations/{id}/suggested-photos): she adds one
// to the chapter's pictures (POST …/accept) or declines it (DELETE). Accepting changes the chapter's
// pictures, so the chapter's query is refreshed.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuggestedPhotoList } from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { conversationKeys } from '../../../lib/conversation-query';
import { circleKeys } from './circle-keys';
import { withoutItem } from './list-cache';

const photosPath = (conversationId: string) =>
  `/conversations/${encodeURIComponent(conversationId)}/suggested-photos`;

export function getSuggestedPhotos(conversationId: string): Promise<SuggestedPhotoList> {
  return apiRequest<SuggestedPhotoList>(photosPath(conversationId));
}

export function suggestedPhotosQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: circleKeys.suggestedPhotos(conversationId),
    queryFn: () => getSuggestedPhotos(conversationId),
    meta: { globalErrorToast: false },
  });
}

export function useSuggestedPhotos(conversationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...suggestedPhotosQueryOptions(conversationId),
    enabled: options.enabled ?? true,
  });
}

export type PhotoAnswer = 'accept' | 'decline';

export async function answerSuggestedPhoto(
  conversationId: string,
  photoId: string,
  answer: PhotoAnswer,
): Promise<void> {
  const path = `${photosPath(conversationId)}/${encodeURIComponent(photoId)}`;
  await apiRequest(answer === 'accept' ? `${path}/accept` : path, {
    method: answer === 'accept' ? 'POST' : 'DELETE',
  });
}

export function useAnswerSuggestedPhoto(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, answer }: { photoId: string; answer: PhotoAnswer }) =>
      answerSuggestedPhoto(conversationId, photoId, answer),
    onSuccess: (_result, { photoId, answer }) => {
      queryClient.setQueryData<SuggestedPhotoList>(
        circleKeys.suggestedPhotos(conversationId),
        (list) => withoutItem(list, photoId),
      );
      if (answer === 'accept')
        void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
    },
    meta: { globalErrorToast: false },
  });
}

// DELETE /circles/{storytellerId}/chapters/{id}/words/{wordId}: taking back one's own word. Leaving a
// word goes through the outbox (./circle-outbox.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CircleChapter } from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { dropCopies, forgetStoredWord } from './circle-copies';
import { circleKeys } from './circle-keys';

export function useDeleteWord(storytellerId: string, chapterId: string) {
  const queryClient = useQueryClient();
  const key = circleKeys.chapter(storytellerId, chapterId);
  return useMutation({
    mutationFn: (wordId: string) =>
      apiRequest<void>(`/circles/${storytellerId}/chapters/${chapterId}/words/${wordId}`, {
        method: 'DELETE',
      }),
    meta: { globalErrorToast: false },
    onSuccess: async (_answer, wordId) => {
      queryClient.setQueryData<CircleChapter>(key, (chapter) =>
        chapter ? { ...chapter, words: chapter.words.filter((w) => w.id !== wordId) } : chapter,
      );
      // The chapter kept on the device loses it too.
      await dropCopies(() => forgetStoredWord(storytellerId, chapterId, wordId));
    },
  });
}

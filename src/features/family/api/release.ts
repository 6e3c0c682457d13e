// Whether her family may read a chapter: POST /conversations/{id}/release shares it with her circle,
// DELETE takes it back; both answer {released_at}. The chapter's own query (src/lib/conversation-query)
// carries `released_at`, so the answer is written there and every view of the chapter agrees.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Release } from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { conversationKeys, type ConversationWire } from '../../../lib/conversation-query';

const releasePath = (conversationId: string) =>
  `/conversations/${encodeURIComponent(conversationId)}/release`;

export async function setChapterReleased(
  conversationId: string,
  released: boolean,
): Promise<Release> {
  const answer = await apiRequest<Release | undefined>(releasePath(conversationId), {
    method: released ? 'POST' : 'DELETE',
  });
  return answer ?? { released_at: null };
}

/** The chapter wire with the circle's field (the contract adds `released_at` to it). */
export type ReleasableChapter = ConversationWire & { released_at?: string | null };

export function useChapterRelease(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (released: boolean) => setChapterReleased(conversationId, released),
    onSuccess: ({ released_at }) => {
      queryClient.setQueryData<ReleasableChapter>(
        conversationKeys.detail(conversationId),
        (chapter) => (chapter ? { ...chapter, released_at } : chapter),
      );
    },
    meta: { globalErrorToast: false },
  });
}

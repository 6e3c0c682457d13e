// PATCH /conversations/{id}/summaries?action=undo|redo (api.md § Conversations): moves the cursor of
// the summary versions; the answer is the chapter, which replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SummaryActionQuery } from '@contract/conversations';
import { apiRequest } from '../../../lib/api-client';
import {
  conversationKeys,
  type ConversationWire,
  type SummaryAction,
} from '../../../lib/conversation-query';
import { storeChapter } from '../../../offline/stored-chapters';

export async function moveSummary(
  conversationId: string,
  action: SummaryAction,
): Promise<ConversationWire> {
  const chapter = await apiRequest<ConversationWire>(
    `/conversations/${encodeURIComponent(conversationId)}/summaries`,
    { method: 'PATCH', query: { action } satisfies SummaryActionQuery },
  );
  await storeChapter(chapter);
  return chapter;
}

export function useSummaryHistory(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SummaryAction) => moveSummary(conversationId, action),
    onSuccess: (chapter) => {
      queryClient.setQueryData(conversationKeys.detail(conversationId), chapter);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) }),
    meta: { globalErrorToast: false },
  });
}

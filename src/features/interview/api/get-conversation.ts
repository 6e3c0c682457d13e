// GET /conversations/{id}: the chapter whose interview this is, for the title banner.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ConversationWire } from '../../../lib/conversation-query';
import { interviewKeys } from './interview-keys';

export function getChatConversation(conversationId: string): Promise<ConversationWire> {
  return apiRequest<ConversationWire>(`/conversations/${encodeURIComponent(conversationId)}`);
}

export function chatConversationQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: interviewKeys.conversation(conversationId),
    queryFn: () => getChatConversation(conversationId),
    // The chat shows its own not-found state; a 401 still signs out (query-client.ts).
    meta: { globalErrorToast: false },
  });
}

export function useChatConversation(conversationId: string) {
  return useQuery(chatConversationQueryOptions(conversationId));
}

/** The banner's title: the chapter's, once it has one. */
export function chapterTitle(conversation: ConversationWire | undefined): string | null {
  return conversation?.title_infos?.title?.trim() || null;
}

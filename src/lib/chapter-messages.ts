// A chapter's message history (GET /conversations/{id}/messages, in pages of 100 until complete): one
// fetch and one cache entry for every screen that reads it — the chat and the chapter page's recorded
// answers. Failures are silent (spec §8): each screen says what it can without it.
import { queryOptions } from '@tanstack/react-query';
import type { ChatMessage, ChatMessageList } from '@contract/chat';
import { apiRequest } from './api-client';

const HISTORY_PAGE_SIZE = 100;

export const chapterMessagesKey = (conversationId: string) =>
  ['interview', 'messages', conversationId] as const;

async function getAllMessages(conversationId: string): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  for (;;) {
    const page = await apiRequest<ChatMessageList>(
      `/conversations/${encodeURIComponent(conversationId)}/messages`,
      { query: { skip: all.length, limit: HISTORY_PAGE_SIZE } },
    );
    const data = page?.data ?? [];
    all.push(...data);
    if (data.length === 0 || all.length >= (page?.count ?? 0)) return all;
  }
}

export function chapterMessagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: chapterMessagesKey(conversationId),
    queryFn: () => getAllMessages(conversationId),
    meta: { globalErrorToast: false },
  });
}

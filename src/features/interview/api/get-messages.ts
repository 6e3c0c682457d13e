// GET /conversations/{id}/messages: the whole history, in pages of 100 until complete (spec §7).
// Failures are silent (spec §8): the screen only stops its loading indicator.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { interviewKeys } from './interview-keys';
import type { ChatMessageListWire, ChatMessageWire } from './types';

export const HISTORY_PAGE_SIZE = 100;

export async function getAllMessages(conversationId: string): Promise<ChatMessageWire[]> {
  const all: ChatMessageWire[] = [];
  for (;;) {
    const page = await apiRequest<ChatMessageListWire>(
      `/conversations/${encodeURIComponent(conversationId)}/messages`,
      { query: { skip: all.length, limit: HISTORY_PAGE_SIZE } },
    );
    const data = page?.data ?? [];
    all.push(...data);
    if (data.length === 0 || all.length >= (page?.count ?? 0)) return all;
  }
}

export function chatMessagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: interviewKeys.messages(conversationId),
    queryFn: () => getAllMessages(conversationId),
    meta: { globalErrorToast: false },
  });
}

export function useChatMessages(conversationId: string) {
  return useQuery(chatMessagesQueryOptions(conversationId));
}

/** The biographer's latest words: what the central area shows before the person answers. */
export function latestAssistantMessage(
  messages: readonly ChatMessageWire[] | undefined,
): ChatMessageWire | null {
  if (!messages) return null;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]!.type === 'assistant') return messages[i]!;
  }
  return null;
}

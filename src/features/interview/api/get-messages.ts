// The chat's history (spec §7), read through src/lib/chapter-messages.ts. Failures are silent (spec §8):
// the screen only stops its loading indicator.
import { useQuery } from '@tanstack/react-query';
import { chapterMessagesQueryOptions } from '../../../lib/chapter-messages';
import type { ChatMessageWire } from './types';

export function useChatMessages(conversationId: string) {
  return useQuery(chapterMessagesQueryOptions(conversationId));
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

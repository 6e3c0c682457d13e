// Query keys of the interview feature: the chapter it belongs to and its message history (the shared
// history key of src/lib/chapter-messages.ts, which the chapter page reads too).
import { chapterMessagesKey } from '../../../lib/chapter-messages';

export const interviewKeys = {
  all: ['interview'] as const,
  conversation: (conversationId: string) =>
    [...interviewKeys.all, 'conversation', conversationId] as const,
  messages: chapterMessagesKey,
};

// The voice kept (issue 20) — « Réécouter »: the chapter's answers whose sound was kept, each with the
// question the biographer asked just before it, from the chapter's history (src/lib/chapter-messages.ts:
// the same fetch and cache entry as the chat's; in order, the biographer's question then the person's
// answer). Failures are silent: the page simply shows no player.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, MessageRecording } from '@contract/chat';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { chapterMessagesKey, chapterMessagesQueryOptions } from '../../../lib/chapter-messages';

export type ChapterMessageWire = ChatMessage;
export type MessageRecordingWire = MessageRecording;

export interface RecordedAnswer {
  /** The person's message. */
  id: string;
  /** The biographer's words just before the answer; null when the answer came first. */
  question: string | null;
  recording: MessageRecordingWire;
}

export function recordedAnswers(messages: readonly ChapterMessageWire[]): RecordedAnswer[] {
  const answers: RecordedAnswer[] = [];
  let question: string | null = null;
  for (const message of messages) {
    if (message.type === 'assistant') question = message.content.trim() || null;
    else if (message.recording)
      answers.push({ id: message.id, question, recording: message.recording });
  }
  return answers;
}

/** The chapter's recorded answers; empty while loading or when the history cannot be had. */
export function useRecordedAnswers(conversationId: string): RecordedAnswer[] {
  const { data } = useQuery({
    ...chapterMessagesQueryOptions(conversationId),
    select: recordedAnswers,
  });
  return data ?? [];
}

/**
 * Deletes one answer's kept sound (`DELETE …/messages/{id}/recording`); the answer's words stay. One already
 * gone counts as done. The dialog says what failed itself, so no global toast.
 */
export function useDeleteRecording(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) => {
      try {
        await apiRequest(
          `/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/recording`,
          { method: 'DELETE' },
        );
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: chapterMessagesKey(conversationId) }),
    meta: { globalErrorToast: false },
  });
}

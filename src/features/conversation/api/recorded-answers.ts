// The voice kept (issue 20) — « Réécouter »: the chapter's answers whose sound was kept, each with the
// question the biographer asked just before it, from the chat history (GET /conversations/{id}/messages:
// in order, the biographer's question then the person's answer). The same call as the chat's
// (src/features/interview/api/get-messages.ts), read here on its own since features do not import each
// other; failures are silent: the page simply shows no player.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatMessageList, MessageRecording } from '@contract/chat';
import { ApiError, apiRequest } from '../../../lib/api-client';

export type ChapterMessageWire = ChatMessage;
export type MessageRecordingWire = MessageRecording;

const PAGE_SIZE = 100;

export const recordedAnswersKeys = {
  messages: (conversationId: string) =>
    ['conversation', conversationId, 'messages-with-recordings'] as const,
};

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

/** The whole history, in pages of 100 until complete. */
export async function getChapterMessages(conversationId: string): Promise<ChapterMessageWire[]> {
  const all: ChapterMessageWire[] = [];
  for (;;) {
    const page = await apiRequest<ChatMessageList>(
      `/conversations/${encodeURIComponent(conversationId)}/messages`,
      { query: { skip: all.length, limit: PAGE_SIZE } },
    );
    const data = page?.data ?? [];
    all.push(...data);
    if (data.length === 0 || all.length >= (page?.count ?? 0)) return all;
  }
}

/** The chapter's recorded answers; empty while loading or when the history cannot be had. */
export function useRecordedAnswers(conversationId: string): RecordedAnswer[] {
  const { data } = useQuery({
    queryKey: recordedAnswersKeys.messages(conversationId),
    queryFn: () => getChapterMessages(conversationId),
    select: recordedAnswers,
    meta: { globalErrorToast: false },
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
      queryClient.invalidateQueries({ queryKey: recordedAnswersKeys.messages(conversationId) }),
    meta: { globalErrorToast: false },
  });
}

// POST /conversations?conv_author=&question=: starts a new chapter (the server also writes the
// biographer's opening message, on the given bank question when it can). A 402 quota_exceeded means no
// free chapter is left.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { chapterKeys } from './chapters-keys';
import type { ConversationWire } from './types';

export interface CreateConversationInput {
  /** Multi-users accounts only: who tells this chapter. */
  author?: string;
  /** The weekly question's bank question to open on (issue 31); the server ignores one it cannot ask. */
  questionId?: string | null;
}

export async function createConversation({
  author,
  questionId,
}: CreateConversationInput = {}): Promise<ConversationWire> {
  return apiRequest<ConversationWire>('/conversations', {
    method: 'POST',
    query: { conv_author: author?.trim() || undefined, question: questionId || undefined },
  });
}

export function isQuotaExceeded(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 402 &&
    (error.type === undefined || error.type === 'quota_exceeded')
  );
}

export function useCreateConversationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    // Either way the list and the free-chapter count may have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: chapterKeys.all }),
    // The caller decides: a 402 opens the premium modal instead of a toast.
    meta: { globalErrorToast: false },
  });
}

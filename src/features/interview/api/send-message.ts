// POST /conversations/{id}/messages with the answer's Idempotency-Key, so that a retry (after a lost
// answer, a reload or from the outbox) is answered once by the server.
import { apiRequest } from '../../../lib/api-client';
import type { AssistantReplyWire, SendMessagePayload } from './types';

export function sendChatMessage(
  conversationId: string,
  content: string,
  idempotencyKey: string,
): Promise<AssistantReplyWire> {
  return apiRequest<AssistantReplyWire>(
    `/conversations/${encodeURIComponent(conversationId)}/messages`,
    { method: 'POST', json: { content } satisfies SendMessagePayload, idempotencyKey },
  );
}

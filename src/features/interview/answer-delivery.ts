// Answers that could not leave for lack of connection wait in the outbox (entity 'chat', field
// 'content') with their own Idempotency-Key; the sender registered here posts them when the
// connection comes back, and tells an open chat so the reply arrives there as usual. The answer's sound,
// when kept (issue 20), waits beside it in Dexie `recordings` and is queued for upload once it is delivered.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxOp } from '../../db/db';
import { queryClient } from '../../lib/query-client';
import { enqueueChange, registerOutboxSender } from '../../offline/outbox';
import { forgetDeliveredAnswer } from './answer-keys';
import { interviewKeys } from './api/interview-keys';
import { sendChatMessage } from './api/send-message';
import type { AssistantReplyWire } from './api/types';
import {
  registerRecordingSender,
  sendRecordingAfterAnswer,
  sweepRecordings,
} from './recording/answer-recordings';

export const CHAT_OUTBOX_ENTITY = 'chat';
export const CHAT_OUTBOX_FIELD = 'content';

export interface QueuedAnswer {
  content: string;
  /** The answer's own key (not the op id): an attempt made before queuing used it already. */
  idempotencyKey: string;
}

export interface DeliveredAnswer {
  conversationId: string;
  content: string;
  idempotencyKey: string;
  reply: AssistantReplyWire;
}

const listeners = new Set<(delivered: DeliveredAnswer) => void>();

/** An open chat listens for its queued answer's reply. */
export function onAnswerDelivered(listener: (delivered: DeliveredAnswer) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export async function queueAnswer(conversationId: string, answer: QueuedAnswer): Promise<void> {
  await enqueueChange<QueuedAnswer>({
    entity: CHAT_OUTBOX_ENTITY,
    entityId: conversationId,
    field: CHAT_OUTBOX_FIELD,
    payload: answer,
    baseUpdatedAt: null,
  });
}

export async function sendQueuedAnswer(op: OutboxOp<QueuedAnswer>): Promise<void> {
  const { content, idempotencyKey } = op.payload;
  // Errors go back to the outbox, which keeps the answer on network trouble and 5xx.
  const reply = await sendChatMessage(op.entityId, content, idempotencyKey);
  await queueRecordingOf(op.entityId, idempotencyKey, reply);
  await forgetDeliveredAnswer(op.entityId, idempotencyKey);
  void queryClient.invalidateQueries({ queryKey: interviewKeys.messages(op.entityId) });
  const delivered: DeliveredAnswer = {
    conversationId: op.entityId,
    content,
    idempotencyKey,
    reply,
  };
  for (const listener of [...listeners]) listener(delivered);
}

/** The answer is on the server: its kept sound (if any) goes next. Never fails the answer. */
export async function queueRecordingOf(
  conversationId: string,
  idempotencyKey: string,
  reply: AssistantReplyWire,
): Promise<void> {
  try {
    await sendRecordingAfterAnswer(conversationId, idempotencyKey, reply);
  } catch (error) {
    console.warn('Could not queue the recording of the answer', error);
  }
}

let senderRegistered = false;

/**
 * Registers the sender for good. Called at start-up (src/main.tsx), so answers queued in an earlier
 * visit go out even if the chat is never opened; the chat calls it too. Calling it again does nothing.
 */
export function registerChatAnswerSender(): void {
  if (senderRegistered) return;
  senderRegistered = true;
  registerRecordingSender();
  sweepRecordings(CHAT_OUTBOX_ENTITY).catch((error: unknown) => {
    console.warn('Could not look over the recordings kept on this device', error);
  });
  registerOutboxSender<QueuedAnswer>(CHAT_OUTBOX_ENTITY, CHAT_OUTBOX_FIELD, sendQueuedAnswer);
}

/** The answer of this chapter waiting in the outbox for the connection, if any. */
export function useQueuedAnswer(conversationId: string): QueuedAnswer | null | undefined {
  return useLiveQuery(
    async () => {
      const ops = await db.outbox
        .where('[entity+entityId]')
        .equals([CHAT_OUTBOX_ENTITY, conversationId])
        .filter((op) => op.field === CHAT_OUTBOX_FIELD && op.status === 'pending')
        .toArray();
      return (ops[0]?.payload as QueuedAnswer | undefined) ?? null;
    },
    [conversationId],
    undefined,
  );
}

// A word under a chapter and a question to the storyteller are written on the device first: each is
// one outbox op (entity 'circle-word' keyed by chapter, 'circle-question' keyed by circle; field
// `<kind>:<local id>` so two words never merge into one) and leaves once, its op id as
// Idempotency-Key, when the connection allows. Until then the page shows it as waiting.
import { useLiveQuery } from 'dexie-react-hooks';
import type { AskBody, WordBody } from '@contract/circle';
import { db, type OutboxOp } from '../../../db/db';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { enqueueChange, registerOutboxSender } from '../../../offline/outbox';
import { circleKeys } from './circle-keys';
import { forgetCircle, isNotFound } from './circle-errors';

export const CIRCLE_WORD_ENTITY = 'circle-word';
export const CIRCLE_QUESTION_ENTITY = 'circle-question';

export interface QueuedWord {
  storytellerId: string;
  chapterId: string;
  text: string;
}

export interface QueuedQuestion {
  storytellerId: string;
  text: string;
}

export interface WaitingText {
  opId: string;
  text: string;
  failed: boolean;
}

function localId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

export function queueWord(word: QueuedWord): Promise<string> {
  registerCircleSenders();
  return enqueueChange<QueuedWord>({
    entity: CIRCLE_WORD_ENTITY,
    entityId: word.chapterId,
    field: `word:${localId()}`,
    payload: word,
    baseUpdatedAt: null,
  });
}

export function queueQuestion(question: QueuedQuestion): Promise<string> {
  registerCircleSenders();
  return enqueueChange<QueuedQuestion>({
    entity: CIRCLE_QUESTION_ENTITY,
    entityId: question.storytellerId,
    field: `question:${localId()}`,
    payload: question,
    baseUpdatedAt: null,
  });
}

/** A 404 means one is no longer in the circle: what the device holds of it goes too. */
async function sendOrForget(storytellerId: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (isNotFound(error)) await forgetCircle(queryClient, storytellerId);
    throw error;
  }
}

export async function sendWord(
  op: OutboxOp<QueuedWord>,
  { idempotencyKey }: { idempotencyKey: string },
): Promise<void> {
  const { storytellerId, chapterId, text } = op.payload;
  await sendOrForget(storytellerId, () =>
    apiRequest(`/circles/${storytellerId}/chapters/${chapterId}/words`, {
      method: 'POST',
      json: { text } satisfies WordBody,
      idempotencyKey,
    }),
  );
  await queryClient.invalidateQueries({ queryKey: circleKeys.chapter(storytellerId, chapterId) });
}

export async function sendQuestion(
  op: OutboxOp<QueuedQuestion>,
  { idempotencyKey }: { idempotencyKey: string },
): Promise<void> {
  const { storytellerId, text } = op.payload;
  await sendOrForget(storytellerId, () =>
    apiRequest(`/circles/${storytellerId}/questions`, {
      method: 'POST',
      json: { text } satisfies AskBody,
      idempotencyKey,
    }),
  );
  await queryClient.invalidateQueries({ queryKey: circleKeys.questions(storytellerId) });
}

let registered = false;

/** Registers the senders once (at start-up, and before the first op is queued). */
export function registerCircleSenders(): void {
  if (registered) return;
  registered = true;
  registerOutboxSender<QueuedWord>(CIRCLE_WORD_ENTITY, '*', sendWord);
  registerOutboxSender<QueuedQuestion>(CIRCLE_QUESTION_ENTITY, '*', sendQuestion);
}

function useWaiting(entity: string, entityId: string): WaitingText[] {
  return (
    useLiveQuery(
      async () =>
        (
          await db.outbox.where('[entity+entityId]').equals([entity, entityId]).sortBy('createdAt')
        ).map((op) => ({
          opId: op.opId,
          text: (op.payload as { text: string }).text,
          failed: op.status === 'failed',
        })),
      [entity, entityId],
    ) ?? []
  );
}

/** Words written on this device under a chapter and not yet on the server. */
export function useWaitingWords(chapterId: string): WaitingText[] {
  return useWaiting(CIRCLE_WORD_ENTITY, chapterId);
}

/** Questions written on this device for a circle and not yet on the server. */
export function useWaitingQuestions(storytellerId: string): WaitingText[] {
  return useWaiting(CIRCLE_QUESTION_ENTITY, storytellerId);
}

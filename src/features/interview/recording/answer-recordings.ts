// The sound of spoken answers on the device (issue 20), in Dexie `recordings`, keyed by the answer's
// Idempotency-Key: kept when the person stops talking (within a bound for everything waiting), sent
// after the answer reached the server (its reply names the person's message) through the outbox, so it
// survives a reload and goes when the connection is back, once. A recording the server refuses (4xx)
// is dropped with a message; the answer itself is never touched here.
import i18next from 'i18next';
import { db, type OutboxOp, type StoredRecording } from '../../../db/db';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { enqueueChange, registerOutboxSender } from '../../../offline/outbox';
import { readAnswerKey } from '../answer-keys';
import type { AssistantReplyWire } from '../api/types';
import { uploadRecording } from '../api/upload-recording';
import type { RecordedAnswer } from './recorder';

export const RECORDING_OUTBOX_ENTITY = 'recording';
/** One op per answer: `recording:<answer key>`, so two answers' sounds never merge. */
const RECORDING_FIELD_PREFIX = 'recording:';
/** Every sound waiting on this device together (about 3 hours of Opus). */
export const PENDING_RECORDINGS_MAX_BYTES = 50 * 1024 * 1024;

export interface QueuedRecording {
  answerKey: string;
}

export type KeepResult = 'kept' | 'full' | 'failed';

/** Keeps the sound of the answer being composed, replacing an earlier one of the same answer. */
export async function keepAnswerRecording(
  conversationId: string,
  answerKey: string,
  recorded: RecordedAnswer,
): Promise<KeepResult> {
  try {
    const bytes = await recorded.blob.arrayBuffer();
    return await db.transaction('rw', db.recordings, async () => {
      let waiting = 0;
      await db.recordings.each((row) => {
        if (row.answerKey !== answerKey) waiting += row.size;
      });
      if (waiting + bytes.byteLength > PENDING_RECORDINGS_MAX_BYTES) return 'full';
      const row: StoredRecording = {
        answerKey,
        conversationId,
        bytes,
        mimeType: recorded.mimeType,
        size: bytes.byteLength,
        durationMs: Math.round(recorded.durationMs),
        messageId: null,
        createdAt: Date.now(),
      };
      await db.recordings.put(row);
      return 'kept' as const;
    });
  } catch (error) {
    console.warn('Could not keep the recording on this device', error);
    return 'failed';
  }
}

/** Whether the answer with this key has its sound kept. */
export async function hasAnswerRecording(answerKey: string): Promise<boolean> {
  return (await db.recordings.get(answerKey)) !== undefined;
}

/** The answer being composed was cleared or started again: its sound goes too (not a sent one's). */
export async function discardAnswerRecording(conversationId: string): Promise<void> {
  const key = await readAnswerKey(conversationId);
  if (!key) return;
  await db.transaction('rw', db.recordings, async () => {
    const row = await db.recordings.get(key);
    if (row && row.messageId === null) await db.recordings.delete(key);
  });
}

/**
 * The answer with this key is on the server: its sound goes to the person's message. Called for an
 * answer sent at once and for one delivered by the outbox; a second call for the same answer does nothing.
 */
export async function sendRecordingAfterAnswer(
  conversationId: string,
  answerKey: string,
  reply: AssistantReplyWire,
): Promise<void> {
  const messageId = reply.user_message_id;
  const queue = await db.transaction('rw', db.recordings, async () => {
    const row = await db.recordings.get(answerKey);
    if (!row || row.messageId !== null) return false;
    if (!messageId) {
      // A server that does not say where the sound goes does not keep sounds.
      await db.recordings.delete(answerKey);
      return false;
    }
    await db.recordings.update(answerKey, { messageId });
    return true;
  });
  if (!queue) return;
  await enqueueChange<QueuedRecording>({
    entity: RECORDING_OUTBOX_ENTITY,
    entityId: conversationId,
    field: `${RECORDING_FIELD_PREFIX}${answerKey}`,
    payload: { answerKey },
    baseUpdatedAt: null,
  });
}

/** Failures worth another try: no connection, the server's trouble, too many calls, a session renewed. */
function isTemporary(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.reason === 'network' || error.reason === 'server' || error.reason === 'rate_limited')
    return true;
  if (error.reason === 'unauthorized') return true;
  // Another upload for this message at the same moment: try again shortly.
  return error.type === 'generation_in_progress';
}

function refusalMessage(error: ApiError): string {
  switch (error.type) {
    case 'recording_not_allowed':
      return i18next.t('interview:recording.dropped.notAllowed');
    case 'recording_quota_reached':
      return i18next.t('interview:recording.dropped.quota');
    case 'recording_too_large':
    case 'recording_too_long':
    case 'payload_too_large':
      return i18next.t('interview:recording.dropped.tooLarge');
    default:
      return i18next.t('interview:recording.dropped.other');
  }
}

/** The outbox's sender for a sound waiting for upload; its opId is the upload's Idempotency-Key. */
export async function sendQueuedRecording(
  op: OutboxOp<QueuedRecording>,
  context?: { idempotencyKey: string },
): Promise<void> {
  const row = await db.recordings.get(op.payload.answerKey);
  if (!row?.messageId) return;
  try {
    await uploadRecording(
      row.conversationId,
      row.messageId,
      {
        blob: new Blob([row.bytes], { type: row.mimeType }),
        mimeType: row.mimeType,
        durationMs: row.durationMs,
      },
      context?.idempotencyKey ?? op.opId,
    );
  } catch (error) {
    if (isTemporary(error)) throw error;
    // Refused for good (format, size, consent withdrawn, the message gone): the sound goes, the
    // answer stays where it is, and the person is told in plain words.
    await db.recordings.delete(row.answerKey);
    toast.error(refusalMessage(error as ApiError));
    return;
  }
  await db.recordings.delete(row.answerKey);
}

/**
 * Puts things right after a crash or a lost tab: a sound whose answer reached the server but whose
 * upload was never queued is queued; a sound whose answer is neither being composed nor waiting in the
 * outbox is forgotten (it would count against the bound forever). Run once, when the senders register.
 */
export async function sweepRecordings(chatEntity: string): Promise<void> {
  const rows = await db.recordings.toArray();
  if (rows.length === 0) return;
  const ops = await db.outbox.toArray();
  const waitingAnswers = new Set(
    ops
      .filter((op) => op.entity === chatEntity)
      .map((op) => (op.payload as { idempotencyKey?: unknown } | null)?.idempotencyKey),
  );
  const queuedUploads = new Set(
    ops
      .filter((op) => op.entity === RECORDING_OUTBOX_ENTITY)
      .map((op) => (op.payload as QueuedRecording | null)?.answerKey),
  );
  for (const row of rows) {
    if (row.messageId !== null) {
      if (queuedUploads.has(row.answerKey)) continue;
      await enqueueChange<QueuedRecording>({
        entity: RECORDING_OUTBOX_ENTITY,
        entityId: row.conversationId,
        field: `${RECORDING_FIELD_PREFIX}${row.answerKey}`,
        payload: { answerKey: row.answerKey },
        baseUpdatedAt: null,
      });
    } else if (
      !waitingAnswers.has(row.answerKey) &&
      (await readAnswerKey(row.conversationId)) !== row.answerKey
    ) {
      await db.recordings.delete(row.answerKey);
    }
  }
}

let registered = false;

/** Registered with the chat's answer sender (at start-up and by the chat); calling it again does nothing. */
export function registerRecordingSender(): void {
  if (registered) return;
  registered = true;
  registerOutboxSender<QueuedRecording>(RECORDING_OUTBOX_ENTITY, '*', sendQueuedRecording);
}

// The Idempotency-Key of the answer being composed, one per answer, kept on the device (Dexie `meta`)
// beside the answer's draft: a retry after a lost answer, a reload or a crash sends the same key, so
// the server never stores the answer twice. Forgotten once the reply came back or the answer was cleared.
import { db } from '../../db/db';

const metaKey = (conversationId: string) => `chat-answer-key:${conversationId}`;

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a LAN address over http has not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function readAnswerKey(conversationId: string): Promise<string | null> {
  const row = await db.meta.get(metaKey(conversationId));
  return typeof row?.value === 'string' ? row.value : null;
}

/** The key of the current answer, made (and stored) the first time the answer is sent. */
export async function answerKeyFor(conversationId: string): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await readAnswerKey(conversationId);
    if (existing) return existing;
    const key = newKey();
    await db.meta.put({ key: metaKey(conversationId), value: key });
    return key;
  });
}

export async function forgetAnswerKey(conversationId: string): Promise<void> {
  await db.meta.delete(metaKey(conversationId));
}

/**
 * The answer sent with `idempotencyKey` got its reply: its draft and key go, unless a newer answer
 * (another key) has started meanwhile.
 */
export async function forgetDeliveredAnswer(
  conversationId: string,
  idempotencyKey: string,
): Promise<void> {
  await db.transaction('rw', db.meta, db.drafts, async () => {
    const current = await readAnswerKey(conversationId);
    if (current !== null && current !== idempotencyKey) return;
    await db.meta.delete(metaKey(conversationId));
    await db.drafts.delete(`chat:${conversationId}`);
  });
}

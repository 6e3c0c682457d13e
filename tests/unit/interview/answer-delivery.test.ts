// Answers queued without connection: the outbox sender posts them with the answer's own key (so an
// attempt made before queuing is not answered twice), clears the answer's draft and key only if no
// newer answer started, tells an open chat, and leaves the answer queued when the network fails.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import {
  CHAT_OUTBOX_ENTITY,
  CHAT_OUTBOX_FIELD,
  onAnswerDelivered,
  queueAnswer,
  registerChatAnswerSender,
  sendQueuedAnswer,
  type DeliveredAnswer,
} from '../../../src/features/interview/answer-delivery';
import { answerKeyFor, readAnswerKey } from '../../../src/features/interview/answer-keys';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { replayOutbox } from '../../../src/offline/outbox';
import { jsonReply, mockFetch } from '../support/fetch-mock';

const ID = 'c-queued';
const PATH = `POST /api/v1/conversations/${ID}/messages`;
const reply = { id: 'r1', type: 'assistant', content: 'Et ensuite ?' };

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  reportNetworkSuccess();
});

async function queued() {
  return db.outbox.where('[entity+entityId]').equals([CHAT_OUTBOX_ENTITY, ID]).toArray();
}

describe('the chat answer sender', () => {
  it('posts with the answer key, forgets the draft and the key, and tells the open chat', async () => {
    const net = mockFetch({ [PATH]: jsonReply(reply) });
    const key = await answerKeyFor(ID);
    await db.drafts.put({ key: `chat:${ID}`, value: 'Le bal du 14 juillet', updated_at: 1 });
    reportNetworkFailure();
    await queueAnswer(ID, { content: 'Le bal du 14 juillet', idempotencyKey: key });
    const [op] = await queued();
    expect(op).toMatchObject({ field: CHAT_OUTBOX_FIELD, baseUpdatedAt: null });

    const heard: DeliveredAnswer[] = [];
    const stop = onAnswerDelivered((d) => heard.push(d));
    registerChatAnswerSender();
    reportNetworkSuccess();
    await replayOutbox();
    stop();
    const [call] = net.callsTo(PATH);
    expect(call!.headers.get('Idempotency-Key')).toBe(key);
    expect(call!.headers.get('Idempotency-Key')).not.toBe(op!.opId);
    expect(JSON.parse(call!.body!)).toEqual({ content: 'Le bal du 14 juillet' });
    expect(heard).toEqual([
      { conversationId: ID, content: 'Le bal du 14 juillet', idempotencyKey: key, reply },
    ]);
    expect(await queued()).toEqual([]);
    expect(await db.drafts.get(`chat:${ID}`)).toBeUndefined();
    expect(await readAnswerKey(ID)).toBeNull();
  });

  it('keeps a newer answer that started meanwhile', async () => {
    mockFetch({ [PATH]: jsonReply(reply) });
    await answerKeyFor(ID);
    await db.drafts.put({ key: `chat:${ID}`, value: 'Une autre réponse', updated_at: 1 });
    await sendQueuedAnswer({
      opId: 'op',
      entity: CHAT_OUTBOX_ENTITY,
      entityId: ID,
      field: CHAT_OUTBOX_FIELD,
      payload: { content: 'La première', idempotencyKey: 'older-key' },
      baseUpdatedAt: null,
      createdAt: 1,
      attempts: 1,
      nextAttemptAt: 1,
      status: 'pending',
      lastError: null,
    });
    expect((await db.drafts.get(`chat:${ID}`))?.value).toBe('Une autre réponse');
    expect(await readAnswerKey(ID)).not.toBeNull();
  });

  it('leaves the answer queued while the network is down', async () => {
    mockFetch({ [PATH]: 'network-error', 'GET /healthz': 'network-error' });
    const listener = vi.fn();
    const stop = onAnswerDelivered(listener);
    registerChatAnswerSender();
    reportNetworkFailure();
    await queueAnswer(ID, { content: 'En attente', idempotencyKey: 'k1' });
    reportNetworkSuccess();
    await replayOutbox();
    stop();
    const [op] = await queued();
    expect(op).toMatchObject({
      status: 'pending',
      attempts: 1,
      payload: { content: 'En attente' },
    });
    expect(listener).not.toHaveBeenCalled();
  });
});

// The sound of an answer on the device: kept with the answer's key within a bound for everything
// waiting, queued after the answer reached the server (its reply names the person's message), uploaded
// once through the outbox — after a reload too, and after an answer that waited offline —, kept on
// network trouble, and dropped with a message, never the answer, when the server refuses it.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChapitresDb, db } from '../../../src/db/db';
import {
  CHAT_OUTBOX_ENTITY,
  queueAnswer,
  registerChatAnswerSender,
} from '../../../src/features/interview/answer-delivery';
import { answerKeyFor } from '../../../src/features/interview/answer-keys';
import {
  discardAnswerRecording,
  keepAnswerRecording,
  PENDING_RECORDINGS_MAX_BYTES,
  RECORDING_OUTBOX_ENTITY,
  sendRecordingAfterAnswer,
  sweepRecordings,
} from '../../../src/features/interview/recording/answer-recordings';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { replayOutbox } from '../../../src/offline/outbox';
import { resetToasts } from '../../../src/lib/toast';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs } from '../support/render-app';

const ID = '0b0c2f7e-0000-4000-8000-0000000000d1';
const MESSAGE = '0b0c2f7e-0000-4000-8000-0000000000e1';
const SEND = `POST /api/v1/conversations/${ID}/messages`;
const UPLOAD = `POST /api/v1/conversations/${ID}/messages/${MESSAGE}/recording`;
const reply = {
  id: 'r1',
  type: 'assistant' as const,
  content: 'Et ensuite ?',
  user_message_id: MESSAGE,
};
const uploaded = { url: '/files/x', mime_type: 'audio/webm', duration_ms: 4000 };

function sound(text = 'OggS-sound', type = 'audio/webm;codecs=opus', durationMs = 4000) {
  return { blob: new Blob([text], { type }), mimeType: type, durationMs };
}

/** The multipart bodies the page sent to `key`, read from the fetch stub. */
function formsSentTo(key: string): FormData[] {
  const [method, path] = key.split(' ');
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return url.pathname === path && (init?.method ?? 'GET') === method;
    })
    .map(([, init]) => init!.body as FormData);
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  reportNetworkSuccess();
  resetToasts();
  registerChatAnswerSender();
});

describe('keeping the sound of the answer', () => {
  it('keeps it with the answer key, replaces it for the same answer, and refuses past the bound', async () => {
    const key = await answerKeyFor(ID);
    expect(await keepAnswerRecording(ID, key, sound('un'))).toBe('kept');
    expect(await keepAnswerRecording(ID, key, sound('deux'))).toBe('kept');
    const row = await db.recordings.get(key);
    expect(row).toMatchObject({ conversationId: ID, size: 4, messageId: null, durationMs: 4000 });
    expect(new TextDecoder().decode(row!.bytes)).toBe('deux');

    // Other answers' sounds wait already, near the bound: this one is refused, nothing else changes.
    await db.recordings.put({
      answerKey: 'older',
      conversationId: 'other',
      bytes: new ArrayBuffer(8),
      mimeType: 'audio/webm',
      size: PENDING_RECORDINGS_MAX_BYTES - 3,
      durationMs: null,
      messageId: 'm-old',
      createdAt: 1,
    });
    expect(await keepAnswerRecording(ID, key, sound('quatre'))).toBe('full');
    expect(new TextDecoder().decode((await db.recordings.get(key))!.bytes)).toBe('deux');
  });

  it('drops the sound of an answer cleared before it was sent', async () => {
    const key = await answerKeyFor(ID);
    await keepAnswerRecording(ID, key, sound());
    await discardAnswerRecording(ID);
    expect(await db.recordings.count()).toBe(0);
  });
});

describe('sending the sound after the answer', () => {
  it('uploads it once to the person’s message, as multipart with its length, then forgets it', async () => {
    const net = mockFetch({ [UPLOAD]: jsonReply(uploaded, 201) });
    const key = await answerKeyFor(ID);
    await keepAnswerRecording(ID, key, sound());
    await sendRecordingAfterAnswer(ID, key, reply);
    await replayOutbox();
    // The answer delivered twice (a replay): the sound is not queued again.
    await sendRecordingAfterAnswer(ID, key, reply);
    await replayOutbox();
    expect(net.callsTo(UPLOAD)).toHaveLength(1);
    expect(net.callsTo(UPLOAD)[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    const [form] = formsSentTo(UPLOAD);
    expect(form!.get('duration_ms')).toBe('4000');
    const file = form!.get('file') as File;
    expect(await file.text()).toBe('OggS-sound');
    expect(await db.recordings.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('waits on network trouble, and goes when the connection is back, after a reload too', async () => {
    let online = false;
    const net = mockFetch({
      [UPLOAD]: () => (online ? jsonReply(uploaded, 201) : 'network-error'),
    });
    const key = await answerKeyFor(ID);
    await keepAnswerRecording(ID, key, sound());
    await sendRecordingAfterAnswer(ID, key, reply);
    await replayOutbox();
    expect(net.callsTo(UPLOAD)).toHaveLength(1);
    expect(await db.recordings.get(key)).toMatchObject({ messageId: MESSAGE });
    expect(
      await db.outbox.where('[entity+entityId]').equals([RECORDING_OUTBOX_ENTITY, ID]).count(),
    ).toBe(1);

    // What a reload finds: the same rows, read by a new connection to the database.
    const reopened = new ChapitresDb();
    await reopened.open();
    expect(await reopened.recordings.get(key)).toMatchObject({ size: 10, messageId: MESSAGE });
    expect(await reopened.outbox.count()).toBe(1);
    reopened.close();

    online = true;
    reportNetworkSuccess();
    await replayOutbox(undefined, { force: true });
    expect(net.callsTo(UPLOAD)).toHaveLength(2);
    expect(await db.recordings.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refused sound is dropped with a plain message; the answer is untouched', async () => {
    await resetApp();
    signInAs();
    mockFetch({
      'GET /api/v1/users/me': jsonReply({}),
      [UPLOAD]: errorReply(415, [{ type: 'invalid_audio_type', msg: 'Format non reconnu' }]),
    });
    renderApp('/login');
    const key = await answerKeyFor(ID);
    await keepAnswerRecording(ID, key, sound());
    await sendRecordingAfterAnswer(ID, key, reply);
    await replayOutbox();
    expect(await db.recordings.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(
      await screen.findByText(
        "Le son d'une réponse n'a pas pu être gardé. Le texte de la réponse est bien enregistré.",
      ),
    ).toBeTruthy();
  });

  it('an answer that waited offline takes its sound with it when it is delivered', async () => {
    let online = false;
    const net = mockFetch({
      [SEND]: () => (online ? jsonReply(reply) : 'network-error'),
      [UPLOAD]: jsonReply(uploaded, 201),
    });
    const key = await answerKeyFor(ID);
    await keepAnswerRecording(ID, key, sound());
    reportNetworkFailure();
    await queueAnswer(ID, { content: 'Le bal du 14 juillet', idempotencyKey: key });
    expect(
      await db.outbox.where('[entity+entityId]').equals([CHAT_OUTBOX_ENTITY, ID]).count(),
    ).toBe(1);
    expect(await db.recordings.get(key)).toMatchObject({ messageId: null });

    online = true;
    reportNetworkSuccess();
    await replayOutbox(undefined, { force: true });
    expect(net.callsTo(SEND)).toHaveLength(1);
    expect(net.callsTo(UPLOAD)).toHaveLength(1);
    expect(await db.recordings.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a server that does not name the message keeps no sound', async () => {
    const net = mockFetch({});
    const key = await answerKeyFor(ID);
    await keepAnswerRecording(ID, key, sound());
    await sendRecordingAfterAnswer(ID, key, { id: 'r1', type: 'assistant', content: 'Et ?' });
    await replayOutbox();
    expect(net.calls).toHaveLength(0);
    expect(await db.recordings.count()).toBe(0);
  });
});

describe('looking over the kept sounds (after a crash)', () => {
  it('queues the upload a crash missed and forgets sounds of answers no longer anywhere', async () => {
    const net = mockFetch({ [UPLOAD]: jsonReply(uploaded, 201) });
    const row = {
      conversationId: ID,
      bytes: new ArrayBuffer(4),
      mimeType: 'audio/webm',
      size: 4,
      durationMs: 1000,
      createdAt: 1,
    };
    const current = await answerKeyFor(ID);
    await db.recordings.bulkPut([
      { ...row, answerKey: 'delivered', messageId: MESSAGE },
      { ...row, answerKey: 'abandoned', messageId: null },
      { ...row, answerKey: current, messageId: null },
    ]);
    reportNetworkFailure();
    await sweepRecordings(CHAT_OUTBOX_ENTITY);
    expect((await db.recordings.toArray()).map((r) => r.answerKey).sort()).toEqual(
      [current, 'delivered'].sort(),
    );
    reportNetworkSuccess();
    await replayOutbox(undefined, { force: true });
    expect(net.callsTo(UPLOAD)).toHaveLength(1);
    expect((await db.recordings.toArray()).map((r) => r.answerKey)).toEqual([current]);
  });
});

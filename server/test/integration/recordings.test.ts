// The voice kept (issue 20): the profile's record_answers, the recording of a spoken answer uploaded after
// its message (types by content, size, length, the account's room, another person's message), served with
// the history by signed links, gone with the recording, the chapter and the account, in the data export;
// and the transcription call, with and without a transcription server.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { multipart, type Part } from '../support/multipart.ts';
import { aac, mp4, ogg, webm } from '../support/audio.ts';
import { makeWav, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { OpenAITranscriber } from '../../src/providers/transcriber/openai.ts';

type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

function expectError(response: Reply, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

const pagePath = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

function audioParts(
  data: Buffer,
  options: { contentType?: string; filename?: string; fields?: Record<string, string> } = {},
): Part[] {
  return [
    {
      name: 'file',
      filename: options.filename ?? 'answer.webm',
      contentType: options.contentType ?? 'audio/webm;codecs=opus',
      data,
    },
    ...Object.entries(options.fields ?? {}).map(([name, value]) => ({ name, value })),
  ];
}

function post(app: FastifyInstance, user: TestUser, url: string, parts: Part[]) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

async function setRecordAnswers(app: FastifyInstance, user: TestUser, value: boolean | null) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/users/me',
    headers: user.auth,
    payload: { record_answers: value },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A chapter with one answer of the person; the ids of the chapter, the answer and the reply. */
async function chapterWithAnswer(
  app: FastifyInstance,
  user: TestUser,
  content = 'Je suis née à Quimper en 1932.',
) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: user.auth,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const sent = await app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/messages`,
    headers: user.auth,
    payload: { content },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const reply = sent.json() as { id: string; user_message_id: string };
  return { id, messageId: reply.user_message_id, replyId: reply.id };
}

const recordingUrl = (chapter: string, message: string) =>
  `/api/v1/conversations/${chapter}/messages/${message}/recording`;

async function history(app: FastifyInstance, user: TestUser, chapter: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/conversations/${chapter}/messages`,
    headers: user.auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    id: string;
    type: string;
    recording?: { url: string; mime_type: string; duration_ms?: number };
  }[];
}

describe('recordings of spoken answers', () => {
  const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });

  it('record_answers is null until asked, then true or false, in users/me and through PATCH', async () => {
    const user = await createUser(ctx.app);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth });
    expect(me.json().record_answers).toBeNull();
    expect((await setRecordAnswers(ctx.app, user, true)).record_answers).toBe(true);
    expect((await setRecordAnswers(ctx.app, user, false)).record_answers).toBe(false);
    expect((await setRecordAnswers(ctx.app, user, null)).record_answers).toBeNull();
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: user.auth,
      payload: { record_answers: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a recording while the setting is not true', async () => {
    const user = await createUser(ctx.app);
    const chapter = await chapterWithAnswer(ctx.app, user);
    const url = recordingUrl(chapter.id, chapter.messageId);
    expectError(await post(ctx.app, user, url, audioParts(webm())), 409, 'recording_not_allowed');
    await setRecordAnswers(ctx.app, user, false);
    expectError(await post(ctx.app, user, url, audioParts(webm())), 409, 'recording_not_allowed');
    expect((await history(ctx.app, user, chapter.id)).some((m) => m.recording)).toBe(false);
  });

  it('keeps the recording beside its message, serves it by a signed link, and a replay replaces it', async () => {
    const user = await createUser(ctx.app);
    await setRecordAnswers(ctx.app, user, true);
    const chapter = await chapterWithAnswer(ctx.app, user);
    const url = recordingUrl(chapter.id, chapter.messageId);
    const sound = ogg(12_000);
    const first = await post(ctx.app, user, url, audioParts(sound, { contentType: 'audio/ogg' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ mime_type: 'audio/ogg', duration_ms: 12_000 });
    const file = await ctx.app.inject({ method: 'GET', url: pagePath(first.json().url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/ogg');
    expect(file.rawPayload.equals(sound)).toBe(true);

    const messages = await history(ctx.app, user, chapter.id);
    const answer = messages.find((m) => m.id === chapter.messageId)!;
    expect(answer.recording).toEqual(first.json());
    expect(messages.filter((m) => m.recording)).toHaveLength(1);

    // The outbox sends it again (same message): replaced, the older file gone.
    const again = await post(
      ctx.app,
      user,
      url,
      audioParts(webm({ durationMs: 9_000 }), { fields: { duration_ms: '8000' } }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ mime_type: 'audio/webm', duration_ms: 9_000 });
    expect(
      (await ctx.app.inject({ method: 'GET', url: pagePath(first.json().url) })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: pagePath(again.json().url) })).statusCode,
    ).toBe(200);

    // A WebM without a Duration (Chrome's) takes the length the app declared; Safari's MP4 and AAC too.
    const chrome = await post(
      ctx.app,
      user,
      url,
      audioParts(webm(), { fields: { duration_ms: '4200' } }),
    );
    expect(chrome.json()).toMatchObject({ mime_type: 'audio/webm', duration_ms: 4200 });
    const unknown = await post(ctx.app, user, url, audioParts(webm()));
    expect(unknown.json()).not.toHaveProperty('duration_ms');
    const safari = await post(
      ctx.app,
      user,
      url,
      audioParts(mp4(30_000), { contentType: 'audio/mp4' }),
    );
    expect(safari.json()).toMatchObject({ mime_type: 'audio/mp4', duration_ms: 30_000 });
    const adts = await post(ctx.app, user, url, audioParts(aac(50), { contentType: 'audio/aac' }));
    expect(adts.json()).toMatchObject({ mime_type: 'audio/aac' });

    // Deleting the recording alone.
    const removed = await ctx.app.inject({ method: 'DELETE', url, headers: user.auth });
    expect(removed.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: pagePath(adts.json().url) })).statusCode,
    ).toBe(404);
    expect((await history(ctx.app, user, chapter.id)).some((m) => m.recording)).toBe(false);
    expectError(
      await ctx.app.inject({ method: 'DELETE', url, headers: user.auth }),
      404,
      'not_found',
    );
  });

  it('checks the type by content, the size and the length', async () => {
    const user = await createUser(ctx.app);
    await setRecordAnswers(ctx.app, user, true);
    const chapter = await chapterWithAnswer(ctx.app, user);
    const url = recordingUrl(chapter.id, chapter.messageId);
    // Declared as WebM, but a WAV, a text, a Matroska video.
    for (const data of [
      makeWav(),
      Buffer.from('bonjour, ceci n’est pas un son'),
      webm({ docType: 'matroska' }),
    ]) {
      const response = await post(ctx.app, user, url, audioParts(data));
      expectError(response, 415, 'invalid_audio_type');
      expect(response.json().detail[0].loc).toEqual(['body', 'file']);
    }
    expectError(
      await post(ctx.app, user, url, audioParts(webm({ size: 10 * 1024 * 1024 + 1 }))),
      413,
      'recording_too_large',
    );
    expectError(
      await post(
        ctx.app,
        user,
        url,
        audioParts(mp4(10 * 60 * 1000 + 1), { contentType: 'audio/mp4' }),
      ),
      413,
      'recording_too_long',
    );
    expectError(
      await post(ctx.app, user, url, audioParts(webm(), { fields: { duration_ms: '700000' } })),
      413,
      'recording_too_long',
    );
    expectError(
      await post(ctx.app, user, url, audioParts(webm(), { fields: { duration_ms: 'long' } })),
      422,
      'validation_error',
    );
    const noFile = await post(ctx.app, user, url, [{ name: 'duration_ms', value: '1000' }]);
    expectError(noFile, 422, 'validation_error');
    expect(noFile.json().detail[0].loc).toEqual(['body', 'file']);
    const json = await ctx.app.inject({ method: 'POST', url, headers: user.auth, payload: {} });
    expectError(json, 422, 'validation_error');
    expect((await history(ctx.app, user, chapter.id)).some((m) => m.recording)).toBe(false);
  });

  it('answers 404 for another person’s message, the biographer’s, an unknown or malformed id', async () => {
    const owner = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    await setRecordAnswers(ctx.app, owner, true);
    await setRecordAnswers(ctx.app, other, true);
    const chapter = await chapterWithAnswer(ctx.app, owner);
    const otherChapter = await chapterWithAnswer(ctx.app, other);
    const sound = () => audioParts(ogg(1000));
    for (const url of [
      recordingUrl(chapter.id, chapter.messageId),
      recordingUrl(otherChapter.id, chapter.messageId),
    ])
      expectError(await post(ctx.app, other, url, sound()), 404, 'not_found');
    for (const url of [
      recordingUrl(chapter.id, chapter.replyId),
      recordingUrl(chapter.id, '00000000-0000-4000-8000-000000000000'),
      recordingUrl(chapter.id, 'not-a-uuid'),
      recordingUrl('not-a-uuid', chapter.messageId),
    ])
      expectError(await post(ctx.app, owner, url, sound()), 404, 'not_found');
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: recordingUrl(chapter.id, chapter.messageId),
        headers: other.auth,
      }),
      404,
      'not_found',
    );
  });

  it('goes with its chapter, and with the account', async () => {
    const user = await createUser(ctx.app);
    await setRecordAnswers(ctx.app, user, true);
    const kept = await chapterWithAnswer(ctx.app, user);
    const deleted = await chapterWithAnswer(ctx.app, user);
    const keptFile = (
      await post(ctx.app, user, recordingUrl(kept.id, kept.messageId), audioParts(ogg(1000)))
    ).json();
    const deletedFile = (
      await post(ctx.app, user, recordingUrl(deleted.id, deleted.messageId), audioParts(ogg(1000)))
    ).json();
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${deleted.id}`,
      headers: user.auth,
    });
    expect(gone.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: pagePath(deletedFile.url) })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: pagePath(keptFile.url) })).statusCode).toBe(
      200,
    );
    expect(await ctx.app.services.recordings.recordingsOf([deleted.messageId])).toEqual(new Map());

    const account = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: user.auth,
    });
    expect(account.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: pagePath(keptFile.url) })).statusCode).toBe(
      404,
    );
    expect(await ctx.app.services.recordings.recordingsOf([kept.messageId])).toEqual(new Map());
  });

  it(
    'puts the recordings in the data export, named after their place in the conversation',
    { timeout: 90_000 },
    async () => {
      const user = await createUser(ctx.app);
      await setRecordAnswers(ctx.app, user, true);
      const chapter = await chapterWithAnswer(ctx.app, user);
      const sound = ogg(5000);
      await post(ctx.app, user, recordingUrl(chapter.id, chapter.messageId), audioParts(sound));
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/v1/users/me/export',
            headers: user.auth,
          })
        ).statusCode,
      ).toBe(202);
      await ctx.app.services.queue.drain(60_000);
      const ready = (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/export', headers: user.auth })
      ).json();
      expect(ready.status).toBe('ready');
      const zip = await ctx.app.inject({ method: 'GET', url: pagePath(ready.url) });
      const files = unzipSync(new Uint8Array(zip.rawPayload));
      const folder = Object.keys(files)
        .find((name) => name.endsWith('/conversation.txt'))!
        .replace(/conversation\.txt$/, '');
      // The opening is message 1, the answer message 2.
      const audio = files[`${folder}enregistrements/002.ogg`];
      expect(audio).toBeDefined();
      expect(Buffer.from(audio!).equals(sound)).toBe(true);
      const conversation = strFromU8(files[`${folder}conversation.txt`]!);
      expect(conversation).toContain(
        'Vous : Je suis née à Quimper en 1932.\n[enregistrement : enregistrements/002.ogg]',
      );
      expect(strFromU8(files['LISEZ-MOI.txt']!)).toContain('enregistrements/');
    },
  );

  it('without a transcription server, says so in the config and answers 501 transcription_unavailable', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
    expect(config.features.transcription).toBe('none');
    expect(config.limits).toMatchObject({
      recording_max_bytes: 10 * 1024 * 1024,
      recording_max_ms: 600_000,
    });
    const user = await createUser(ctx.app);
    expectError(
      await post(ctx.app, user, '/api/v1/transcriptions', audioParts(webm())),
      501,
      'transcription_unavailable',
    );
  });
});

describe('the account’s room for recordings', () => {
  const ctx = useTestApp({
    env: { FREE_CHAPTERS: '1000' },
    deps: { recordingsMaxBytesPerAccount: 10_000 },
  });

  it('counts every recording of the account, a replacement counting once', async () => {
    const user = await createUser(ctx.app);
    await setRecordAnswers(ctx.app, user, true);
    const a = await chapterWithAnswer(ctx.app, user);
    const b = await chapterWithAnswer(ctx.app, user);
    const urlA = recordingUrl(a.id, a.messageId);
    const urlB = recordingUrl(b.id, b.messageId);
    expect((await post(ctx.app, user, urlA, audioParts(ogg(1000, 6000)))).statusCode).toBe(201);
    // Replacing A by a file of the same size fits (A's own bytes are not counted twice).
    expect((await post(ctx.app, user, urlA, audioParts(ogg(1000, 6000)))).statusCode).toBe(200);
    expectError(
      await post(ctx.app, user, urlB, audioParts(ogg(1000, 5000))),
      409,
      'recording_quota_reached',
    );
    expect((await post(ctx.app, user, urlB, audioParts(ogg(1000, 4000)))).statusCode).toBe(201);
    // Another person has their own room.
    const other = await createUser(ctx.app);
    await setRecordAnswers(ctx.app, other, true);
    const c = await chapterWithAnswer(ctx.app, other);
    expect(
      (await post(ctx.app, other, recordingUrl(c.id, c.messageId), audioParts(ogg(1000, 6000))))
        .statusCode,
    ).toBe(201);
    // Deleting one gives its room back.
    await ctx.app.inject({ method: 'DELETE', url: urlA, headers: user.auth });
    expect((await post(ctx.app, user, urlA, audioParts(ogg(1000, 5000)))).statusCode).toBe(201);
  });

  it('holds under simultaneous uploads: of two that each fit but not together, one is kept', async () => {
    const user = await createUser(ctx.app);
    await setRecordAnswers(ctx.app, user, true);
    const a = await chapterWithAnswer(ctx.app, user);
    const b = await chapterWithAnswer(ctx.app, user);
    const answers = await Promise.all([
      post(ctx.app, user, recordingUrl(a.id, a.messageId), audioParts(ogg(1000, 6000))),
      post(ctx.app, user, recordingUrl(b.id, b.messageId), audioParts(ogg(1000, 6000))),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const kept = answers.find((r) => r.statusCode === 201)!.json();
    expect((await ctx.app.inject({ method: 'GET', url: pagePath(kept.url) })).statusCode).toBe(200);
  });
});

describe('transcription with a transcription server', () => {
  let fake: FakeOpenAI;
  const deps: { transcriber?: OpenAITranscriber } = {};
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    deps.transcriber = new OpenAITranscriber({
      baseUrl: fake.url,
      model: 'whisper-1',
      timeoutMs: 2000,
      retryBaseMs: 10,
    });
  });
  afterAll(async () => {
    await fake.close();
  });
  const ctx = useTestApp({
    deps: {
      get transcriber() {
        return deps.transcriber;
      },
    },
  });

  it('announces it, and answers the text in the person’s language (or the one asked)', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
    expect(config.features.transcription).toBe('openai');
    const user = await createUser(ctx.app, { current_language: 'en-US' });
    fake.script.transcriptions({ content: ' I was born in Leeds. ' }, { content: 'Je suis née.' });
    const first = await post(ctx.app, user, '/api/v1/transcriptions', audioParts(webm()));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ text: 'I was born in Leeds.' });
    const second = await post(
      ctx.app,
      user,
      '/api/v1/transcriptions',
      audioParts(mp4(3000), { contentType: 'audio/mp4', fields: { language: 'fr' } }),
    );
    expect(second.json()).toEqual({ text: 'Je suis née.' });
    const [a, b] = fake.requestsTo('transcriptions');
    expect(a!.form).toMatchObject({ language: 'en', model: 'whisper-1' });
    expect(b!.form).toMatchObject({ language: 'fr' });
    expect(b!.files![0]).toMatchObject({ type: 'audio/mp4', filename: 'answer.m4a' });
    // No setting is needed: nothing is kept.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth });
    expect(me.json().record_answers).toBeNull();
  });

  it('silence, a wrong format, too large, a failing server, and no token', async () => {
    const user = await createUser(ctx.app);
    fake.script.reset();
    fake.script.transcriptions({ content: '' }, { content: ' … ' });
    expectError(
      await post(ctx.app, user, '/api/v1/transcriptions', audioParts(webm())),
      422,
      'no_speech',
    );
    expectError(
      await post(ctx.app, user, '/api/v1/transcriptions', audioParts(webm())),
      422,
      'no_speech',
    );
    expectError(
      await post(ctx.app, user, '/api/v1/transcriptions', audioParts(makeWav())),
      415,
      'invalid_audio_type',
    );
    expectError(
      await post(
        ctx.app,
        user,
        '/api/v1/transcriptions',
        audioParts(webm({ size: 10 * 1024 * 1024 + 1 })),
      ),
      413,
      'recording_too_large',
    );
    fake.script.transcriptions({ status: 500 }, { status: 502 });
    expectError(
      await post(ctx.app, user, '/api/v1/transcriptions', audioParts(webm())),
      503,
      'transcription_failed',
    );
    const anonymous = multipart(audioParts(webm()));
    const guest = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/transcriptions',
      headers: anonymous.headers,
      payload: anonymous.payload,
    });
    expectError(guest, 401, 'not_authenticated');
    expect(fake.requestsTo('transcriptions')).toHaveLength(4);
  });
});

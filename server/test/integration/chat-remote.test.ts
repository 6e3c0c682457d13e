// The chat against a model server and a speech server speaking the OpenAI protocol (a local fake): a server
// that times out or answers garbage is a 503 with the person's message kept, a retry with the same
// Idempotency-Key answers it once; the latest reply's audio is synthesised once, cached, and renewed.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { makeWav, startFakeOpenAI } from '../support/fake-openai.ts';
import { createInterviewer } from '../../src/providers/interviewer/index.ts';
import { createVoiceProvider } from '../../src/providers/voice/index.ts';

const fake = await startFakeOpenAI();
const interviewer = createInterviewer({
  openaiBaseUrl: fake.url,
  openaiApiKey: 'test',
  timeoutMs: 1500,
  maxRetries: 0,
});
const voice = createVoiceProvider({
  openaiBaseUrl: fake.url,
  openaiApiKey: 'test',
  timeoutMs: 1500,
});
const ctx = useTestApp({ env: { FREE_CHAPTERS: '100' }, deps: { interviewer, voice } });
afterAll(async () => {
  await voice.close();
  await fake.close();
});

function expectError(
  response: { statusCode: number; body: string; json(): { detail: { type: string }[] } },
  status: number,
  type: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

async function newChapter(user: TestUser): Promise<string> {
  fake.script.chat({ content: 'Bonjour ! Où êtes-vous né ?' });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function send(user: TestUser, id: string, content: string, key?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/messages`,
    headers: { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { content },
  });
}

async function history(user: TestUser, id: string) {
  return (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}/messages`,
      headers: user.auth,
    })
  ).json() as { data: { type: string; content: string }[]; count: number };
}

function audio(user: TestUser, id: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/conversations/${id}/messages/assistant-latest/audio`,
    headers: user.auth,
  });
}

describe('a failing model server', () => {
  it('answers 503 ai_unavailable on a timeout and keeps the message; the same key later answers once', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    fake.script.chat({ hang: true });
    const failed = await send(user, id, 'Je suis né à Brest.', 'turn-1');
    expectError(failed, 503, 'ai_unavailable');
    expect((await history(user, id)).data.map((m) => [m.type, m.content])).toEqual([
      ['assistant', 'Bonjour ! Où êtes-vous né ?'],
      ['user', 'Je suis né à Brest.'],
    ]);
    fake.script.chat({ content: 'Brest ! Que voyiez-vous de votre fenêtre ?' });
    const retried = await send(user, id, 'Je suis né à Brest.', 'turn-1');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().content).toBe('Brest ! Que voyiez-vous de votre fenêtre ?');
    const again = await send(user, id, 'Je suis né à Brest.', 'turn-1');
    expect(again.json()).toEqual(retried.json());
    expect((await history(user, id)).data.map((m) => m.type)).toEqual([
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('answers 503 on garbage, an error status or a dropped connection, keeping every message', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    const failures = [
      { raw: '{"choices": [' },
      { content: '!!!! ??? ####' },
      { status: 500 },
      { drop: true },
    ];
    for (const [i, failure] of failures.entries()) {
      fake.script.chat(failure);
      expectError(await send(user, id, `Souvenir numéro ${i}`), 503, 'ai_unavailable');
    }
    const all = await history(user, id);
    expect(all.data.filter((m) => m.type === 'user').map((m) => m.content)).toEqual([
      'Souvenir numéro 0',
      'Souvenir numéro 1',
      'Souvenir numéro 2',
      'Souvenir numéro 3',
    ]);
  });

  it('creates no chapter and spends no free chapter when the opening fails', async () => {
    const user = await createUser(ctx.app);
    fake.script.chat({ status: 503 });
    expectError(
      await ctx.app.inject({ method: 'POST', url: '/api/v1/conversations', headers: user.auth }),
      503,
      'ai_unavailable',
    );
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/conversations',
      headers: user.auth,
    });
    expect(list.json().count).toBe(0);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth });
    expect(me.json().free_chapters_allowed).toBe(100);
  });
});

describe('the latest reply as audio', () => {
  it('synthesises once, serves the cache, and renews it after a newer reply', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    const before = fake.requestsTo('speech').length;
    const wav = makeWav(0.5);
    fake.script.speech({ raw: wav, contentType: 'audio/wav' });
    const first = await audio(user, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('audio/wav');
    expect(first.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const [second, third] = await Promise.all([audio(user, id), audio(user, id)]);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
    const speech = fake.requestsTo('speech').slice(before);
    expect(speech).toHaveLength(1);
    expect(JSON.stringify(speech[0]!.json)).toContain('Où êtes-vous né');

    fake.script.chat({ content: 'Et votre maison, comment était-elle ?' });
    expect((await send(user, id, 'À Quimper.')).statusCode).toBe(200);
    const renewed = await audio(user, id);
    expect(renewed.statusCode).toBe(200);
    const after = fake.requestsTo('speech').slice(before);
    expect(after).toHaveLength(2);
    expect(JSON.stringify(after[1]!.json)).toContain('votre maison');
  });

  it('answers 503 voice_unavailable when the speech server fails, then works once it is back', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    fake.script.speech({ status: 500 }, { status: 500 }, { status: 500 });
    expectError(await audio(user, id), 503, 'voice_unavailable');
    fake.script.reset();
    const ok = await audio(user, id);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

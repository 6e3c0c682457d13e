// The voice kept (issue 20) — listening: a shared chapter's public page plays the recorded answers, each
// under its question, only when the person chose it (PATCH …/share, off by default and again after a new
// share); the links are the storage's signed links and play; revoking the share takes the page away (404).
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';
import { ogg, webm } from '../support/audio.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });
type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

function expectError(response: Reply, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

const pagePath = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
const shareUrl = (id: string) => `/api/v1/conversations/${id}/share`;

function share(user: TestUser, id: string, method: 'POST' | 'GET' | 'DELETE' = 'POST') {
  return ctx.app.inject({ method, url: shareUrl(id), headers: user.auth });
}

function setVoice(user: TestUser, id: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PATCH', url: shareUrl(id), headers: user.auth, payload });
}

async function messages(user: TestUser, id: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/conversations/${id}/messages`,
    headers: user.auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: string; type: string; content: string }[];
}

/** A chapter with two spoken answers kept (Ogg of 12 s, WebM of 65 s) and one typed answer. */
async function recordedChapter(user: TestUser) {
  const consent = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/me',
    headers: user.auth,
    payload: { record_answers: true },
  });
  expect(consent.statusCode, consent.body).toBe(200);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: user.auth,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const sounds = [
    { data: ogg(12_000), contentType: 'audio/ogg', filename: 'a.ogg' },
    null,
    { data: webm({ durationMs: 65_000 }), contentType: 'audio/webm', filename: 'b.webm' },
  ];
  const answers = [
    'Je suis née à Quimper en 1932.',
    'Mon père était marin.',
    'Nous allions à la plage le dimanche.',
  ];
  for (const [index, content] of answers.entries()) {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages`,
      headers: user.auth,
      payload: { content },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sound = sounds[index];
    if (!sound) continue;
    const body = multipart([{ name: 'file', ...sound }]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages/${sent.json().user_message_id}/recording`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  }
  return id;
}

/** The question asked just before each answer, from the history. */
function questionsBefore(history: { type: string; content: string }[], answers: string[]) {
  return answers.map((answer) => {
    const at = history.findIndex((m) => m.type === 'user' && m.content === answer);
    return history.slice(0, at).findLast((m) => m.type === 'assistant')!.content;
  });
}

function audioSources(html: string): { src: string; type: string }[] {
  return [...html.matchAll(/<source src="([^"]+)" type="([^"]+)">/g)].map((m) => ({
    src: m[1]!.replaceAll('&amp;', '&'),
    type: m[2]!,
  }));
}

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('"', '&quot;');

describe('the voice on the public story page', () => {
  it('is left out unless chosen, then played under its questions by signed links', async () => {
    const user = await createUser(ctx.app);
    const id = await recordedChapter(user);

    // Off by default: the link says so and counts the recordings the voice would add.
    const created = await share(user, id);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ include_voice: false, recording_count: 2 });
    const page = pagePath(created.json().url as string);
    const silent = await ctx.app.inject({ method: 'GET', url: page });
    expect(silent.statusCode).toBe(200);
    expect(silent.body).not.toContain('<audio');
    expect(silent.body).not.toContain('/files/');
    expect(silent.body).not.toContain('Sa voix');

    // Chosen: the same link, now with the voice; GET and a second POST keep the choice.
    const chosen = await setVoice(user, id, { include_voice: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      url: created.json().url,
      include_voice: true,
      recording_count: 2,
    });
    expect((await share(user, id, 'GET')).json().include_voice).toBe(true);
    expect((await share(user, id)).json().include_voice).toBe(true);

    const voiced = await ctx.app.inject({ method: 'GET', url: page });
    expect(voiced.statusCode).toBe(200);
    expect(voiced.headers['cache-control']).toBe('no-store');
    expect(voiced.body).toContain('<h2 id="voice-title">Sa voix</h2>');
    expect(voiced.body).not.toContain('<script');
    const sources = audioSources(voiced.body);
    expect(sources.map((s) => s.type)).toEqual(['audio/ogg', 'audio/webm']);
    expect((voiced.body.match(/<audio controls preload="none"/g) ?? []).length).toBe(2);
    // Each answer under the question asked just before it, in the conversation's order.
    const [first, second] = questionsBefore(await messages(user, id), [
      'Je suis née à Quimper en 1932.',
      'Nous allions à la plage le dimanche.',
    ]);
    const firstAt = voiced.body.indexOf(escape(first!));
    const secondAt = voiced.body.indexOf(escape(second!), firstAt + 1);
    expect(firstAt).toBeGreaterThan(voiced.body.indexOf('Sa voix'));
    expect(firstAt).toBeLessThan(voiced.body.indexOf(sources[0]!.src.replaceAll('&', '&amp;')));
    expect(secondAt).toBeGreaterThan(voiced.body.indexOf(sources[0]!.src.replaceAll('&', '&amp;')));
    expect(secondAt).toBeLessThan(voiced.body.indexOf(sources[1]!.src.replaceAll('&', '&amp;')));
    expect(voiced.body).toContain(`aria-label="Réponse à : ${escape(first!)}"`);
    expect(voiced.body).toContain('durée 0:12');
    expect(voiced.body).toContain('durée 1:05');
    // The typed answer has no sound: nothing for it, and no answer's text is added to the page.
    expect(voiced.body).not.toContain('Mon père était marin.');
    expect(voiced.body).not.toContain('Je suis née à Quimper');

    // The links are signed, expiring and play without any token.
    for (const source of sources) {
      expect(source.src).toMatch(/^\/files\/.+\?expires=\d+&signature=[\w-]+$/);
      const file = await ctx.app.inject({ method: 'GET', url: source.src });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(source.type);
      expect(file.rawPayload.length).toBeGreaterThan(1000);
      const unsigned = await ctx.app.inject({ method: 'GET', url: source.src.split('?')[0]! });
      expect(unsigned.statusCode).toBe(404);
    }

    // Chosen off again: the voice leaves the page.
    expect((await setVoice(user, id, { include_voice: false })).json().include_voice).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: page })).body).not.toContain('<audio');

    // Revoked: the page is gone, whatever was chosen; a new share starts without the voice.
    await setVoice(user, id, { include_voice: true });
    expect((await share(user, id, 'DELETE')).statusCode).toBe(200);
    const gone = await ctx.app.inject({ method: 'GET', url: page });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('<audio');
    expectError(await setVoice(user, id, { include_voice: true }), 404, 'not_found');
    const again = await share(user, id);
    expect(again.json()).toMatchObject({ include_voice: false, recording_count: 2 });
    expect(again.json().url).not.toBe(created.json().url);
    expect(
      (await ctx.app.inject({ method: 'GET', url: pagePath(again.json().url) })).body,
    ).not.toContain('<audio');
  });

  it('says nothing of the voice for a chapter without recordings, even when chosen', async () => {
    const user = await createUser(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: user.auth,
    });
    const id = created.json().id as string;
    const link = await share(user, id);
    expect(link.json()).toMatchObject({ include_voice: false, recording_count: 0 });
    expect((await setVoice(user, id, { include_voice: true })).json().include_voice).toBe(true);
    const page = await ctx.app.inject({ method: 'GET', url: pagePath(link.json().url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<audio');
    expect(page.body).not.toContain('Sa voix');
  });

  it('is chosen only by the owner, with a plain yes or no', async () => {
    const owner = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const id = await recordedChapter(owner);
    expectError(await setVoice(owner, id, { include_voice: true }), 404, 'not_found');
    await share(owner, id);
    expectError(await setVoice(other, id, { include_voice: true }), 404, 'not_found');
    expect((await share(owner, id, 'GET')).json().include_voice).toBe(false);
    expectError(await setVoice(owner, 'not-a-uuid', { include_voice: true }), 404, 'not_found');
    for (const payload of [{}, { include_voice: 'yes' }, { include_voice: true, extra: 1 }]) {
      const bad = await setVoice(owner, id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: shareUrl(id),
      payload: { include_voice: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await share(owner, id, 'GET')).json().include_voice).toBe(false);
  });
});

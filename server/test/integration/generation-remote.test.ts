// The chapter generation against a model server and an image server speaking the OpenAI protocol (a local
// fake): the answer is stored as given, an unfaithful text is regenerated once and then flagged in
// `summary_infos.warnings`, and a server that is down is a 503 that changes nothing.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { startFakeOpenAI, TINY_PNG_BASE64 } from '../support/fake-openai.ts';
import { createWriter } from '../../src/providers/writer/index.ts';
import { createIllustrator } from '../../src/providers/illustrator/index.ts';

const fake = await startFakeOpenAI();
const writer = createWriter({
  openaiBaseUrl: fake.url,
  openaiApiKey: 'test',
  openaiModel: 'ecrivain-test',
  timeoutMs: 1500,
  maxRetries: 0,
});
const illustrator = createIllustrator({
  openaiBaseUrl: fake.url,
  openaiApiKey: 'test',
  openaiImageModel: 'peintre-test',
  timeoutMs: 1500,
  maxRetries: 0,
});
const ctx = useTestApp({ env: { FREE_CHAPTERS: '100' }, deps: { writer, illustrator } });
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.script.reset());

const ANSWER =
  'Je suis née en 1941 à Quimper, dans une petite maison de pêcheur. Ma grand-mère Louise faisait des crêpes.';

async function chapterWithStory(): Promise<{ user: TestUser; id: string }> {
  const user = await createUser(ctx.app, { full_name: 'Jeanne Le Bihan' });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: user.auth,
  });
  const id = created.json().id;
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/messages`,
    headers: user.auth,
    payload: { content: ANSWER },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { user, id };
}

function generate(user: TestUser, id: string, query: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/generate?${query}`,
    headers: user.auth,
  });
}

const reply = (value: unknown) => ({ content: JSON.stringify(value) });

describe('generation with a model server', () => {
  it('stores the title, keywords and text the model wrote, and its picture', async () => {
    const { user, id } = await chapterWithStory();
    fake.script.chat(
      reply({
        title: 'La maison de Quimper',
        keywords: ['Quimper', 'Louise', 'crêpes'],
        summary: 'Je suis née en 1941 à Quimper. Ma grand-mère Louise faisait des crêpes.',
      }),
    );
    fake.script.images({ json: { data: [{ b64_json: TINY_PNG_BASE64 }] } });
    const response = await generate(
      user,
      id,
      'do_title=true&do_keywords=true&do_summary=true&do_image=true',
    );
    expect(response.statusCode, response.body).toBe(200);
    const chapter = response.json();
    expect(chapter.title_infos.title).toBe('La maison de Quimper');
    expect(chapter.keywords_infos.keywords).toEqual(['Quimper', 'Louise', 'crêpes']);
    expect(chapter.summary_infos.summary).toContain('Quimper');
    expect(chapter.summary_infos.warnings).toEqual([]);
    expect(chapter.images).toHaveLength(1);
    // The transcript went to the model; the picture was asked of the image model.
    expect(JSON.stringify(fake.requestsTo('chat')[0]!.json.messages)).toContain('Louise');
    expect(fake.requestsTo('images')[0]!.json.model).toBe('peintre-test');
  });

  it('regenerates an unfaithful text once, then stores it flagged', async () => {
    const { user, id } = await chapterWithStory();
    const invented = {
      title: 'Quimper',
      keywords: ['Quimper'],
      summary: 'Je suis née en 1941 à Quimper. En 1950, nous sommes partis à Marseille.',
    };
    fake.script.chat(reply(invented), reply(invented));
    const response = await generate(user, id, 'do_summary=true');
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.requestsTo('chat')).toHaveLength(2);
    const [warning] = response.json().summary_infos.warnings;
    expect(warning).toMatch(/^unfaithful:/);
    expect(warning).toContain('Marseille');
    // The flag belongs to that version: a hand-corrected text carries none.
    const corrected = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
      payload: { summary: 'Je suis née en 1941 à Quimper.' },
    });
    expect(corrected.json().summary_infos.warnings).toEqual([]);
    const undo = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}/summaries?action=undo`,
      headers: user.auth,
    });
    expect(undo.json().summary_infos.warnings).toEqual([warning]);
  });

  it('answers 503 ai_unavailable when the model server fails, and changes nothing', async () => {
    const { user, id } = await chapterWithStory();
    fake.script.chat({ status: 500 });
    const response = await generate(user, id, 'do_title=true&do_summary=true');
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().detail[0].type).toBe('ai_unavailable');
    const chapter = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
    });
    expect(chapter.json()).toMatchObject({
      title_infos: { title: null },
      summary_infos: { summary: null },
    });
    // The chapter is free again.
    fake.script.chat(reply({ title: 'Quimper' }));
    expect((await generate(user, id, 'do_title=true')).statusCode).toBe(200);
  });

  it('answers 503 when the image server is down, keeping the text written before', async () => {
    const { user, id } = await chapterWithStory();
    fake.script.chat(reply({ title: 'Quimper' }));
    fake.script.images({ status: 500 });
    const response = await generate(user, id, 'do_title=true&do_image=true');
    expect(response.statusCode, response.body).toBe(503);
    const chapter = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
    });
    expect(chapter.json().title_infos.title).toBe('Quimper');
    expect(chapter.json().images).toEqual([]);
  });
});

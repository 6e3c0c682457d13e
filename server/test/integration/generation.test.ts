// The chapter generation end to end through HTTP with the embedded writer and illustrator: title, keywords,
// the text told from the person's answers (first and third person, styles, comments), a picture, summary
// versions with undo/redo, one generation per chapter at a time, and the bad input of api.md.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { conversations, summaryVersions } from '../../src/db/schema/index.ts';
import { EmbeddedWriter } from '../../src/providers/writer/embedded.ts';
import {
  WriterUnavailableError,
  type Writer,
  type WriterInput,
  type BookSuggestionInput,
} from '../../src/providers/writer/types.ts';

/** The embedded writer, held at a gate when asked to, or failing like a model server that is down. */
class ControlledWriter implements Writer {
  readonly kind = 'embedded' as const;
  private readonly inner = new EmbeddedWriter();
  gate: Promise<void> | null = null;
  failing = false;
  calls: WriterInput[] = [];

  async write(input: WriterInput) {
    this.calls.push(input);
    if (this.gate) await this.gate;
    if (this.failing) throw new WriterUnavailableError('model server down');
    return this.inner.write(input);
  }

  suggestBook(input: BookSuggestionInput) {
    return this.inner.suggestBook(input);
  }
}

const writer = new ControlledWriter();
const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' }, deps: { writer } });

type Reply = Awaited<ReturnType<typeof ctx.app.inject>>;

function expectError(response: Reply, status: number, type: string, loc?: unknown[]) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
  if (loc) expect(response.json().detail[0].loc).toEqual(loc);
}

const ANSWERS = [
  "Alors euh je suis née en 1938 à Lyon, dans le quartier de la Croix-Rousse, au-dessus de l'atelier de mon père qui était canut.",
  "Ma mère s'appelait Odette, elle faisait des bugnes pour mardi gras et toute la rue sentait le sucre.",
  "À l'école, la maîtresse Madame Perrin nous faisait réciter des poèmes, j'aimais beaucoup Victor Hugo.",
  "Le dimanche on descendait les pentes jusqu'à la Saône avec mon frère Marcel pour regarder les péniches.",
];

async function newChapter(user: TestUser): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function tell(user: TestUser, id: string, answers = ANSWERS) {
  for (const content of answers) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages`,
      headers: user.auth,
      payload: { content },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

function generate(
  user: TestUser,
  id: string,
  query: string,
  payload?: Record<string, unknown> | string,
): Promise<Reply> {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/generate?${query}`,
    headers: user.auth,
    ...(payload === undefined ? {} : { payload }),
  });
}

const ALL = 'do_title=true&do_keywords=true&do_image=true&do_summary=true';

async function chapterWithStory(name = 'Jeanne Martin') {
  const user = await createUser(ctx.app, { full_name: name });
  const id = await newChapter(user);
  await tell(user, id);
  return { user, id };
}

/** The text without French typography's no-break spaces and curly apostrophes. */
const plain = (text: string) => text.replace(/[\u00A0\u202F]/g, ' ').replace(/’/g, "'");

describe('generating a chapter', () => {
  it('writes the title, keywords, a faithful text and a picture from the answers', async () => {
    const { user, id } = await chapterWithStory();
    const response = await generate(user, id, ALL);
    expect(response.statusCode, response.body).toBe(200);
    const chapter = response.json();
    expect(chapter.id).toBe(id);
    expect(chapter.title_infos.title).toBeTruthy();
    expect(chapter.keywords_infos.keywords.length).toBeGreaterThan(0);
    const summary = plain(chapter.summary_infos.summary);
    // The person's own facts, cleaned of fillers, in the first person.
    for (const fact of ['1938', 'Lyon', 'Croix-Rousse', 'Odette', 'Perrin', 'Marcel', 'Saône'])
      expect(summary).toContain(fact);
    expect(summary).not.toMatch(/\beuh\b/i);
    expect(summary).toMatch(/\bje\b|\bj'/i);
    // Nothing the person did not say: every name (a capital inside a sentence) and number is theirs.
    const told = ANSWERS.join(' ').toLowerCase();
    for (const sentence of summary.split(/(?<=[.!?»])\s+/)) {
      const inner = sentence.replace(/^[«\s]*\S+/, '');
      for (const name of inner.match(/\b\p{Lu}[\p{L}-]+|\d+/gu) ?? [])
        expect(told, `"${name}" in "${sentence}"`).toContain(name.toLowerCase());
    }
    expect(chapter.summary_infos.allowed_actions).toEqual([]);
    expect(chapter.summary_infos.warnings).toEqual([]);
    // One picture, served at its URL.
    expect(chapter.images).toHaveLength(1);
    expect(chapter.images[0]).toMatchObject({ position: 1, legend: null });
    const picture = await ctx.app.inject({
      method: 'GET',
      url:
        new URL(chapter.images[0].url, 'http://localhost').pathname +
        new URL(chapter.images[0].url, 'http://localhost').search,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    // What the reader sees next time is the same.
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
    });
    expect(again.json()).toMatchObject({
      title_infos: chapter.title_infos,
      keywords_infos: chapter.keywords_infos,
      summary_infos: chapter.summary_infos,
    });
  });

  it('runs only the asked products', async () => {
    const { user, id } = await chapterWithStory();
    const titled = await generate(user, id, 'do_title=true');
    expect(titled.statusCode, titled.body).toBe(200);
    expect(titled.json().title_infos.title).toBeTruthy();
    expect(titled.json().summary_infos.summary).toBeNull();
    expect(titled.json().keywords_infos.keywords).toEqual([]);
    expect(titled.json().images).toEqual([]);
    const nothing = await generate(user, id, '');
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().title_infos).toEqual(titled.json().title_infos);
  });

  it('tells the story in the third person with a style and a comment, as a new version', async () => {
    const { user, id } = await chapterWithStory('Jeanne Martin');
    const first = await generate(user, id, 'do_summary=true');
    expect(first.statusCode, first.body).toBe(200);
    const instructions =
      'Générer un résumé avec style & ton "chaleureux-amical" et perspective troisieme. ' +
      'Commentaire supplémentaire : Parlez surtout de la Saône';
    const second = await generate(user, id, 'do_summary=true', {
      summary_kwargs: { user_instructions: instructions, use_previous_summary: false },
    });
    expect(second.statusCode, second.body).toBe(200);
    const text = plain(second.json().summary_infos.summary);
    expect(text).toContain('Jeanne');
    expect(text).toContain('1938');
    expect(text).not.toMatch(/\bje suis née\b/i);
    expect(second.json().summary_infos.allowed_actions).toEqual(['undo']);
    expect(writer.calls.at(-1)!.options).toMatchObject({
      style: 'chaleureux-amical',
      perspective: 'troisieme',
      comment: 'Parlez surtout de la Saône',
      usePreviousSummary: false,
    });
    // Undo brings the first text back, redo the third-person one.
    const undo = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}/summaries?action=undo`,
      headers: user.auth,
    });
    expect(undo.json().summary_infos.summary).toBe(first.json().summary_infos.summary);
    expect(undo.json().summary_infos.allowed_actions).toEqual(['redo']);
    const redo = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}/summaries?action=redo`,
      headers: user.auth,
    });
    expect(redo.json().summary_infos.summary).toBe(second.json().summary_infos.summary);
  });

  it('keeps what the person corrected by hand when asked to reuse the text', async () => {
    const { user, id } = await chapterWithStory();
    const first = (await generate(user, id, 'do_summary=true')).json();
    const corrected = `${first.summary_infos.summary}\n\nMon père s'appelait Antoine.`;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
      payload: { summary: corrected },
    });
    await tell(user, id, ['Plus tard, en 1956, je suis entrée aux PTT comme téléphoniste.']);
    const next = await generate(user, id, 'do_summary=true', {
      summary_kwargs: { user_instructions: 'Générer un résumé', use_previous_summary: true },
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(writer.calls.at(-1)!.previousSummary).toBe(corrected);
    expect(plain(next.json().summary_infos.summary)).toContain('Antoine');
    expect(next.json().summary_infos.allowed_actions).toEqual(['undo']);
    const versions = await ctx.database.db
      .select()
      .from(summaryVersions)
      .where(eq(summaryVersions.conversationId, id));
    expect(versions).toHaveLength(3);
  });

  // Issue 29 #9: with « Partir du texte actuel » ticked, a new point of view used to be ignored and the
  // note said nothing new was told.
  it('applies a new point of view to the kept text, her corrections included', async () => {
    const { user, id } = await chapterWithStory();
    const first = (await generate(user, id, 'do_summary=true')).json();
    const corrected = `${first.summary_infos.summary}\n\nMon père s'appelait Antoine.`;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
      payload: { summary: corrected },
    });
    const next = await generate(user, id, 'do_summary=true', {
      summary_kwargs: {
        user_instructions: 'Générer un résumé avec perspective troisieme',
        use_previous_summary: true,
      },
    });
    expect(next.statusCode, next.body).toBe(200);
    const text = plain(next.json().summary_infos.summary);
    expect(text).not.toBe(plain(corrected));
    expect(text).toContain('Antoine');
    expect(text).not.toMatch(/Mon père s'appelait/);
    expect(next.json().summary_infos.warnings).not.toContain('no_new_content');

    // Nothing asked and nothing new told: then, and only then, the note says so.
    const same = await generate(user, id, 'do_summary=true', {
      summary_kwargs: { user_instructions: 'Générer un résumé', use_previous_summary: true },
    });
    expect(same.json().summary_infos.summary).toBe(next.json().summary_infos.summary);
    expect(same.json().summary_infos.warnings).toContain('no_new_content');
  });

  it('adds a picture until the chapter holds five', async () => {
    const { user, id } = await chapterWithStory();
    for (let i = 0; i < 4; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/images`,
        headers: user.auth,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const fifth = await generate(user, id, 'do_image=true');
    expect(fifth.statusCode, fifth.body).toBe(200);
    expect(fifth.json().images).toHaveLength(5);
    const sixth = await generate(user, id, 'do_image=true&do_title=true');
    expect(sixth.statusCode, sixth.body).toBe(200);
    expect(sixth.json().images).toHaveLength(5);
    expect(sixth.json().title_infos.title).toBeTruthy();
  });
});

describe('one generation at a time', () => {
  it('answers 409 generation_in_progress to a second run, then frees the chapter', async () => {
    const { user, id } = await chapterWithStory();
    let open!: () => void;
    writer.gate = new Promise((resolve) => (open = resolve));
    try {
      const first = generate(user, id, 'do_summary=true');
      // Wait until the first run holds the chapter (the writer was called).
      const calls = writer.calls.length;
      for (let i = 0; i < 200 && writer.calls.length === calls; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(writer.calls.length).toBe(calls + 1);
      expectError(await generate(user, id, 'do_title=true'), 409, 'generation_in_progress');
      // Another chapter is not held up.
      const other = await newChapter(user);
      await tell(user, other, ANSWERS.slice(0, 1));
      writer.gate = null;
      expect((await generate(user, other, 'do_title=true')).statusCode).toBe(200);
      open();
      expect((await first).statusCode).toBe(200);
    } finally {
      writer.gate = null;
      open();
    }
    expect((await generate(user, id, 'do_title=true')).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, id));
    expect(row!.generatingUntil).toBeNull();
  });

  it('answers 503 ai_unavailable when the writer is down, changes nothing and frees the chapter', async () => {
    const { user, id } = await chapterWithStory();
    const before = (await generate(user, id, 'do_title=true&do_summary=true')).json();
    writer.failing = true;
    try {
      expectError(await generate(user, id, ALL), 503, 'ai_unavailable');
    } finally {
      writer.failing = false;
    }
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
    });
    expect(after.json()).toMatchObject({
      title_infos: before.title_infos,
      summary_infos: before.summary_infos,
      images: [],
    });
    expect((await generate(user, id, 'do_title=true')).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('needs at least one answer from the person', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    expectError(await generate(user, id, ALL), 400, 'not_enough_messages');
    const [row] = await ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, id));
    expect(row!.title).toBeNull();
    expect(row!.generatingUntil).toBeNull();
  });

  it("answers 404 for another person's chapter, an unknown one and a malformed id", async () => {
    const { id } = await chapterWithStory();
    const stranger = await createUser(ctx.app);
    expectError(await generate(stranger, id, ALL), 404, 'not_found');
    expectError(
      await generate(stranger, '7f1c1b5e-8d0e-4a43-9a57-3f0d2f1f9a11', ALL),
      404,
      'not_found',
    );
    expectError(await generate(stranger, 'not-a-uuid', ALL), 404, 'not_found');
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/translate?do_title=true`,
      headers: stranger.auth,
    });
    expect(other.statusCode).toBe(404);
  });

  it('needs a signed-in person', async () => {
    const { id } = await chapterWithStory();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/generate?do_title=true`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects instructions over 2000 characters, a comment over 500, unknown fields and non-boolean flags with 422', async () => {
    const { user, id } = await chapterWithStory();
    expectError(
      await generate(user, id, 'do_summary=true', {
        summary_kwargs: { user_instructions: 'x'.repeat(2001) },
      }),
      422,
      'validation_error',
      ['body', 'summary_kwargs', 'user_instructions'],
    );
    // The comment part is bounded to 500 characters, like the app's field (spec §5).
    expectError(
      await generate(user, id, 'do_summary=true', {
        summary_kwargs: {
          user_instructions: `Générer un résumé. Commentaire supplémentaire : ${'é'.repeat(501)}`,
        },
      }),
      422,
      'validation_error',
      ['body', 'summary_kwargs', 'user_instructions'],
    );
    expect(
      (
        await generate(user, id, 'do_title=true', {
          summary_kwargs: {
            user_instructions: `Générer un résumé. Commentaire supplémentaire : ${'é'.repeat(500)}`,
          },
        })
      ).statusCode,
    ).toBe(200);
    expectError(
      await generate(user, id, 'do_summary=true', { summary_kwargs: { tone: 'gai' } }),
      422,
      'validation_error',
    );
    expectError(await generate(user, id, 'do_summary=peut-etre'), 422, 'validation_error');
    expectError(
      await generate(user, id, 'do_summary=true', {
        summary_kwargs: { use_previous_summary: 'oui' },
      }),
      422,
      'validation_error',
    );
    // Nothing was written by the refused calls.
    const chapter = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
    });
    expect(chapter.json().summary_infos.summary).toBeNull();
  });

  it('notes a comment it could not apply and an instruction text it does not understand', async () => {
    const { user, id } = await chapterWithStory();
    const response = await generate(user, id, 'do_summary=true', {
      summary_kwargs: {
        user_instructions:
          "Générer un résumé. Commentaire supplémentaire : Ajoutez que j'ai gagné au loto en 1990",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(plain(response.json().summary_infos.summary)).not.toContain('loto');
    expect(response.json().summary_infos.warnings).toContain('comment_not_applied');
    // Free text that is not the app's instruction format is taken as a comment, never as a failure.
    const free = await generate(user, id, 'do_summary=true', {
      summary_kwargs: { user_instructions: 'plus court svp' },
    });
    expect(free.statusCode, free.body).toBe(200);
  });
});

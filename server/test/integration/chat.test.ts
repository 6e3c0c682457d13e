// The chat of a chapter with the embedded interviewer: history, a turn and the context it is given,
// message validation, idempotency (also concurrent), serialised turns, and questions never repeated.
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { chatMessages } from '../../src/db/schema/index.ts';
import { EmbeddedInterviewer } from '../../src/providers/interviewer/embedded.ts';
import type {
  InterviewContext,
  Interviewer,
  InterviewerReply,
} from '../../src/providers/interviewer/types.ts';

/** The real embedded engine, recording what the core hands it. */
class RecordingInterviewer implements Interviewer {
  readonly kind = 'embedded' as const;
  readonly contexts: InterviewContext[] = [];
  private readonly inner = new EmbeddedInterviewer();
  delayMs = 0;

  async opening(ctx: InterviewContext): Promise<InterviewerReply> {
    this.contexts.push(structuredClone(ctx));
    return this.inner.opening(ctx);
  }

  async reply(ctx: InterviewContext): Promise<InterviewerReply> {
    this.contexts.push(structuredClone(ctx));
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return this.inner.reply(ctx);
  }
}

const interviewer = new RecordingInterviewer();
const ctx = useTestApp({ env: { FREE_CHAPTERS: '100' }, deps: { interviewer } });

function expectError(
  response: {
    statusCode: number;
    body: string;
    json(): { detail: { type: string; loc?: unknown[] }[] };
  },
  status: number,
  type: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

async function newChapter(user: TestUser): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function send(user: TestUser, id: string, content: unknown, key?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/messages`,
    headers: { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { content } as object,
  });
}

async function history(user: TestUser, id: string, query = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/conversations/${id}/messages${query}`,
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: string; type: string; content: string; created_at: string }[];
    count: number;
  };
}

describe('a chat turn', () => {
  it('stores the message, answers the assistant reply and keeps the history in order', async () => {
    const user = await createUser(ctx.app, { full_name: 'Jeanne Martin' });
    const id = await newChapter(user);
    const response = await send(
      user,
      id,
      '  Je suis née à Lyon en 1946, chez ma grand-mère Lucie.  ',
    );
    expect(response.statusCode).toBe(200);
    const reply = response.json();
    expect(Object.keys(reply).sort()).toEqual(['content', 'id', 'type', 'user_message_id']);
    expect(reply.type).toBe('assistant');
    expect(reply.content.length).toBeGreaterThan(10);
    const all = await history(user, id);
    expect(all.count).toBe(3);
    expect(all.data.map((m) => m.type)).toEqual(['assistant', 'user', 'assistant']);
    expect(all.data[1]!.content).toBe('Je suis née à Lyon en 1946, chez ma grand-mère Lucie.');
    expect(all.data[2]!.id).toBe(reply.id);
    // Where the app uploads the answer's recording (issue 20).
    expect(reply.user_message_id).toBe(all.data[1]!.id);
    const page = await history(user, id, '?skip=1&limit=1');
    expect(page).toMatchObject({ count: 3, data: [{ type: 'user' }] });
    const chapter = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
    });
    expect(chapter.json().chat_count).toBe(3);
  });

  it('hands the interviewer the profile, earlier chapters, every asked question and the transcript', async () => {
    const user = await createUser(ctx.app, { full_name: 'Paul Durand', current_language: 'en-US' });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/onboardings/answers',
      headers: user.auth,
      payload: { question_id: 'work', answer: 'A baker in Leeds for forty years' },
    });
    expect(answer.statusCode).toBe(201);
    const first = await newChapter(user);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${first}`,
      headers: user.auth,
      payload: { title: 'The bakery' },
    });
    await send(user, first, 'I started at the bakery when I was fourteen.');
    const second = await newChapter(user);
    // The new chapter's opening is written knowing every chapter before it.
    const opening = interviewer.contexts.at(-1)!;
    expect(opening.messages).toEqual([]);
    expect(opening.earlierChapters.map((chapter) => chapter.title)).toEqual(['The bakery']);
    await send(user, second, 'My wife Margaret loved the sea.');
    const last = interviewer.contexts.at(-1)!;
    expect(last.language).toBe('en');
    expect(last.personName).toBe('Paul Durand');
    expect(last.profile).toEqual([
      {
        questionId: 'work',
        question: 'What was your work, your working life?',
        answer: 'A baker in Leeds for forty years',
      },
    ]);
    expect(last.earlierChapters).toHaveLength(1);
    expect(last.earlierChapters[0]!.title).toBe('The bakery');
    expect(last.earlierChapters[0]!.themes.length).toBeGreaterThan(0);
    expect(last.messages.map((m) => m.type)).toEqual(['assistant', 'user']);
    expect(last.messages.at(-1)!.content).toBe('My wife Margaret loved the sea.');
    const asked = await ctx.database.db
      .select({ q: chatMessages.questionId })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, user.id), eq(chatMessages.type, 'assistant')))
      .orderBy(asc(chatMessages.seq));
    expect(asked).toHaveLength(4);
    // Everything asked before this turn: both openings and the first chapter's reply.
    const before = asked
      .slice(0, 3)
      .map((a) => a.q)
      .filter((q): q is string => q !== null);
    expect(before.length).toBeGreaterThan(0);
    expect([...last.askedQuestionIds].sort()).toEqual([...new Set(before)].sort());
  });

  it('never asks the same question twice across chapters', async () => {
    const user = await createUser(ctx.app, { full_name: 'Rose Lambert' });
    const answers = [
      'Oui.',
      'Mon père Henri était menuisier à Nantes.',
      'Non.',
      'Je me souviens de l’odeur du pain.',
    ];
    for (let chapter = 0; chapter < 3; chapter++) {
      const id = await newChapter(user);
      for (const text of answers) expect((await send(user, id, text)).statusCode).toBe(200);
    }
    const rows = await ctx.database.db
      .select({ q: chatMessages.questionId })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, user.id), eq(chatMessages.type, 'assistant')));
    const ids = rows.map((r) => r.q).filter((q): q is string => q !== null);
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('bad messages', () => {
  it('refuses empty, blank, too long and mistyped content with 422 and stores nothing', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    for (const content of ['', '   \n\t ', 'x'.repeat(5001), ` ${'é'.repeat(5001)} `]) {
      const response = await send(user, id, content);
      expectError(response, 422, 'validation_error');
      expect(response.json().detail[0].loc).toEqual(['body', 'content']);
    }
    expectError(await send(user, id, 42), 422, 'validation_error');
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/messages`,
        headers: user.auth,
        payload: {},
      }),
      422,
      'validation_error',
    );
    expect((await history(user, id)).count).toBe(1);
    // 5000 characters once trimmed is accepted.
    expect((await send(user, id, ` ${'a'.repeat(5000)} `)).statusCode).toBe(200);
  });

  it('answers 404 for unknown, malformed and other people’s chapters', async () => {
    const owner = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const id = await newChapter(owner);
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'abc', '123e4567']) {
      expectError(await send(other, target, 'Bonjour'), 404, 'not_found');
      expectError(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/conversations/${target}/messages`,
          headers: other.auth,
        }),
        404,
        'not_found',
      );
      expectError(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/conversations/${target}/messages/assistant-latest/audio`,
          headers: other.auth,
        }),
        404,
        'not_found',
      );
    }
    expect((await history(owner, id)).count).toBe(1);
  });

  it('refuses bad paging', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    for (const query of ['?limit=101', '?limit=0', '?skip=-1', '?skip=abc'])
      expectError(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/conversations/${id}/messages${query}`,
          headers: user.auth,
        }),
        422,
        'validation_error',
      );
  });
});

describe('idempotency and serialisation', () => {
  it('answers the same reply to the same Idempotency-Key without storing twice', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    const first = await send(user, id, 'Ma mère chantait le soir.', 'key-1');
    const again = await send(user, id, 'Ma mère chantait le soir.', 'key-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await history(user, id)).count).toBe(3);
    // A later answer (its chapter counted: the key is found by the insert's conflict) too.
    const second = await send(user, id, 'Et mon père sifflait.', 'key-2');
    expect((await send(user, id, 'Et mon père sifflait.', 'key-2')).json()).toEqual(second.json());
    expect((await history(user, id)).count).toBe(5);
    // Another chapter cannot reuse the key, at its first answer or later.
    const other = await newChapter(user);
    expectError(await send(user, other, 'Autre chose', 'key-1'), 422, 'validation_error');
    expect((await send(user, other, 'Autre chose', 'key-3')).statusCode).toBe(200);
    expectError(await send(user, other, 'Encore autre chose', 'key-2'), 422, 'validation_error');
    expect((await history(user, other)).count).toBe(3);
    // Another person may use the same key.
    const someoneElse = await createUser(ctx.app);
    const theirs = await newChapter(someoneElse);
    expect((await send(someoneElse, theirs, 'Bonjour', 'key-1')).statusCode).toBe(200);
  });

  it('stores one message and one reply when the same key arrives many times at once', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    interviewer.delayMs = 50;
    try {
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          send(user, id, 'Nous habitions près de la gare.', 'same-key'),
        ),
      );
      expect(responses.every((r) => r.statusCode === 200)).toBe(true);
      expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    } finally {
      interviewer.delayMs = 0;
    }
    const all = await history(user, id);
    expect(all.data.map((m) => m.type)).toEqual(['assistant', 'user', 'assistant']);
  });

  it('serialises simultaneous messages of one chapter instead of interleaving them', async () => {
    const user = await createUser(ctx.app);
    const id = await newChapter(user);
    interviewer.delayMs = 30;
    try {
      const responses = await Promise.all(
        ['Premier souvenir.', 'Deuxième souvenir.', 'Troisième souvenir.'].map((text) =>
          send(user, id, text),
        ),
      );
      expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    } finally {
      interviewer.delayMs = 0;
    }
    const all = await history(user, id);
    expect(all.data.map((m) => m.type)).toEqual([
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });
});

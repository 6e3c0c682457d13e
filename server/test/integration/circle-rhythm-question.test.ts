// The weekly question opens the chapter (issue 31, item 4): the mail's and the notification's link carry
// the bank question's id (not a family question's: that one is asked first anyway), and
// `POST /conversations?question=` opens on exactly that question, in her form of address, with both
// interviewers, stored with its id so that it is never asked again. An unknown id, one she was already
// asked, or a family question waiting meanwhile: the chapter opens as usual, never refused.
import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp, useTestAppWithRemoteInterviewer, type TestContext } from '../support/build.ts';
import { createUser, mailsTo, type TestUser } from '../support/factories.ts';
import { startFakeOpenAI } from '../support/fake-openai.ts';
import { getBank } from '../../src/providers/interviewer/bank.ts';
import { render } from '../../src/providers/interviewer/render.ts';
import { chatMessages, circleMembers, circleQuestions } from '../../src/db/schema/index.ts';
import { PUSH_JOB } from '../../src/modules/circle-news/service.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });

// A push service on this machine that takes every notification.
let pushServer: Server;
let pushOrigin = '';
const pushedPaths: string[] = [];
beforeAll(async () => {
  pushServer = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      pushedPaths.push(request.url ?? '');
      response.statusCode = 201;
      response.end();
    });
  });
  pushServer.listen(0, '127.0.0.1');
  await once(pushServer, 'listening');
  pushOrigin = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => pushServer.close(() => resolve())));

/** Wednesday 2030-01-09, 11:00 in Paris (circle-news.test.ts). */
const WEDNESDAY = new Date('2030-01-09T10:00:00Z');
const DAYS = 24 * 3600_000;

async function weeklyQuestion(user: TestUser, context: TestContext = ctx) {
  const set = await context.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/rhythm',
    headers: user.auth,
    payload: { weekday: 3, by_email: true, by_push: false },
  });
  expect(set.statusCode, set.body).toBe(200);
}

function rhythmMails(user: TestUser, context: TestContext = ctx) {
  return mailsTo(context.app, user.email).then((mails) =>
    mails.filter((m) => m.subject === 'Votre question de la semaine'),
  );
}

/** The question id of a rhythm link, or null when it has none. */
function questionOf(link: string): string | null {
  return new URL(link).searchParams.get('question');
}

function linkIn(text: string): string {
  const match = /http:\/\/chapitres\.test\/\?action=new-chapter[^\s)>\]]*/.exec(text);
  if (!match) throw new Error(`no new-chapter link in ${text}`);
  return match[0];
}

async function newChapter(user: TestUser, question?: string, context: TestContext = ctx) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    query: question === undefined ? {} : { question },
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  const [opening] = await context.database.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, id));
  return { id, opening: opening! };
}

async function tutoie(user: TestUser, context: TestContext = ctx) {
  const answered = await context.app.inject({
    method: 'POST',
    url: '/api/v1/onboardings/answers',
    headers: user.auth,
    payload: { question_id: 'name_use', answer: 'Par mon prénom, en me tutoyant' },
  });
  expect(answered.statusCode, answered.body).toBe(201);
}

const bankFr = (id: string) => getBank('fr').find((q) => q.id === id)!;
const said = (id: string, register: 'vous' | 'tu') =>
  render(bankFr(id).text, { language: 'fr', register });

describe('the weekly question’s link', () => {
  it('carries the bank question’s id, by mail and notification, and opens the chapter on it', async () => {
    const she = await createUser(ctx.app, { full_name: 'Paulette Martin' });
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const subscribed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: she.auth,
      payload: {
        endpoint: `${pushOrigin}/push/paulette`,
        expirationTime: null,
        keys: {
          p256dh: browser.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const both = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/rhythm',
      headers: she.auth,
      payload: { weekday: 3, by_email: true, by_push: true },
    });
    expect(both.statusCode, both.body).toBe(200);
    // The notification's payload, as queued for the push job (sent for real to the local push service).
    const send = vi.spyOn(ctx.app.services.queue, 'send');
    let queued: string[];
    try {
      await ctx.app.services.circleNews.runRhythm(WEDNESDAY);
      queued = send.mock.calls
        .filter((call) => call[0] === PUSH_JOB)
        .map((call) => (call[1] as { payload: string }).payload);
    } finally {
      send.mockRestore();
    }
    const [mail] = await rhythmMails(she);
    expect(mail).toBeDefined();
    const link = linkIn(mail!.text);
    const id = questionOf(link);
    expect(id).toBeTruthy();
    const question = bankFr(id!);
    expect(question.depth).toBe('opening');
    // The mail shows the very question the link opens on.
    expect(mail!.text).toContain(
      said(id!, 'vous')
        .replace(/\u00A0/g, ' ')
        .slice(0, 20),
    );
    expect(mail!.html).toContain(`?action=new-chapter&amp;question=${encodeURIComponent(id!)}`);
    expect(queued).toHaveLength(1);
    expect(JSON.parse(queued[0]!).url).toBe(link);
    expect(pushedPaths).toContain('/push/paulette');

    // One tap: the chapter opens on that question (the embedded biographer), stored with its id.
    const chapter = await newChapter(she, id!);
    expect(chapter.opening.questionId).toBe(id);
    expect(chapter.opening.theme).toBe(question.theme);
    expect(chapter.opening.content).toContain(said(id!, 'vous'));

    // Asked now: next week's question is another one.
    await ctx.app.services.circleNews.runRhythm(new Date(WEDNESDAY.getTime() + 7 * DAYS));
    const mails = await rhythmMails(she);
    expect(mails).toHaveLength(2);
    const next = questionOf(linkIn(mails[0]!.text));
    expect(next).toBeTruthy();
    expect(next).not.toBe(id);
  });

  it('is the plain new-chapter link for a family question', async () => {
    const she = await createUser(ctx.app, { full_name: 'Simone Leroy' });
    const daughter = await createUser(ctx.app, { full_name: 'Anne Leroy' });
    await ctx.database.db.insert(circleMembers).values({
      ownerId: she.id,
      memberId: daughter.id,
      email: daughter.email,
      relation: 'ma fille',
      role: 'contributor',
      acceptedAt: new Date(),
    });
    await ctx.database.db
      .insert(circleQuestions)
      .values({ ownerId: she.id, askerId: daughter.id, text: 'Et ton premier bal ?' });
    await weeklyQuestion(she);
    await ctx.app.services.circleNews.runRhythm(WEDNESDAY);
    const [mail] = await rhythmMails(she);
    expect(mail!.text).toContain('Et ton premier bal ?');
    expect(linkIn(mail!.text)).toBe('http://chapitres.test/?action=new-chapter');
  });
});

describe('POST /conversations?question=', () => {
  it('asks that bank question in her form of address', async () => {
    const she = await createUser(ctx.app, { full_name: 'Jeanne Martin' });
    await tutoie(she);
    const chapter = await newChapter(she, 'childhood.first_memory');
    expect(chapter.opening.questionId).toBe('childhood.first_memory');
    expect(chapter.opening.theme).toBe('childhood');
    expect(chapter.opening.content).toContain(said('childhood.first_memory', 'tu'));
    expect(said('childhood.first_memory', 'tu')).toMatch(
      /^Quel est ton tout premier souvenir\s\?$/u,
    );
    expect(chapter.opening.content).not.toMatch(/votre|vous/i);
    // A deeper question of another theme is asked as well when a link names it.
    const other = await newChapter(she, 'work.first_job');
    expect(other.opening.questionId).toBe('work.first_job');
    expect(other.opening.content).toContain(said('work.first_job', 'tu'));
  });

  it('opens as usual, never refused, on an unknown id or one already asked', async () => {
    const she = await createUser(ctx.app, { full_name: 'Louise Petit' });
    for (const bogus of ['nope.nothing', '', 'x'.repeat(5000), 'family:123', '../../etc']) {
      const chapter = await newChapter(she, bogus);
      expect(chapter.opening.questionId).not.toBe(bogus);
      expect(chapter.opening.content.length).toBeGreaterThan(20);
    }
    const first = await newChapter(she, 'childhood.house');
    expect(first.opening.questionId).toBe('childhood.house');
    const again = await newChapter(she, 'childhood.house');
    expect(again.opening.questionId).not.toBe('childhood.house');
    expect(again.opening.questionId).toBeTruthy();
    const asked = await ctx.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, she.id), eq(chatMessages.questionId, 'childhood.house')));
    expect(asked).toHaveLength(1);
  });

  it('still asks a family question waiting first', async () => {
    const she = await createUser(ctx.app, { full_name: 'Marthe Blanc' });
    const grandson = await createUser(ctx.app, { full_name: 'Lucas Blanc' });
    await ctx.database.db.insert(circleMembers).values({
      ownerId: she.id,
      memberId: grandson.id,
      email: grandson.email,
      relation: 'mon petit-fils',
      role: 'contributor',
      acceptedAt: new Date(),
    });
    const [row] = await ctx.database.db
      .insert(circleQuestions)
      .values({ ownerId: she.id, askerId: grandson.id, text: 'Tu avais un vélo ?' })
      .returning();
    const chapter = await newChapter(she, 'childhood.games');
    expect(chapter.opening.questionId).toBe(`family:${row!.id}`);
    expect(chapter.opening.content).toContain('Tu avais un vélo');
    // The bank question was not asked: a later link still opens on it.
    const later = await newChapter(she, 'childhood.games');
    expect(later.opening.questionId).toBe('childhood.games');
  });
});

// --- the model server ---------------------------------------------------------------------------

const fake = await startFakeOpenAI();
afterAll(() => fake.close());

describe('the model-server biographer', () => {
  const remote = useTestAppWithRemoteInterviewer(fake.url);

  it('is told to open on that question, in her form of address, and the opening keeps its id', async () => {
    const she = await createUser(remote.app, { full_name: 'Jeanne Martin' });
    await tutoie(she, remote);
    fake.script.chat({ content: 'Bonjour Jeanne ! Quel est ton tout premier souvenir ?' });
    const chapter = await newChapter(she, 'childhood.first_memory', remote);
    const request = fake.requestsTo('chat').at(-1)!;
    expect(request.json.messages[1].role).toBe('user');
    const instruction = request.json.messages[1].content as string;
    expect(instruction).toContain('posez-la exactement ainsi');
    expect(instruction).toContain(said('childhood.first_memory', 'tu'));
    expect(chapter.opening.questionId).toBe('childhood.first_memory');
    expect(chapter.opening.theme).toBe('childhood');

    // Already asked, or unknown: no instruction, no id.
    for (const id of ['childhood.first_memory', 'nope.nothing']) {
      fake.script.chat({ content: 'Bonjour Jeanne ! Parle-moi de ton école ?' });
      const plain = await newChapter(she, id, remote);
      expect(fake.requestsTo('chat').at(-1)!.json.messages[1].content).not.toContain(
        'déjà choisie',
      );
      expect(plain.opening.questionId).toBeNull();
    }
  });

  it('says it in English to an English speaker', async () => {
    const he = await createUser(remote.app, { full_name: 'John Smith', current_language: 'en-GB' });
    fake.script.chat({ content: 'Hello John! What is your very first memory?' });
    const chapter = await newChapter(he, 'childhood.first_memory', remote);
    const instruction = fake.requestsTo('chat').at(-1)!.json.messages[1].content as string;
    const english = getBank('en').find((q) => q.id === 'childhood.first_memory')!.text;
    expect(instruction).toContain('ask it exactly like this');
    expect(instruction).toContain(english);
    expect(chapter.opening.questionId).toBe('childhood.first_memory');
  });
});

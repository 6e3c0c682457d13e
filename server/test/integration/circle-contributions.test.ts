// What the family circle gives (issue 31): questions a contributor asks (a reader is refused, a stranger
// sees nothing), offered by both interviewers when her next chapter opens, in her form of address, before
// the bank; the asker told by mail once she answered, with the link once the chapter is released (once);
// words under a released chapter (hidden ones kept from members, one's own deleted, another's a 404); photos
// suggested by a contributor (accepted into the chapter credited, declined with their files, the 5-picture
// limit, a contributor's account deletion taking their pending files). The circle is set up in the tables
// directly, so these tests depend on nothing but this module.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp, useTestAppWithRemoteInterviewer, type TestContext } from '../support/build.ts';
import { createUser, mailsTo, type TestUser } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';
import { startFakeOpenAI } from '../support/fake-openai.ts';
import {
  chapterWords,
  chatMessages,
  circleMembers,
  circleQuestions,
  circleReleases,
  images,
  suggestedPhotos,
} from '../../src/db/schema/index.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });
type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

function expectError(response: Reply, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

// --- a circle, set up in the tables --------------------------------------------------------------

interface Circle {
  she: TestUser;
  contributor: TestUser;
  reader: TestUser;
  stranger: TestUser;
}

async function seat(
  context: TestContext,
  she: TestUser,
  member: TestUser,
  role: 'reader' | 'contributor',
  relation: string | null,
) {
  await context.database.db.insert(circleMembers).values({
    ownerId: she.id,
    memberId: member.id,
    email: member.email,
    relation,
    role,
    acceptedAt: new Date(),
  });
}

async function circle(
  context: TestContext = ctx,
  options: { tutoiement?: boolean; relation?: string | null } = {},
): Promise<Circle> {
  const she = await createUser(context.app, { full_name: 'Jeanne Martin' });
  const contributor = await createUser(context.app, { full_name: 'Marie Dubois' });
  const reader = await createUser(context.app, { full_name: 'Lucas Dubois' });
  const stranger = await createUser(context.app, { full_name: 'Paul Inconnu' });
  await seat(
    context,
    she,
    contributor,
    'contributor',
    options.relation === undefined ? 'ma fille' : options.relation,
  );
  await seat(context, she, reader, 'reader', 'mon petit-fils');
  if (options.tutoiement) {
    const answered = await context.app.inject({
      method: 'POST',
      url: '/api/v1/onboardings/answers',
      headers: she.auth,
      payload: { question_id: 'name_use', answer: 'Par mon prénom, en me tutoyant' },
    });
    expect(answered.statusCode, answered.body).toBe(201);
  }
  return { she, contributor, reader, stranger };
}

async function newChapter(user: TestUser, context: TestContext = ctx) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
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

async function release(she: TestUser, conversationId: string, context: TestContext = ctx) {
  await context.database.db.insert(circleReleases).values({ conversationId, ownerId: she.id });
}

function ask(member: TestUser, she: TestUser, text: unknown, context: TestContext = ctx) {
  return context.app.inject({
    method: 'POST',
    url: `/api/v1/circles/${she.id}/questions`,
    headers: member.auth,
    payload: { text },
  });
}

function send(user: TestUser, conversationId: string, content: string, context = ctx) {
  return context.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${conversationId}/messages`,
    headers: user.auth,
    payload: { content },
  });
}

async function questionRow(id: string, context: TestContext = ctx) {
  const [row] = await context.database.db
    .select()
    .from(circleQuestions)
    .where(eq(circleQuestions.id, id));
  return row!;
}

/** The « she answered your question » mails to this person, newest first (not the sign-up's). */
async function answeredMails(to: string, context: TestContext = ctx) {
  return (await mailsTo(context.app, to)).filter((mail) =>
    /répondu à votre question|answered your question/.test(mail.subject),
  );
}

// --- questions ----------------------------------------------------------------------------------

describe('questions from the family', () => {
  it('a contributor asks; a reader is refused (409), a stranger or an unknown circle gets a 404', async () => {
    const { she, contributor, reader, stranger } = await circle();
    const asked = await ask(contributor, she, '  Maman, comment as-tu rencontré papa ?  ');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      text: 'Maman, comment as-tu rencontré papa ?',
      asker_name: 'Marie Dubois',
      relation: 'ma fille',
      status: 'waiting',
      conversation_id: null,
    });
    expectError(await ask(reader, she, 'Et la guerre ?'), 409, 'contributor_only');
    expectError(await ask(stranger, she, 'Et la guerre ?'), 404, 'not_found');
    expectError(await ask(contributor, stranger, 'Et la guerre ?'), 404, 'not_found');
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/circles/not-a-uuid/questions',
        headers: contributor.auth,
        payload: { text: 'Bonjour ?' },
      }),
      404,
      'not_found',
    );
    // She cannot ask in her own circle either: she is not a member of it.
    expectError(await ask(she, she, 'Moi ?'), 404, 'not_found');
    expectError(await ask(contributor, she, '   '), 422, 'validation_error');
    expectError(await ask(contributor, she, 'x'.repeat(501)), 422, 'validation_error');
    expectError(await ask(contributor, she, 42), 422, 'validation_error');
    // A removed member's seat is gone: the next request is a 404.
    await ctx.database.db
      .delete(circleMembers)
      .where(and(eq(circleMembers.ownerId, she.id), eq(circleMembers.memberId, contributor.id)));
    expectError(await ask(contributor, she, 'Encore une ?'), 404, 'not_found');
  });

  it('she sees every question with who asked and declines one; members list their own only', async () => {
    const { she, contributor, reader, stranger } = await circle();
    const first = (await ask(contributor, she, 'Où étais-tu en 1968 ?')).json().id as string;
    const second = (await ask(contributor, she, 'Quel était ton plat préféré ?')).json()
      .id as string;
    const other = await createUser(ctx.app, { full_name: 'Anne Autre' });
    await seat(ctx, she, other, 'contributor', null);
    await ask(other, she, 'Et ton premier travail ?');

    const hers = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/circle/questions',
      headers: she.auth,
    });
    expect(hers.statusCode, hers.body).toBe(200);
    expect(hers.json().count).toBe(3);
    expect(
      hers
        .json()
        .data.map((q: { text: string; asker_name: string; relation: string | null }) => [
          q.text,
          q.asker_name,
          q.relation,
        ]),
    ).toEqual([
      ['Où étais-tu en 1968 ?', 'Marie Dubois', 'ma fille'],
      ['Quel était ton plat préféré ?', 'Marie Dubois', 'ma fille'],
      ['Et ton premier travail ?', 'Anne Autre', null],
    ]);

    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/circles/${she.id}/questions`,
      headers: contributor.auth,
    });
    expect(mine.json().data.map((q: { id: string }) => q.id)).toEqual([first, second]);
    // A reader lists their own (none); a stranger has no such circle.
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/circles/${she.id}/questions`,
          headers: reader.auth,
        })
      ).json().count,
    ).toBe(0);
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/circles/${she.id}/questions`,
        headers: stranger.auth,
      }),
      404,
      'not_found',
    );

    // Declining: only hers, any id that is not one of hers is a 404.
    const decline = (user: TestUser, id: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/circle/questions/${id}`,
        headers: user.auth,
      });
    expectError(await decline(stranger, first), 404, 'not_found');
    expectError(await decline(contributor, first), 404, 'not_found');
    expectError(await decline(she, 'nope'), 404, 'not_found');
    expect((await decline(she, first)).statusCode).toBe(200);
    expect((await decline(she, first)).statusCode).toBe(200);
    expect((await questionRow(first)).declinedAt).not.toBeNull();
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/circle/questions',
      headers: she.auth,
    });
    expect(after.json().data[0]).toMatchObject({ id: first, status: 'declined' });

    // A declined question is never offered: her next chapter opens on the second one.
    const { opening } = await newChapter(she);
    expect(opening.questionId).toBe(`family:${second}`);
    expect(opening.content).toContain('Quel était ton plat préféré');
  });

  it('the embedded biographer opens her next chapter on it, in « tu », then goes back to its bank', async () => {
    const { she, contributor } = await circle(ctx, { tutoiement: true });
    const id = (await ask(contributor, she, 'Maman, comment as-tu rencontré papa ?')).json()
      .id as string;
    const chapter = await newChapter(she);
    expect(chapter.opening.questionId).toBe(`family:${id}`);
    expect(chapter.opening.content).toContain(
      'Ta fille Marie te demande\u00A0: «\u00A0Maman, comment as-tu rencontré papa\u202F?\u00A0»',
    );
    // The greeting comes first.
    expect(chapter.opening.content.indexOf('Jeanne')).toBeLessThan(
      chapter.opening.content.indexOf('Ta fille Marie'),
    );
    expect(await questionRow(id)).toMatchObject({ conversationId: chapter.id });
    expect((await questionRow(id)).askedAt).not.toBeNull();
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/circle/questions',
      headers: she.auth,
    });
    expect(listed.json().data[0]).toMatchObject({ status: 'asked', conversation_id: chapter.id });
    // The member does not learn which chapter until it is released.
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/circles/${she.id}/questions`,
      headers: contributor.auth,
    });
    expect(theirs.json().data[0]).toMatchObject({ status: 'asked', conversation_id: null });

    // Asked once: the chapter after opens on the bank again.
    const next = await newChapter(she);
    expect(next.opening.questionId).not.toMatch(/^family:/);
    expect(next.opening.content).not.toContain('rencontré papa');
    expect(next.opening.questionId).toBeTruthy();
  });

  it('says « Votre fille Marie vous demande » to someone addressed with vous, and a bare name without a relation', async () => {
    const { she, contributor } = await circle();
    await ask(contributor, she, 'Quelle était ta chanson préférée ?');
    expect((await newChapter(she)).opening.content).toContain(
      'Votre fille Marie vous demande\u00A0: «\u00A0Quelle était ta chanson préférée\u202F?\u00A0»',
    );
    const other = await circle(ctx, { relation: null });
    await ask(other.contributor, other.she, 'Et ton école ?');
    expect((await newChapter(other.she)).opening.content).toContain('Marie vous demande');
  });

  it('a question from someone who left the circle is not offered', async () => {
    const { she, contributor } = await circle();
    await ask(contributor, she, 'Et ton village ?');
    await ctx.database.db
      .delete(circleMembers)
      .where(and(eq(circleMembers.ownerId, she.id), eq(circleMembers.memberId, contributor.id)));
    expect((await newChapter(she)).opening.questionId).not.toMatch(/^family:/);
  });

  it('once she answered, the asker is told: without a link until she releases the chapter, then with it, once', async () => {
    const { she, contributor } = await circle();
    const id = (await ask(contributor, she, 'Comment était ton école ?')).json().id as string;
    const chapter = await newChapter(she);
    expect(await answeredMails(contributor.email)).toHaveLength(0);

    const answer = await send(
      she,
      chapter.id,
      'Mon école était au bout du village, on y allait à pied.',
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await questionRow(id);
    expect(row.answeredAt).not.toBeNull();
    expect(row.askerToldAt).toBeNull();
    let mails = await answeredMails(contributor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Jeanne Martin a répondu à votre question');
    expect(mails[0]!.text).toContain('Comment était ton école ?');
    expect(mails[0]!.text).not.toContain('/circles/');

    // Her next messages change nothing.
    await send(she, chapter.id, 'Et la maîtresse était sévère.');
    expect(await answeredMails(contributor.email)).toHaveLength(1);

    // Released: the asker gets the link, once.
    await release(she, chapter.id);
    await ctx.app.services.circleContributions.chapterReleased(she.id, chapter.id);
    await ctx.app.services.circleContributions.chapterReleased(she.id, chapter.id);
    mails = await answeredMails(contributor.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain(
      `http://chapitres.test/circles/${she.id}/chapters/${chapter.id}`,
    );
    expect((await questionRow(id)).askerToldAt).not.toBeNull();
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/circles/${she.id}/questions`,
      headers: contributor.auth,
    });
    expect(theirs.json().data[0]).toMatchObject({
      status: 'answered',
      conversation_id: chapter.id,
    });
  });

  it('an answer in a chapter already released is told with the link at once, in the asker’s language', async () => {
    const { she, contributor } = await circle();
    const english = await createUser(ctx.app, {
      full_name: 'Tom Smith',
      current_language: 'en-GB',
    });
    await seat(ctx, she, english, 'contributor', 'mon petit-fils');
    const id = (await ask(english, she, 'What was your first job?')).json().id as string;
    const chapter = await newChapter(she);
    expect(chapter.opening.content).toContain('Votre petit-fils Tom vous demande');
    await release(she, chapter.id);
    await send(she, chapter.id, "J'ai commencé à la poste, à seize ans.");
    const mails = await answeredMails(english.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Jeanne Martin answered your question');
    expect(mails[0]!.text).toContain(`/circles/${she.id}/chapters/${chapter.id}`);
    expect((await questionRow(id)).askerToldAt).not.toBeNull();
    await ctx.app.services.circleContributions.chapterReleased(she.id, chapter.id);
    expect(await answeredMails(english.email)).toHaveLength(1);
    expect(await answeredMails(contributor.email)).toHaveLength(0);
  });
});

// --- the model server ---------------------------------------------------------------------------

const fake = await startFakeOpenAI();
afterAll(() => fake.close());

describe('the model-server biographer', () => {
  const remote = useTestAppWithRemoteInterviewer(fake.url);

  it('is told to open on the family question, in her form of address, and the question is marked asked', async () => {
    const { she, contributor } = await circle(remote, { tutoiement: true });
    const id = (await ask(contributor, she, 'Maman, raconte-moi ton mariage.', remote)).json()
      .id as string;
    fake.script.chat({
      content: 'Bonjour Jeanne ! Ta fille Marie te demande : « Maman, raconte-moi ton mariage. »',
    });
    const chapter = await newChapter(she, remote);
    const request = fake.requestsTo('chat').at(-1)!;
    const instruction = request.json.messages[1].content as string;
    expect(request.json.messages[1].role).toBe('user');
    expect(instruction).toContain(
      'Ta fille Marie te demande\u00A0: «\u00A0Maman, raconte-moi ton mariage.\u00A0»',
    );
    expect(chapter.opening.questionId).toBe(`family:${id}`);
    expect(chapter.opening.content).toContain('raconte-moi ton mariage');
    expect(await questionRow(id, remote)).toMatchObject({ conversationId: chapter.id });

    // The next chapter's instruction carries no family question.
    fake.script.chat({ content: 'Bonjour Jeanne ! Parle-moi de ton enfance ?' });
    await newChapter(she, remote);
    expect(fake.requestsTo('chat').at(-1)!.json.messages[1].content).not.toContain('Marie');
  });
});

// --- words --------------------------------------------------------------------------------------

function writeWord(member: TestUser, she: TestUser, chapterId: string, text: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/circles/${she.id}/chapters/${chapterId}/words`,
    headers: member.auth,
    payload: { text },
  });
}

describe('words under a released chapter', () => {
  it('any member writes under a released chapter only; a stranger gets a 404', async () => {
    const { she, contributor, reader, stranger } = await circle();
    const { id } = await newChapter(she);
    expectError(await writeWord(reader, she, id, 'Merci Mamie'), 404, 'not_found');
    await release(she, id);
    const written = await writeWord(reader, she, id, '  Merci Mamie  ');
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({
      author_name: 'Lucas Dubois',
      text: 'Merci Mamie',
      hidden: false,
      printed: false,
      mine: true,
    });
    expect((await writeWord(contributor, she, id, 'Quelle belle histoire')).statusCode).toBe(201);
    expectError(await writeWord(stranger, she, id, 'Bonjour'), 404, 'not_found');
    expectError(await writeWord(she, she, id, 'Moi'), 404, 'not_found');
    expectError(await writeWord(reader, she, id, ' '), 422, 'validation_error');
    expectError(await writeWord(reader, she, id, 'x'.repeat(1001)), 422, 'validation_error');
    expect((await writeWord(reader, she, id, 'x'.repeat(1000))).statusCode).toBe(201);
  });

  it('she lists them all, hides one (members no longer see it) and chooses which are printed', async () => {
    const { she, contributor, reader, stranger } = await circle();
    const { id } = await newChapter(she);
    await release(she, id);
    const a = (await writeWord(reader, she, id, 'Premier mot')).json().id as string;
    const b = (await writeWord(contributor, she, id, 'Second mot')).json().id as string;
    const patch = (user: TestUser, wordId: string, payload: object, chapterId = id) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/conversations/${chapterId}/words/${wordId}`,
        headers: user.auth,
        payload,
      });
    const hidden = await patch(she, a, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ id: a, hidden: true, printed: false, mine: false });
    expect((await patch(she, b, { printed: true })).json()).toMatchObject({ printed: true });
    expectError(await patch(she, b, {}), 422, 'validation_error');
    expectError(await patch(she, b, { hidden: 'yes' }), 422, 'validation_error');
    expectError(await patch(stranger, b, { hidden: true }), 404, 'not_found');
    expectError(await patch(contributor, b, { hidden: true }), 404, 'not_found');
    const otherChapter = (await newChapter(she)).id;
    expectError(await patch(she, b, { hidden: true }, otherChapter), 404, 'not_found');

    const hers = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}/words`,
      headers: she.auth,
    });
    expect(hers.statusCode).toBe(200);
    expect(hers.json().data.map((w: { id: string; hidden: boolean }) => [w.id, w.hidden])).toEqual([
      [a, true],
      [b, false],
    ]);
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/conversations/${id}/words`,
        headers: contributor.auth,
      }),
      404,
      'not_found',
    );
    // What members read: the hidden word is left out.
    const visible = await ctx.app.services.circleContributions.visibleWords(id, reader.id);
    expect(visible.map((w) => w.id)).toEqual([b]);
    const [row] = await ctx.database.db.select().from(chapterWords).where(eq(chapterWords.id, a));
    expect(row!.hiddenAt).not.toBeNull();
    // Shown again.
    expect((await patch(she, a, { hidden: false })).json().hidden).toBe(false);
    expect(
      (await ctx.app.services.circleContributions.visibleWords(id, reader.id)).map((w) => w.id),
    ).toEqual([a, b]);
  });

  it('a member deletes their own word; another’s is a 404', async () => {
    const { she, contributor, reader } = await circle();
    const { id } = await newChapter(she);
    await release(she, id);
    const mine = (await writeWord(reader, she, id, 'À moi')).json().id as string;
    const theirs = (await writeWord(contributor, she, id, 'À elle')).json().id as string;
    const remove = (user: TestUser, wordId: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/circles/${she.id}/chapters/${id}/words/${wordId}`,
        headers: user.auth,
      });
    expectError(await remove(reader, theirs), 404, 'not_found');
    expectError(await remove(reader, 'nope'), 404, 'not_found');
    expect((await remove(reader, mine)).statusCode).toBe(200);
    expectError(await remove(reader, mine), 404, 'not_found');
    const left = await ctx.database.db
      .select({ id: chapterWords.id })
      .from(chapterWords)
      .where(eq(chapterWords.conversationId, id));
    expect(left.map((w) => w.id)).toEqual([theirs]);
  });
});

// --- suggested photos ---------------------------------------------------------------------------

const jpeg = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#6a7a44' } })
    .jpeg()
    .toBuffer();

async function suggest(member: TestUser, she: TestUser, chapterId: string, legend?: string) {
  const body = multipart([
    { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ...(legend ? [{ name: 'legend', value: legend }] : []),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/circles/${she.id}/chapters/${chapterId}/photos`,
    headers: { ...member.auth, ...body.headers },
    payload: body.payload,
  });
}

/** Every stored file under her folder (not the content-type sidecars). */
function filesOf(userId: string): string[] {
  const root = join(ctx.config.dataDir, 'files');
  const folder = join(root, 'users', userId);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.meta.json'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

describe('photos suggested by a contributor', () => {
  it('a contributor suggests for a released chapter; a reader gets a 409, a stranger or a private chapter a 404', async () => {
    const { she, contributor, reader, stranger } = await circle();
    const { id } = await newChapter(she);
    expectError(await suggest(contributor, she, id), 404, 'not_found');
    await release(she, id);
    expectError(await suggest(reader, she, id), 409, 'contributor_only');
    expectError(await suggest(stranger, she, id), 404, 'not_found');
    const suggested = await suggest(contributor, she, id, '  Le mariage, 1962 ');
    expect(suggested.statusCode, suggested.body).toBe(201);
    expect(suggested.json()).toMatchObject({
      legend: 'Le mariage, 1962',
      contributor_name: 'Marie Dubois',
    });
    // Stored in her chapter's folder, so her account deletion takes it.
    expect(filesOf(she.id).some((key) => key.includes(`${suggested.json().id}.`))).toBe(true);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}/suggested-photos`,
      headers: she.auth,
    });
    expect(listed.json().data.map((p: { id: string }) => p.id)).toEqual([suggested.json().id]);
    const file = await ctx.app.inject({ method: 'GET', url: listed.json().data[0].thumbnail_url });
    expect(file.statusCode).toBe(200);
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/conversations/${id}/suggested-photos`,
        headers: contributor.auth,
      }),
      404,
      'not_found',
    );
    // Not an image: refused like her own uploads.
    const bad = multipart([
      { name: 'file', filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from('nope') },
    ]);
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/circles/${she.id}/chapters/${id}/photos`,
        headers: { ...contributor.auth, ...bad.headers },
        payload: bad.payload,
      }),
      415,
      'invalid_file_type',
    );
  });

  it('accepted, it becomes the chapter’s next picture, credited; declined, its files go', async () => {
    const { she, contributor, stranger } = await circle();
    const { id } = await newChapter(she);
    await release(she, id);
    const keep = (await suggest(contributor, she, id, 'Gardée')).json().id as string;
    const drop = (await suggest(contributor, she, id)).json().id as string;
    const accept = (user: TestUser, photoId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/suggested-photos/${photoId}/accept`,
        headers: user.auth,
      });
    expectError(await accept(stranger, keep), 404, 'not_found');
    expectError(await accept(contributor, keep), 404, 'not_found');
    const accepted = await accept(she, keep);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ position: 1, legend: 'Gardée', origin: 'photo' });
    const [image] = await ctx.database.db
      .select()
      .from(images)
      .where(eq(images.id, accepted.json().id));
    expect(image).toMatchObject({ contributed: true, contributorId: contributor.id });
    expectError(await accept(she, keep), 404, 'not_found');
    const chapter = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}`,
      headers: she.auth,
    });
    expect(chapter.json().images.map((i: { id: string }) => i.id)).toEqual([accepted.json().id]);

    const before = filesOf(she.id).filter((key) => key.includes(drop));
    expect(before.length).toBeGreaterThan(0);
    const declined = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${id}/suggested-photos/${drop}`,
      headers: she.auth,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(filesOf(she.id).filter((key) => key.includes(drop))).toEqual([]);
    expect(
      await ctx.database.db.select().from(suggestedPhotos).where(eq(suggestedPhotos.id, drop)),
    ).toHaveLength(0);
    // The accepted one's files are still there.
    expect(filesOf(she.id).some((key) => key.includes(keep))).toBe(true);
  });

  it('a full chapter refuses the photo (409 max_images_reached) and keeps the suggestion', async () => {
    const { she, contributor } = await circle();
    const { id } = await newChapter(she);
    await release(she, id);
    const photoId = (await suggest(contributor, she, id)).json().id as string;
    const bytes = await jpeg(64, 48);
    for (let i = 0; i < 5; i++) {
      const body = multipart([
        { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: bytes },
      ]);
      const up = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/images`,
        headers: { ...she.auth, ...body.headers },
        payload: body.payload,
      });
      expect(up.statusCode, up.body).toBe(201);
    }
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/suggested-photos/${photoId}/accept`,
        headers: she.auth,
      }),
      409,
      'max_images_reached',
    );
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}/suggested-photos`,
      headers: she.auth,
    });
    expect(listed.json().data.map((p: { id: string }) => p.id)).toEqual([photoId]);
    expect(filesOf(she.id).some((key) => key.includes(photoId))).toBe(true);
  });

  it('a contributor’s account deletion removes their pending photos and files; accepted ones stay', async () => {
    const { she, contributor } = await circle();
    const { id } = await newChapter(she);
    await release(she, id);
    const pending = (await suggest(contributor, she, id)).json().id as string;
    const kept = (await suggest(contributor, she, id)).json().id as string;
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/suggested-photos/${kept}/accept`,
      headers: she.auth,
    });
    expect(accepted.statusCode).toBe(201);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: contributor.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(filesOf(she.id).filter((key) => key.includes(pending))).toEqual([]);
    expect(filesOf(she.id).some((key) => key.includes(kept))).toBe(true);
    expect(
      await ctx.database.db.select().from(suggestedPhotos).where(eq(suggestedPhotos.id, pending)),
    ).toHaveLength(0);
    const [image] = await ctx.database.db
      .select()
      .from(images)
      .where(eq(images.id, accepted.json().id));
    expect(image).toMatchObject({ contributed: true, contributorId: null });
  });
});

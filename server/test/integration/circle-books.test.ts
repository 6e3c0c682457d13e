// A contributor prepares her book (issue 31): only a joined contributor she allowed (`can_make_book`)
// opens the wizard's calls under /circles/{storytellerId}/books, on her chapters released to the circle
// only; the book is HERS (her list, her full access, her mail), `made_by` naming who prepared it. Every
// route is checked against everyone who must not use it: herself through the circle path, a reader, a
// contributor without the right, a stranger, a member of another circle, a removed member, malformed ids.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from '../support/build.ts';
import { createUser, mailsTo, type TestUser } from '../support/factories.ts';
import { bookBody, fullAccessUser, photo, uploadTo, writtenChapter } from '../support/books.ts';
import { books, circleMembers, circleReleases } from '../../src/db/schema/index.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });
type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

function expectError(response: Reply, status: number, type: string, loc?: unknown[]) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
  if (loc) expect(response.json().detail[0].loc).toEqual(loc);
}

async function seat(
  she: TestUser,
  member: TestUser,
  role: 'reader' | 'contributor',
  canMakeBook: boolean,
): Promise<string> {
  const [row] = await ctx.database.db
    .insert(circleMembers)
    .values({
      ownerId: she.id,
      memberId: member.id,
      email: member.email,
      relation: 'ma fille',
      role,
      canMakeBook,
      acceptedAt: new Date(),
    })
    .returning({ id: circleMembers.id });
  return row!.id;
}

async function release(she: TestUser, conversationId: string) {
  await ctx.database.db.insert(circleReleases).values({ conversationId, ownerId: she.id });
}

function call(
  user: TestUser | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user?.auth ?? {},
    ...(payload ? { payload } : {}),
  });
}

interface World {
  she: TestUser;
  maker: TestUser;
  contributor: TestUser;
  reader: TestUser;
  stranger: TestUser;
  other: TestUser;
  makerSeat: string;
  /** Her released, titled chapters (each with one picture), oldest first. */
  released: { id: string; imageIds: string[] }[];
  privateChapter: { id: string; imageIds: string[] };
  untitled: { id: string };
  otherReleased: { id: string; imageIds: string[] };
  ownPhoto: { id: string };
}

async function world(options: { fullAccess?: boolean } = {}): Promise<World> {
  const she =
    options.fullAccess === false
      ? await createUser(ctx.app, { full_name: 'Jeanne Martin' })
      : await fullAccessUser(ctx.app, { full_name: 'Jeanne Martin' });
  const maker = await createUser(ctx.app, { full_name: 'Marie Dubois' });
  const contributor = await createUser(ctx.app, { full_name: 'Paul Dubois' });
  const reader = await createUser(ctx.app, { full_name: 'Lucas Dubois' });
  const stranger = await createUser(ctx.app, { full_name: 'Inès Inconnue' });
  const other = await fullAccessUser(ctx.app, { full_name: 'Autre Conteuse' });
  const makerSeat = await seat(she, maker, 'contributor', true);
  await seat(she, contributor, 'contributor', false);
  await seat(she, reader, 'reader', false);
  // In another storyteller's circle, the maker has the right too: it opens nothing of hers.
  await seat(other, maker, 'contributor', true);
  const released = [];
  for (let i = 0; i < 4; i++) {
    const chapter = await writtenChapter(ctx.app, she, `Chapitre numéro ${i + 1}`, 1);
    await release(she, chapter.id);
    released.push(chapter);
  }
  const privateChapter = await writtenChapter(ctx.app, she, 'Mon secret', 1);
  const untitled = await writtenChapter(ctx.app, she, null, 0);
  await release(she, untitled.id);
  const otherReleased = await writtenChapter(ctx.app, other, 'Chez l’autre', 1);
  await release(other, otherReleased.id);
  const ownPhoto = await uploadTo(ctx.app, she, '/api/v1/images', await photo(600, 800));
  return {
    she,
    maker,
    contributor,
    reader,
    stranger,
    other,
    makerSeat,
    released,
    privateChapter,
    untitled,
    otherReleased,
    ownPhoto,
  };
}

function bodyFor(w: World, overrides: Record<string, unknown> = {}) {
  return bookBody(
    w.released.map((c) => c.id),
    overrides,
  );
}

async function herBooks(w: World) {
  const response = await call(w.she, 'GET', '/books');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; made_by_name?: string | null }[];
}

describe('a contributor prepares her book', () => {
  let w: World;
  let bookId: string;
  beforeAll(async () => {
    w = await world();
  }, 120_000);

  it('offers only her released chapters with a title, oldest first, with their pictures and text', async () => {
    const response = await call(w.maker, 'GET', `/circles/${w.she.id}/books/chapters`);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json();
    expect(list.count).toBe(4);
    expect(list.data.map((c: { id: string }) => c.id)).toEqual(w.released.map((c) => c.id));
    expect(list.data[0]).toMatchObject({ title: 'Chapitre numéro 1' });
    expect(list.data[0].text).toContain('Douarnenez');
    expect(list.data[0].images).toHaveLength(1);
    expect(list.data[0].images[0].id).toBe(w.released[0]!.imageIds[0]);
    expect(list.data[0].images[0].url).toMatch(/^\/files\/users\//);
    expect(JSON.stringify(list)).not.toContain(w.privateChapter.id);
    expect(JSON.stringify(list)).not.toContain(w.untitled.id);
  });

  it('refuses chapters she did not release to the circle, and pictures that are not the book’s', async () => {
    const url = `/circles/${w.she.id}/books`;
    const ids = w.released.map((c) => c.id);
    for (const [index, intruder] of [
      [1, w.privateChapter.id],
      [2, w.otherReleased.id],
      [3, 'not-a-uuid'],
      [0, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const chosen = [...ids];
      chosen[index] = intruder;
      expectError(await call(w.maker, 'POST', url, bookBody(chosen)), 404, 'not_found', [
        'body',
        'conversation_ids',
        index,
      ]);
    }
    // Her own photo (not in a chapter), the private chapter's picture, a picture of another chapter.
    for (const ref of [
      { conv_id: null, image_id: w.ownPhoto.id },
      { conv_id: w.privateChapter.id, image_id: w.privateChapter.imageIds[0] },
      { conv_id: w.otherReleased.id, image_id: w.otherReleased.imageIds[0] },
    ]) {
      expectError(
        await call(w.maker, 'POST', url, bodyFor(w, { front_cover_image_id: ref })),
        404,
        'not_found',
        ['body', 'front_cover_image_id'],
      );
      expectError(
        await call(w.maker, 'POST', url, bodyFor(w, { back_cover_image_id: ref })),
        404,
        'not_found',
        ['body', 'back_cover_image_id'],
      );
    }
    // A picture id of the right chapter that is not one of its pictures: the books module's check.
    expectError(
      await call(
        w.maker,
        'POST',
        url,
        bodyFor(w, {
          front_cover_image_id: {
            conv_id: w.released[0]!.id,
            image_id: w.privateChapter.imageIds[0],
          },
        }),
      ),
      404,
      'not_found',
    );
    // Suggestions too.
    expectError(
      await call(w.maker, 'POST', `${url}/suggestions`, {
        conversation_ids: [w.released[0]!.id, w.privateChapter.id],
      }),
      404,
      'not_found',
    );
    expect(await herBooks(w)).toEqual([]);
  });

  it('suggests from her released chapters, as hers', async () => {
    const response = await call(w.maker, 'POST', `/circles/${w.she.id}/books/suggestions`, {
      conversation_ids: w.released.map((c) => c.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().summary).toContain('Chapitre numéro 1');
    // Her name is the author's: not in the title.
    expect(response.json().title).not.toContain('Jeanne Martin');
  });

  it('makes the book for her: in her books with who prepared it, mailed to her, seen by its maker', async () => {
    const response = await call(
      w.maker,
      'POST',
      `/circles/${w.she.id}/books`,
      bodyFor(w, {
        front_cover_image_id: { conv_id: w.released[1]!.id, image_id: w.released[1]!.imageIds[0] },
        // Listening pages of her recordings are hers to share: never through a contributor's book.
        voice_codes: true,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const book = response.json();
    bookId = book.id;
    expect(book).toMatchObject({
      generation_status: 'ongoing',
      title: 'Une vie en Bretagne',
      voice_codes: false,
      made_by_name: 'Marie Dubois',
      conversation_ids: w.released.map((c) => c.id),
    });
    const [row] = await ctx.database.db.select().from(books).where(eq(books.id, bookId));
    expect(row).toMatchObject({ userId: w.she.id, madeBy: w.maker.id, voiceCodes: false });

    const hers = await herBooks(w);
    expect(hers.map((b) => b.id)).toEqual([bookId]);
    expect(hers[0]!.made_by_name).toBe('Marie Dubois');

    // mailsTo waits for every job, the book's too.
    const mails = (await mailsTo(ctx.app, w.she.email)).filter((m) =>
      m.subject.includes('a préparé un livre pour vous'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Marie Dubois a préparé un livre pour vous');
    // French typography: no-break spaces inside the quotes and before the colon.
    expect(mails[0]!.text).toContain(
      'Marie Dubois a préparé un livre pour vous\u00a0: «\u00a0Une vie en Bretagne\u00a0».',
    );
    expect(mails[0]!.text).toContain('«\u00a0Mes livres\u00a0»');
    expect(mails[0]!.text).toMatch(/\/books\b/);
    expect(await mailsTo(ctx.app, w.maker.email)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining('livre') }),
    );

    const list = await call(w.maker, 'GET', `/circles/${w.she.id}/books`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().count).toBe(1);
    const made = await call(w.maker, 'GET', `/circles/${w.she.id}/books/${bookId}`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ id: bookId, generation_status: 'success' });
    expect(made.json().url_web_pdf).toMatch(/^\/files\/users\/[0-9a-f-]{36}\/books\//);
    expect(made.json().url_cover_preview).toMatch(/^\/files\/users\//);
    // Her own « book ready » mail is hers too.
    expect(
      (await mailsTo(ctx.app, w.she.email)).some((m) =>
        /Votre livre|book is ready/i.test(m.subject),
      ),
    ).toBe(true);
  }, 180_000);

  it('shows the member only the books they made for her', async () => {
    // Her own book, made by herself: not the member's to see.
    const own = await call(w.she, 'POST', '/books', bodyFor(w));
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().made_by_name).toBeNull();
    expectError(
      await call(w.maker, 'GET', `/circles/${w.she.id}/books/${own.json().id}`),
      404,
      'not_found',
    );
    const list = await call(w.maker, 'GET', `/circles/${w.she.id}/books`);
    expect(list.json().data.map((b: { id: string }) => b.id)).toEqual([bookId]);
    // Her book seen through another circle, and a malformed id.
    expectError(
      await call(w.maker, 'GET', `/circles/${w.other.id}/books/${bookId}`),
      404,
      'not_found',
    );
    expectError(
      await call(w.maker, 'GET', `/circles/${w.she.id}/books/not-a-uuid`),
      404,
      'not_found',
    );
    expect((await call(w.maker, 'GET', `/circles/${w.other.id}/books`)).json().count).toBe(0);
    // In the other circle where the maker has the right too, her chapters are not found.
    expectError(
      await call(w.maker, 'POST', `/circles/${w.other.id}/books`, bodyFor(w)),
      404,
      'not_found',
      ['body', 'conversation_ids', 0],
    );
  });

  it('refuses every route to anyone but an allowed contributor of her circle', async () => {
    const base = `/circles/${w.she.id}/books`;
    const routes = (root: string) =>
      [
        ['GET', `${root}/chapters`, undefined],
        ['POST', `${root}/suggestions`, { conversation_ids: w.released.map((c) => c.id) }],
        ['POST', root, bodyFor(w)],
        ['GET', root, undefined],
        ['GET', `${root}/${bookId}`, undefined],
      ] as const;
    const cases: [string, TestUser | null, string, number, string | null][] = [
      ['herself through the circle path', w.she, base, 404, 'not_found'],
      ['a reader', w.reader, base, 409, 'contributor_only'],
      ['a contributor without the right', w.contributor, base, 409, 'book_not_allowed'],
      ['a stranger', w.stranger, base, 404, 'not_found'],
      ['another storyteller', w.other, base, 404, 'not_found'],
      ['the maker in a malformed circle', w.maker, '/circles/not-a-uuid/books', 404, 'not_found'],
      [
        'the maker in an unknown circle',
        w.maker,
        '/circles/00000000-0000-4000-8000-000000000000/books',
        404,
        'not_found',
      ],
      ['nobody signed in', null, base, 401, null],
    ];
    for (const [who, user, root, status, type] of cases)
      for (const [method, url, payload] of routes(root)) {
        const response = await call(user, method, url, payload as Record<string, unknown>);
        expect(response.statusCode, `${who}: ${method} ${url} ${response.body}`).toBe(status);
        if (type) expect(response.json().detail[0].type, `${who}: ${method} ${url}`).toBe(type);
      }
    // Nothing was made by any of them.
    expect((await herBooks(w)).filter((b) => b.made_by_name).map((b) => b.id)).toEqual([bookId]);
  });

  it('is refused at the next call once she turns the right off or removes the member; the book stays hers', async () => {
    const url = `/circles/${w.she.id}/books`;
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/circle/members/${w.makerSeat}`,
      headers: w.she.auth,
      payload: { can_make_book: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expectError(await call(w.maker, 'GET', url), 409, 'book_not_allowed');
    expectError(await call(w.maker, 'GET', `${url}/${bookId}`), 409, 'book_not_allowed');
    expectError(await call(w.maker, 'POST', url, bodyFor(w)), 409, 'book_not_allowed');

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/circle/members/${w.makerSeat}`,
      headers: w.she.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expectError(await call(w.maker, 'GET', `${url}/chapters`), 404, 'not_found');
    expectError(await call(w.maker, 'GET', `${url}/${bookId}`), 404, 'not_found');
    expectError(await call(w.maker, 'POST', url, bodyFor(w)), 404, 'not_found');
    const hers = await herBooks(w);
    expect(hers.find((b) => b.id === bookId)?.made_by_name).toBe('Marie Dubois');
  });
});

describe('her access and the maker’s account', () => {
  it('is a 402 when she has no full access, as for her own books', async () => {
    const w = await world({ fullAccess: false });
    expectError(
      await call(w.maker, 'POST', `/circles/${w.she.id}/books`, bodyFor(w)),
      402,
      'full_access_required',
    );
    expect(await herBooks(w)).toEqual([]);
  }, 120_000);

  it('keeps the book hers, without a maker, when the contributor deletes their account', async () => {
    const w = await world();
    const created = await call(w.maker, 'POST', `/circles/${w.she.id}/books`, bodyFor(w));
    expect(created.statusCode, created.body).toBe(201);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: w.maker.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const hers = await herBooks(w);
    expect(hers.map((b) => b.id)).toEqual([created.json().id]);
    expect(hers[0]!.made_by_name).toBeNull();
    const [row] = await ctx.database.db
      .select()
      .from(books)
      .where(eq(books.id, created.json().id as string));
    expect(row!.madeBy).toBeNull();
  }, 120_000);
});

// Chapters end to end through HTTP: creation with the opening message, the free-chapter quota, the list
// (sorting, summaries, paging), edits, summary versions with undo/redo, deletion and account deletion.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';
import {
  chatMessages,
  conversations,
  images,
  summaryVersions,
  users,
} from '../../src/db/schema/index.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '3' } });

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

async function create(user: TestUser, query = '') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations${query}`,
    headers: user.auth,
  });
}

async function answer(user: TestUser, id: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/messages`,
    headers: user.auth,
    payload: { content: 'Je suis née à Douarnenez.' },
  });
}

async function me(user: TestUser) {
  return (
    await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth })
  ).json();
}

describe('creating a chapter', () => {
  it('answers the wire shape with the opening message already in the chat', async () => {
    const user = await createUser(ctx.app, { full_name: 'Jeanne Martin' });
    const response = await create(user);
    expect(response.statusCode).toBe(201);
    const chapter = response.json();
    expect(chapter).toMatchObject({
      title_infos: { title: null },
      keywords_infos: { keywords: [] },
      summary_infos: { summary: null, allowed_actions: [], warnings: [] },
      images: [],
      conv_author: null,
      chat_count: 1,
    });
    expect(new Date(chapter.created_at).toISOString()).toBe(chapter.created_at);
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${chapter.id}/messages`,
      headers: user.auth,
    });
    const [opening] = history.json().data;
    expect(opening.type).toBe('assistant');
    expect(opening.content).toContain('Jeanne');
    const [stored] = await ctx.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, chapter.id));
    expect(stored!.questionId).toBeTruthy();
  });

  it('counts a free chapter at its first answer, then 402 quota_exceeded; deleting one does not give it back', async () => {
    const user = await createUser(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await create(user);
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
      // Creating costs nothing; the first answer does, and only the first.
      expect((await me(user)).free_chapters_allowed).toBe(3 - i);
      expect((await answer(user, ids[i]!)).statusCode).toBe(200);
      expect((await me(user)).free_chapters_allowed).toBe(2 - i);
      expect((await answer(user, ids[i]!)).statusCode).toBe(200);
      expect((await me(user)).free_chapters_allowed).toBe(2 - i);
    }
    expectError(await create(user), 402, 'quota_exceeded');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${ids[0]}`,
      headers: user.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expectError(await create(user), 402, 'quota_exceeded');
    expect((await me(user)).free_chapters_allowed).toBe(0);
  });

  it('spends nothing on a chapter left without an answer', async () => {
    const user = await createUser(ctx.app);
    const empty = await create(user);
    expect(empty.statusCode).toBe(201);
    expect((await me(user)).free_chapters_allowed).toBe(3);
    // Deleting the empty chapter gives nothing back either: there was nothing to give.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${empty.json().id}`,
      headers: user.auth,
    });
    expect((await me(user)).free_chapters_allowed).toBe(3);
  });

  it('refuses the first answer of a chapter once the free chapters are spent elsewhere', async () => {
    const user = await createUser(ctx.app);
    // Four chapters opened while three were free: the fourth first answer is refused, stores nothing.
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await create(user)).json().id);
    for (const id of ids.slice(0, 3)) expect((await answer(user, id)).statusCode).toBe(200);
    expectError(await answer(user, ids[3]!), 402, 'quota_exceeded');
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, ids[3]!), eq(chatMessages.type, 'user')));
    expect(row!.n).toBe(0);
    // The chapters already answered go on.
    expect((await answer(user, ids[0]!)).statusCode).toBe(200);
    expect((await me(user)).free_chapters_allowed).toBe(0);
  });

  it('never lets simultaneous first answers take more than the allowance', async () => {
    const user = await createUser(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await create(user)).json().id);
    const responses = await Promise.all(ids.map((id) => answer(user, id)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 402)).toHaveLength(3);
    expect((await me(user)).free_chapters_allowed).toBe(0);
  });

  it('lets full access create and answer beyond the allowance, each chapter still counted once', async () => {
    const user = await createUser(ctx.app);
    ctx.app.services.conversations.setFullAccessCheck(async (id) => id === user.id);
    try {
      for (let i = 0; i < 5; i++) {
        const created = await create(user);
        expect(created.statusCode).toBe(201);
        expect((await answer(user, created.json().id)).statusCode).toBe(200);
        expect((await answer(user, created.json().id)).statusCode).toBe(200);
      }
      const [row] = await ctx.database.db
        .select({ n: users.chaptersCreated })
        .from(users)
        .where(eq(users.id, user.id));
      expect(row!.n).toBe(5);
    } finally {
      ctx.app.services.conversations.setFullAccessCheck(async () => false);
    }
    // Without full access again, no sixth chapter.
    expectError(await create(user), 402, 'quota_exceeded');
  });

  it('moves a chapter to the top of the list by update when the biographer replies in it', async () => {
    const user = await createUser(ctx.app);
    const first = (await create(user)).json().id;
    const second = (await create(user)).json().id;
    const byUpdate = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/conversations?sort_by=updated_at&sort_order=descending',
          headers: user.auth,
        })
      )
        .json()
        .data.map((c: { id: string }) => c.id);
    expect(await byUpdate()).toEqual([second, first]);
    expect((await answer(user, first)).statusCode).toBe(200);
    expect(await byUpdate()).toEqual([first, second]);
  });

  it('asks multi-user accounts whose chapter it is', async () => {
    const user = await createUser(ctx.app, { account_type: 'multi-users' });
    const missing = await create(user);
    expectError(missing, 422, 'validation_error');
    expect(missing.json().detail[0].loc).toEqual(['querystring', 'conv_author']);
    expectError(await create(user, '?conv_author=%20%20'), 422, 'validation_error');
    const response = await create(user, '?conv_author=Mamie%20Rose');
    expect(response.statusCode).toBe(201);
    expect(response.json().conv_author).toBe('Mamie Rose');
    // The refused attempts did not count; the chapter counts at its first answer.
    expect((await me(user)).free_chapters_allowed).toBe(3);
    expect((await answer(user, response.json().id)).statusCode).toBe(200);
    expect((await me(user)).free_chapters_allowed).toBe(2);
  });
});

describe('listing chapters', () => {
  it('sorts, pages, counts and leaves summaries out unless asked', async () => {
    const user = await createUser(ctx.app);
    ctx.app.services.conversations.setFullAccessCheck(async () => true);
    const ids: string[] = [];
    try {
      for (let i = 0; i < 4; i++) ids.push((await create(user)).json().id);
    } finally {
      ctx.app.services.conversations.setFullAccessCheck(async () => false);
    }
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${ids[0]}`,
      headers: user.auth,
      payload: { summary: 'Mon enfance à Lyon.' },
    });
    const list = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/conversations${query}`, headers: user.auth });

    const descending = (await list('?sort_by=created_at&sort_order=descending')).json();
    expect(descending.count).toBe(4);
    expect(descending.data.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    expect(
      descending.data.every(
        (c: { summary_infos: { summary: unknown } }) => c.summary_infos.summary === null,
      ),
    ).toBe(true);

    const ascending = (
      await list('?sort_by=created_at&sort_order=ascending&skip=1&limit=2')
    ).json();
    expect(ascending.count).toBe(4);
    expect(ascending.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(1, 3));

    const byUpdate = (
      await list('?sort_by=updated_at&sort_order=descending&include_summaries=true')
    ).json();
    expect(byUpdate.data[0].id).toBe(ids[0]);
    expect(byUpdate.data[0].summary_infos.summary).toBe('Mon enfance à Lyon.');

    for (const bad of [
      '?sort_by=title',
      '?sort_order=up',
      '?limit=101',
      '?limit=0',
      '?skip=-1',
      '?include_summaries=maybe',
    ])
      expectError(await list(bad), 422, 'validation_error');
  });

  it('counts messages stored and deleted at the same moment exactly (each raises the count by one)', async () => {
    const user = await createUser(ctx.app);
    const { id } = (await create(user)).json();
    const { db } = ctx.database;
    const count = async () =>
      (
        await db
          .select({ n: conversations.chatCount })
          .from(conversations)
          .where(eq(conversations.id, id))
      )[0]!.n;
    // On PostgreSQL these run on the pool's connections at once, each waiting for the chapter's row.
    const stored = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        db
          .insert(chatMessages)
          .values({ conversationId: id, userId: user.id, type: 'user', content: `réponse ${n}` })
          .returning({ id: chatMessages.id }),
      ),
    );
    expect(await count()).toBe(13);
    await Promise.all(
      stored
        .slice(0, 5)
        .map(([row]) => db.delete(chatMessages).where(eq(chatMessages.id, row!.id))),
    );
    expect(await count()).toBe(8);
    const [{ n: real }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, id));
    expect(real).toBe(8);
  });

  it("bumps the person's content version for what the list shows, not for the generation lease", async () => {
    const user = await createUser(ctx.app);
    const { id } = (await create(user)).json();
    const { db } = ctx.database;
    const version = async () =>
      (await db.select({ v: users.contentVersion }).from(users).where(eq(users.id, user.id)))[0]!.v;
    const before = await version();
    await db
      .update(conversations)
      .set({ generatingUntil: new Date(Date.now() + 60_000) })
      .where(eq(conversations.id, id));
    await db.update(conversations).set({ generatingUntil: null }).where(eq(conversations.id, id));
    // Written again as it was: nothing shown changed either.
    await db
      .update(conversations)
      .set({ title: sql`${conversations.title}` })
      .where(eq(conversations.id, id));
    expect(await version()).toBe(before);
    await db.update(conversations).set({ title: 'Le moulin' }).where(eq(conversations.id, id));
    expect(await version()).toBe(before + 1);
    // The lease and a shown column in one update: one bump.
    await db
      .update(conversations)
      .set({ title: 'Le moulin de Papa', generatingUntil: new Date(Date.now() + 60_000) })
      .where(eq(conversations.id, id));
    expect(await version()).toBe(before + 2);
  });

  it('shows the message count and redo at once, whoever writes the rows (kept by triggers)', async () => {
    const user = await createUser(ctx.app);
    const { id } = (await create(user)).json();
    const listed = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/conversations', headers: user.auth })
      ).json().data[0];
    expect((await listed()).chat_count).toBe(1);
    const [chapter] = await ctx.database.db
      .select({ userId: conversations.userId })
      .from(conversations)
      .where(eq(conversations.id, id));
    await ctx.database.db.insert(chatMessages).values(
      ['un', 'deux'].map((content) => ({
        conversationId: id,
        userId: chapter!.userId,
        type: 'user' as const,
        content,
      })),
    );
    expect((await listed()).chat_count).toBe(3);
    await ctx.database.db.delete(chatMessages).where(eq(chatMessages.content, 'deux'));
    expect((await listed()).chat_count).toBe(2);

    // Versions written directly: the list knows a version follows the shown one, then that none does.
    await ctx.database.db.insert(summaryVersions).values([
      { conversationId: id, version: 1, text: 'Un.' },
      { conversationId: id, version: 2, text: 'Deux.' },
    ]);
    await ctx.database.db
      .update(conversations)
      .set({ summaryCursor: 1 })
      .where(eq(conversations.id, id));
    expect((await listed()).summary_infos.allowed_actions).toEqual(['redo']);
    await ctx.database.db
      .delete(summaryVersions)
      .where(and(eq(summaryVersions.conversationId, id), eq(summaryVersions.version, 2)));
    expect((await listed()).summary_infos.allowed_actions).toEqual([]);
  });

  it('shows nobody else’s chapters', async () => {
    const owner = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const id = (await create(owner)).json().id;
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/conversations',
      headers: other.auth,
    });
    expect(list.json()).toEqual({ data: [], count: 0 });
    for (const method of ['GET', 'DELETE'] as const)
      expectError(
        await ctx.app.inject({ method, url: `/api/v1/conversations/${id}`, headers: other.auth }),
        404,
        'not_found',
      );
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/conversations/${id}`,
        headers: other.auth,
        payload: { title: 'Volé' },
      }),
      404,
      'not_found',
    );
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/conversations/${id}`,
          headers: owner.auth,
        })
      ).json().title_infos.title,
    ).toBeNull();
  });

  it('answers 404 for unknown and malformed ids, 401 without a token', async () => {
    const user = await createUser(ctx.app);
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '1',
      "'; drop table users; --",
    ])
      expectError(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/conversations/${encodeURIComponent(id)}`,
          headers: user.auth,
        }),
        404,
        'not_found',
      );
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/conversations' }),
      401,
      'not_authenticated',
    );
  });
});

describe('the list kept in memory (content version, ETag, compression)', () => {
  const LIST = '/api/v1/conversations?sort_by=created_at&sort_order=descending&skip=0&limit=100';

  async function list(user: TestUser, headers: Record<string, string> = {}, url = LIST) {
    return ctx.app.inject({ method: 'GET', url, headers: { ...user.auth, ...headers } });
  }

  /** The list as the person would get it now, asked twice (the second from memory when kept). */
  async function current(user: TestUser, url = LIST) {
    const first = await list(user, {}, url);
    const second = await list(user, {}, url);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    return first;
  }

  async function jpeg(): Promise<Buffer> {
    return sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
  }

  it('answers the same JSON in identity, gzip and brotli, with an ETag, a 304 and no stale 304', async () => {
    const user = await createUser(ctx.app);
    const { id } = (await create(user)).json();
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
      payload: { title: 'Les vendanges', summary: 'Septembre à Mâcon.' },
    });
    const plain = await current(user);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    // Signed in: nothing kept by the browser (issue 28); the ETag still serves a client that sends it.
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(plain.json().data[0].title_infos.title).toBe('Les vendanges');

    const gzipped = await list(user, { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gzipped.headers.etag).toBe(etag);
    const brotli = await list(user, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const refused = await list(user, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);

    const notModified = await list(user, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect((await list(user, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);

    // Each page and shape has its own answer.
    const withSummaries = await current(user, `${LIST}&include_summaries=true`);
    expect(withSummaries.json().data[0].summary_infos.summary).toBe('Septembre à Mâcon.');
    expect(withSummaries.headers.etag).not.toBe(etag);
    expect(plain.json().data[0].summary_infos.summary).toBeNull();

    // After a change the old ETag gets the new list, not a 304.
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
      payload: { title: 'Les moissons' },
    });
    const changed = await list(user, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data[0].title_infos.title).toBe('Les moissons');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('changes at once after every kind of write, through the API or straight in the database', async () => {
    const user = await createUser(ctx.app);
    ctx.app.services.conversations.setFullAccessCheck(async () => true);
    let id: string;
    let second: string;
    try {
      id = (await create(user)).json().id;
      second = (await create(user)).json().id;
    } finally {
      ctx.app.services.conversations.setFullAccessCheck(async () => false);
    }
    const chapter = async (chapterId = id) =>
      (await current(user)).json().data.find((c: { id: string }) => c.id === chapterId);
    const summarised = async () =>
      (await current(user, `${LIST}&include_summaries=true`))
        .json()
        .data.find((c: { id: string }) => c.id === id);
    expect((await chapter()).chat_count).toBe(1);
    await summarised();

    // Rename, author, summary, undo.
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
      payload: { title: 'La ferme' },
    });
    expect((await chapter()).title_infos.title).toBe('La ferme');
    for (const summary of ['Un.', 'Deux.'])
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/conversations/${id}`,
        headers: user.auth,
        payload: { summary },
      });
    expect((await summarised()).summary_infos).toMatchObject({
      summary: 'Deux.',
      allowed_actions: ['undo'],
    });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}/summaries?action=undo`,
      headers: user.auth,
    });
    expect((await summarised()).summary_infos).toMatchObject({
      summary: 'Un.',
      allowed_actions: ['redo'],
    });
    // A version's text or warnings changed in place.
    await ctx.database.db
      .update(summaryVersions)
      .set({ text: 'Un, revu.', warnings: ['date'] })
      .where(and(eq(summaryVersions.conversationId, id), eq(summaryVersions.version, 1)));
    expect((await summarised()).summary_infos).toMatchObject({
      summary: 'Un, revu.',
      warnings: ['date'],
    });
    // Keywords written by a job, straight in the row.
    await ctx.database.db
      .update(conversations)
      .set({ keywords: ['vignes'] })
      .where(eq(conversations.id, id));
    expect((await chapter()).keywords_infos.keywords).toEqual(['vignes']);

    // Messages.
    const [message] = await ctx.database.db
      .insert(chatMessages)
      .values({ conversationId: id, userId: user.id, type: 'user', content: 'Bonjour.' })
      .returning({ id: chatMessages.id });
    expect((await chapter()).chat_count).toBe(2);
    await ctx.database.db.delete(chatMessages).where(eq(chatMessages.id, message!.id));
    expect((await chapter()).chat_count).toBe(1);

    // Pictures: uploaded, captioned, deleted, and moved straight in the database.
    const body = multipart([
      { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/images`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    const [picture] = (await chapter()).images;
    expect(picture).toMatchObject({ legend: null, position: 1 });
    expect(picture.url).toMatch(/signature=/);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}/images/${picture.id}`,
      headers: user.auth,
      payload: { legend: 'Au pressoir' },
    });
    expect((await chapter()).images[0].legend).toBe('Au pressoir');
    await ctx.database.db
      .update(images)
      .set({ conversationId: second, position: 1 })
      .where(eq(images.id, picture.id));
    expect((await chapter()).images).toEqual([]);
    expect((await chapter(second)).images.map((i: { id: string }) => i.id)).toEqual([picture.id]);
    await ctx.database.db
      .update(images)
      .set({ conversationId: id })
      .where(eq(images.id, picture.id));
    expect((await chapter()).images).toHaveLength(1);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${id}/images/${picture.id}`,
      headers: user.auth,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await chapter()).images).toEqual([]);

    // Deleting a chapter, through the API and in the database.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${second}`,
      headers: user.auth,
    });
    expect((await current(user)).json().count).toBe(1);
    await ctx.database.db.delete(conversations).where(eq(conversations.id, id));
    expect((await current(user)).json()).toEqual({ data: [], count: 0 });
  });

  it('keeps each person’s list apart: another’s writes change nothing, their ETag gets a 200', async () => {
    const owner = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const mine = (await create(owner)).json().id;
    const theirs = (await create(other)).json().id;
    const before = await current(owner);
    const etag = before.headers.etag as string;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${theirs}`,
      headers: other.auth,
      payload: { title: 'Chez les autres' },
    });
    await ctx.database.db
      .insert(chatMessages)
      .values({ conversationId: theirs, userId: other.id, type: 'user', content: 'Salut.' });
    const after = await list(owner, { 'if-none-match': etag });
    expect(after.statusCode).toBe(304);
    const otherList = await list(other, { 'if-none-match': etag });
    expect(otherList.statusCode).toBe(200);
    expect(otherList.json().data.map((c: { id: string }) => c.id)).toEqual([theirs]);
    expect(otherList.json().data[0].title_infos.title).toBe('Chez les autres');
    expect((await current(owner)).json().data.map((c: { id: string }) => c.id)).toEqual([mine]);
  });
});

describe('editing a chapter', () => {
  it('changes the title and the author, refuses empty or unknown bodies', async () => {
    const user = await createUser(ctx.app);
    const id = (await create(user)).json().id;
    const patch = (payload: unknown) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/conversations/${id}`,
        headers: user.auth,
        payload: payload as object,
      });
    const titled = await patch({ title: '  Les étés à Noirmoutier ' });
    expect(titled.statusCode).toBe(200);
    expect(titled.json().title_infos.title).toBe('Les étés à Noirmoutier');
    expect((await patch({ conv_author: 'Papi' })).json().conv_author).toBe('Papi');
    expectError(await patch({}), 422, 'validation_error');
    expectError(await patch({ title: 42 }), 422, 'validation_error');
    expectError(await patch({ color: 'red' }), 422, 'validation_error');
    expectError(await patch({ title: 'x'.repeat(201) }), 422, 'validation_error');
  });

  it('keeps summary versions with undo and redo, and drops the redo branch on a new edit', async () => {
    const user = await createUser(ctx.app);
    const id = (await create(user)).json().id;
    const patch = (summary: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/conversations/${id}`,
        headers: user.auth,
        payload: { summary },
      });
    const move = (action: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/conversations/${id}/summaries?action=${action}`,
        headers: user.auth,
      });

    expectError(await move('undo'), 409, 'undo_not_allowed');
    expectError(await move('redo'), 409, 'redo_not_allowed');
    expectError(await move('sideways'), 422, 'validation_error');
    expect((await patch('Version un')).json().summary_infos).toEqual({
      summary: 'Version un',
      allowed_actions: [],
      warnings: [],
    });
    expect((await patch('Version deux')).json().summary_infos).toEqual({
      summary: 'Version deux',
      allowed_actions: ['undo'],
      warnings: [],
    });
    await patch('Version trois');
    expect((await move('undo')).json().summary_infos).toEqual({
      summary: 'Version deux',
      allowed_actions: ['undo', 'redo'],
      warnings: [],
    });
    expect((await move('undo')).json().summary_infos).toEqual({
      summary: 'Version un',
      allowed_actions: ['redo'],
      warnings: [],
    });
    expectError(await move('undo'), 409, 'undo_not_allowed');
    expect((await move('redo')).json().summary_infos.summary).toBe('Version deux');
    // A new version after an undo drops "Version trois".
    expect((await patch('Version quatre')).json().summary_infos).toEqual({
      summary: 'Version quatre',
      allowed_actions: ['undo'],
      warnings: [],
    });
    expectError(await move('redo'), 409, 'redo_not_allowed');
    expect((await move('undo')).json().summary_infos.summary).toBe('Version deux');
    const versions = await ctx.database.db
      .select()
      .from(summaryVersions)
      .where(eq(summaryVersions.conversationId, id));
    expect(versions.map((v) => v.text).sort()).toEqual([
      'Version deux',
      'Version quatre',
      'Version un',
    ]);
  });
});

describe('deleting', () => {
  it('removes the chapter, its messages, its versions and its files', async () => {
    const user = await createUser(ctx.app);
    const id = (await create(user)).json().id;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
      payload: { summary: 'Texte' },
    });
    const key = `users/${user.id}/conversations/${id}/audio/x.wav`;
    await ctx.app.services.storage.put(key, Buffer.from('RIFF'), 'audio/wav');
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${id}`,
      headers: user.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.app.services.storage.get(key)).toBeNull();
    expect(
      await ctx.database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, id)),
    ).toEqual([]);
    expect(
      await ctx.database.db
        .select()
        .from(summaryVersions)
        .where(eq(summaryVersions.conversationId, id)),
    ).toEqual([]);
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/conversations/${id}`,
        headers: user.auth,
      }),
      404,
      'not_found',
    );
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/conversations/${id}`,
        headers: user.auth,
      }),
      404,
      'not_found',
    );
  });

  it('deleting the account deletes every chapter, message and file', async () => {
    const user = await createUser(ctx.app);
    const id = (await create(user)).json().id;
    const key = `users/${user.id}/conversations/${id}/audio/y.wav`;
    await ctx.app.services.storage.put(key, Buffer.from('RIFF'), 'audio/wav');
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: user.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.app.services.storage.get(key)).toBeNull();
    expect(
      await ctx.database.db.select().from(conversations).where(eq(conversations.userId, user.id)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(chatMessages).where(eq(chatMessages.userId, user.id)),
    ).toEqual([]);
  });
});

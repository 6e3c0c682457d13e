// The book.generate job run by hand (no queue workers), to reach the cases a queue would hide: a worker that
// dies half-way (the retry ends in one set of files), retries that all fail, a chapter deleted while the
// book is being made, a book deleted meanwhile, a run twice, and a book whose job vanished for good.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { bookBody, fullAccessUser, writtenChapter } from '../support/books.ts';
import type { TestUser } from '../support/factories.ts';
import { books } from '../../src/db/schema/index.ts';
import { BOOK_JOB_RETRIES, bookFolder } from '../../src/modules/books/service.ts';
import { Typesetter } from '../../src/modules/books/typesetter.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' }, workers: false });

afterEach(() => {
  vi.restoreAllMocks();
});

async function newBook(user: TestUser) {
  const chapters = [];
  for (let i = 0; i < 4; i++)
    chapters.push(await writtenChapter(ctx.app, user, `Souvenir ${i + 1}`, 1));
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/books',
    headers: user.auth,
    payload: bookBody(chapters.map((c) => c.id)),
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as string, chapters };
}

async function read(user: TestUser, id: string) {
  return (
    await ctx.app.inject({ method: 'GET', url: `/api/v1/books/${id}`, headers: user.auth })
  ).json();
}

/** What a finished book keeps, in name order. */
const EVERY_FILE = ['book.epub', 'cover.pdf', 'cover.png', 'interior.pdf', 'screen.pdf'];

function filesOf(userId: string, bookId: string): string[] {
  const dir = join(ctx.config.dataDir, 'files', bookFolder(userId, bookId));
  try {
    return readdirSync(dir)
      .filter((name) => !name.endsWith('.meta.json'))
      .sort();
  } catch {
    return [];
  }
}

describe('book.generate', () => {
  it('survives a worker dying half-way: the retry completes with one set of files', async () => {
    const user = await fullAccessUser(ctx.app);
    const { id } = await newBook(user);
    const storage = ctx.app.services.storage;
    const put = storage.put.bind(storage);
    let writes = 0;
    vi.spyOn(storage, 'put').mockImplementation(async (key, bytes, type) => {
      // The process dies after its first file: what it wrote stays, the row is still ongoing.
      if (++writes === 2) throw new Error('worker killed');
      return put(key, bytes, type);
    });
    await expect(ctx.app.services.books.generate(id, 0)).rejects.toThrow('worker killed');
    expect((await read(user, id)).generation_status).toBe('ongoing');
    // The EPUB is written first, while the interior is typeset.
    expect(filesOf(user.id, id)).toEqual(['book.epub']);

    await ctx.app.services.books.generate(id, 1);
    const book = await read(user, id);
    expect(book.generation_status).toBe('success');
    expect(filesOf(user.id, id)).toEqual(EVERY_FILE);
    // A third delivery of the same job changes nothing.
    vi.restoreAllMocks();
    const before = await ctx.database.db.select().from(books).where(eq(books.id, id));
    const thirdWrites = vi.spyOn(ctx.app.services.storage, 'put');
    await ctx.app.services.books.generate(id, 2);
    const after = await ctx.database.db.select().from(books).where(eq(books.id, id));
    expect(after[0]!.updatedAt).toEqual(before[0]!.updatedAt);
    // Not typeset again either: no file is written.
    expect(thirdWrites).not.toHaveBeenCalled();
  });

  it('ends in failure with a message once every retry has failed', async () => {
    const user = await fullAccessUser(ctx.app);
    const { id } = await newBook(user);
    vi.spyOn(ctx.app.services.storage, 'put').mockRejectedValue(new Error('disk full'));
    for (let attempt = 0; attempt < BOOK_JOB_RETRIES; attempt++)
      await expect(ctx.app.services.books.generate(id, attempt)).rejects.toThrow('disk full');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await ctx.app.services.books.generate(id, BOOK_JOB_RETRIES);
    const book = await read(user, id);
    expect(book.generation_status).toBe('failure');
    expect(book.generation_error).toMatch(/mise en page du livre a échoué/);
    expect(book.url_pdf).toBeNull();
  });

  it('keeps none of the files made before typesetting failed for good', async () => {
    const user = await fullAccessUser(ctx.app);
    const { id } = await newBook(user);
    // The EPUB is made and written before Typst lays the book out; Typst then fails.
    vi.spyOn(Typesetter.prototype, 'run').mockRejectedValue(new Error('Typst: out of memory'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(ctx.app.services.books.generate(id, 0)).rejects.toThrow('out of memory');
    expect(filesOf(user.id, id)).toEqual(['book.epub']);
    await ctx.app.services.books.generate(id, BOOK_JOB_RETRIES);
    const book = await read(user, id);
    expect(book.generation_status).toBe('failure');
    expect(book.url_epub).toBeNull();
    expect(filesOf(user.id, id)).toEqual([]);
  });

  it('leaves the files of a book another delivery finished while this one was failing', async () => {
    const user = await fullAccessUser(ctx.app);
    const { id } = await newBook(user);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const run = vi.spyOn(Typesetter.prototype, 'run');
    run.mockImplementationOnce(async () => {
      // While this attempt is at Typst, another delivery makes the whole book; then this one fails.
      run.mockRestore();
      await ctx.app.services.books.generate(id, 0);
      throw new Error('Typst: late failure');
    });
    await ctx.app.services.books.generate(id, BOOK_JOB_RETRIES);
    expect((await read(user, id)).generation_status).toBe('success');
    expect(filesOf(user.id, id)).toEqual(EVERY_FILE);
  });

  it('fails at once, plainly, when a chapter was deleted while the book was waiting', async () => {
    const user = await fullAccessUser(ctx.app);
    const { id, chapters } = await newBook(user);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${chapters[2]!.id}`,
      headers: user.auth,
    });
    await ctx.app.services.books.generate(id, 0);
    const book = await read(user, id);
    expect(book.generation_status).toBe('failure');
    expect(book.generation_error).toMatch(/chapitre de ce livre a été supprimé/);
  });

  it('leaves no file behind for a book deleted while it was being made', async () => {
    const user = await fullAccessUser(ctx.app);
    const { id } = await newBook(user);
    const storage = ctx.app.services.storage;
    const put = storage.put.bind(storage);
    let deleted = false;
    vi.spyOn(storage, 'put').mockImplementation(async (key, bytes, type) => {
      if (!deleted) {
        deleted = true;
        await ctx.app.inject({ method: 'DELETE', url: `/api/v1/books/${id}`, headers: user.auth });
      }
      return put(key, bytes, type);
    });
    await ctx.app.services.books.generate(id, 0);
    expect(filesOf(user.id, id)).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/books/${id}`, headers: user.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('shows a book whose job vanished as failed after 30 minutes, never ongoing forever', async () => {
    const user = await fullAccessUser(ctx.app);
    const { id } = await newBook(user);
    expect((await read(user, id)).generation_status).toBe('ongoing');
    await ctx.database.db
      .update(books)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(books.id, id));
    const book = await read(user, id);
    expect(book.generation_status).toBe('failure');
    expect(book.generation_error).toMatch(/trop de temps/);
    // The job arriving after that does nothing.
    await ctx.app.services.books.generate(id, 0);
    expect((await read(user, id)).generation_status).toBe('failure');
  });
});

// Books end to end through HTTP and the real job queue: full access, the 4–10 titled chapters of the
// person, pictures that must be theirs, the book typeset into its four files (checked with poppler:
// A5, fonts embedded, French typography, table of contents), suggestions, listing, deletion with files.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, mailsTo, type TestUser } from '../support/factories.ts';
import {
  bookBody,
  download,
  fullAccessUser,
  photo,
  uploadTo,
  writtenChapter,
} from '../support/books.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });
type Reply = Awaited<ReturnType<typeof ctx.app.inject>>;

function expectError(response: Reply, status: number, type: string, loc?: unknown[]) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
  if (loc) expect(response.json().detail[0].loc).toEqual(loc);
}

function post(user: TestUser, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/books',
    headers: user.auth,
    payload: payload as Record<string, unknown>,
  });
}

async function chapters(user: TestUser, count: number, pictures = 1) {
  const list = [];
  for (let i = 0; i < count; i++)
    list.push(await writtenChapter(ctx.app, user, `Chapitre numéro ${i + 1}`, pictures));
  return list;
}

async function finished(user: TestUser, id: string) {
  await ctx.app.services.queue.drain(60_000);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/books/${id}`,
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function poppler(tool: string, file: string, ...args: string[]): string {
  // pdftotext writes beside the file unless told `-` (standard output).
  const output = tool === 'pdftotext' ? ['-'] : [];
  return execFileSync(tool, [...args, file, ...output], { encoding: 'utf8' });
}

describe('making a book', () => {
  it('typesets 4 chapters with pictures, cover and portrait into four files, and says so by mail', async () => {
    const user = await fullAccessUser(ctx.app);
    const list = await chapters(user, 4, 2);
    const portrait = await uploadTo(
      ctx.app,
      user,
      '/api/v1/images',
      await photo(600, 800, '#445566'),
    );
    const created = await post(
      user,
      bookBody(
        list.map((c) => c.id),
        {
          front_cover_image_id: { conv_id: list[1]!.id, image_id: list[1]!.imageIds[0] },
          back_cover_image_id: { conv_id: null, image_id: portrait.id },
        },
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      generation_status: 'ongoing',
      url_pdf: null,
      title: 'Une vie en Bretagne',
      conversation_ids: list.map((c) => c.id),
      large_print: false,
      language: 'fr',
    });

    const book = await finished(user, created.json().id);
    expect(book.generation_status).toBe('success');
    expect(book.generation_error).toBeNull();
    expect(book.page_count % 2).toBe(0);
    for (const key of ['url_pdf', 'url_web_pdf', 'url_cover_pdf', 'url_cover_preview'])
      expect(book[key], key).toMatch(/^\/files\/users\/[0-9a-f-]{36}\/books\//);

    const dir = mkdtempSync(join(tmpdir(), 'book-'));
    const interior = join(dir, 'interior.pdf');
    writeFileSync(interior, await download(ctx.app, book.url_pdf));
    const info = poppler('pdfinfo', interior);
    expect(info).toMatch(/Page size:\s+419\.\d+ x 595\.\d+ pts/); // A5
    expect(info).toMatch(new RegExp(`Pages:\\s+${book.page_count}\\b`));
    const fonts = poppler('pdffonts', interior);
    expect(fonts).toMatch(/EBGaramond-Regular/);
    for (const line of fonts.split('\n').slice(2).filter(Boolean))
      expect(line.split(/\s+/).at(-5), line).toBe('yes'); // embedded
    const text = poppler('pdftotext', interior, '-layout');
    expect(text).toContain('Table des matières');
    expect(text).toContain('Chapitre numéro 4');
    // French typography (poppler prints no-break spaces as spaces; test/unit/books checks the code points).
    expect(text).toMatch(/« Le bonheur, c’est simple… »/);
    expect(text).toMatch(/l’aube ;/);
    expect(text).toContain('Photo 2 : la maison « du port »');
    expect(text).toContain('À mes petits-enfants.');

    const cover = join(dir, 'cover.pdf');
    writeFileSync(cover, await download(ctx.app, book.url_cover_pdf));
    // Wrap: two A5 faces, the spine and 3 mm of bleed on each side.
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(poppler('pdfinfo', cover))!;
    const mm = (pt: string) => (Number(pt) * 25.4) / 72;
    expect(mm(height!)).toBeCloseTo(216, 0);
    expect(mm(width!)).toBeGreaterThan(2 * 148 + 6);
    const png = await download(ctx.app, book.url_cover_preview);
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    // Issue 33: the EPUB beside the PDF, its size on the wire; no voice codes, so no EPUB with voice.
    expect(book.url_epub).toMatch(/^\/files\/users\/[0-9a-f-]{36}\/books\/.*\.epub/);
    const epub = await download(ctx.app, book.url_epub);
    expect(epub.byteLength).toBe(book.epub_size);
    expect(epub.toString('latin1', 30, 58)).toBe('mimetypeapplication/epub+zip');
    expect(book.url_epub_with_voice).toBeNull();
    expect(book.epub_with_voice_size).toBeNull();

    const mails = await mailsTo(ctx.app, user.email);
    expect(mails[0]!.subject).toContain('Une vie en Bretagne');
    expect(mails[0]!.text).toContain(`/book/${book.id}`);
  });

  it('lists the person’s books newest first and deletes one with its files', async () => {
    const user = await fullAccessUser(ctx.app);
    const list = await chapters(user, 4, 0);
    const first = (await post(user, bookBody(list.map((c) => c.id)))).json();
    const second = (
      await post(user, bookBody(list.map((c) => c.id).reverse(), { title: 'Deuxième' }))
    ).json();
    const done = await finished(user, second.id);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/books',
      headers: user.auth,
    });
    expect(listed.json().count).toBe(2);
    expect(listed.json().data.map((b: { id: string }) => b.id)).toEqual([second.id, first.id]);

    const other = await createUser(ctx.app);
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await ctx.app.inject({
        method,
        url: `/api/v1/books/${second.id}`,
        headers: other.auth,
      });
      expectError(response, 404, 'not_found');
    }
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/books/${second.id}`,
      headers: user.auth,
    });
    expect(removed.statusCode).toBe(200);
    // Every one of its files is gone, not only the one a person downloads.
    for (const key of [
      'url_pdf',
      'url_web_pdf',
      'url_cover_pdf',
      'url_cover_preview',
      'url_epub',
    ] as const) {
      const path = (done[key] as string).replace(/^https?:\/\/[^/]+/, '');
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode, key).toBe(404);
    }
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/books/${second.id}`,
        headers: user.auth,
      }),
      404,
      'not_found',
    );
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/books/not-a-uuid', headers: user.auth }),
      404,
      'not_found',
    );
  });

  it('makes a correct book of emoji and right-to-left titles, a chapter without pictures and large print', async () => {
    const user = await fullAccessUser(ctx.app, { current_language: 'en-US' });
    const list = [
      await writtenChapter(ctx.app, user, 'Summer 1960 🌞🏖️ at the sea', 0),
      await writtenChapter(ctx.app, user, 'שלום — مرحبا', 0),
      await writtenChapter(ctx.app, user, 'A "quiet" life... really?', 1),
      await writtenChapter(ctx.app, user, 'Untold', 0, ''),
    ];
    const created = await post(
      user,
      bookBody(
        list.map((c) => c.id),
        { title: 'My life 👵', large_print: true, dedication: null },
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    const book = await finished(user, created.json().id);
    expect(book.generation_status, book.generation_error).toBe('success');
    expect(book.language).toBe('en');
    expect(book.large_print).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'book-'));
    const file = join(dir, 'interior.pdf');
    writeFileSync(file, await download(ctx.app, book.url_pdf));
    const text = poppler('pdftotext', file);
    expect(text).toContain('Contents');
    expect(text).toContain('Summer 1960 at the sea');
    expect(text).toContain('A “quiet” life… really?');
  });
});

describe('what a book may be made of', () => {
  it('needs full access (402)', async () => {
    const user = await createUser(ctx.app);
    const list = await chapters(user, 4, 0);
    expectError(await post(user, bookBody(list.map((c) => c.id))), 402, 'full_access_required');
  });

  it('refuses 3 or 11 chapters, the same chapter twice, untitled chapters and another person’s', async () => {
    const user = await fullAccessUser(ctx.app);
    const list = (await chapters(user, 11, 0)).map((c) => c.id);
    const loc = ['body', 'conversation_ids'];
    expectError(await post(user, bookBody(list.slice(0, 3))), 422, 'book_chapter_count', loc);
    expectError(await post(user, bookBody(list)), 422, 'book_chapter_count', loc);
    expectError(
      await post(user, bookBody([list[0], list[0], list[1], list[2]])),
      422,
      'book_chapter_count',
      loc,
    );
    const untitled = await writtenChapter(ctx.app, user, null, 0);
    expectError(
      await post(user, bookBody([...list.slice(0, 3), untitled.id])),
      422,
      'chapter_without_title',
      [...loc, 3],
    );
    const other = await fullAccessUser(ctx.app);
    const theirs = await writtenChapter(ctx.app, other, 'Le leur', 1);
    expectError(await post(user, bookBody([theirs.id, ...list.slice(0, 3)])), 404, 'not_found', [
      ...loc,
      0,
    ]);
    expectError(await post(user, bookBody(['nope', ...list.slice(0, 3)])), 404, 'not_found', [
      ...loc,
      0,
    ]);
    // Another person's picture, as a cover or as a portrait.
    expectError(
      await post(
        user,
        bookBody(list.slice(0, 4), {
          front_cover_image_id: { conv_id: theirs.id, image_id: theirs.imageIds[0] },
        }),
      ),
      404,
      'not_found',
      ['body', 'front_cover_image_id'],
    );
    expectError(
      await post(
        user,
        bookBody(list.slice(0, 4), {
          back_cover_image_id: { conv_id: null, image_id: theirs.imageIds[0] },
        }),
      ),
      404,
      'not_found',
      ['body', 'back_cover_image_id'],
    );
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/books',
      headers: user.auth,
    });
    expect(listed.json().count).toBe(0);
  });

  it('refuses empty and over-long texts and unknown fields with the field named (422)', async () => {
    const user = await fullAccessUser(ctx.app);
    const list = (await chapters(user, 4, 0)).map((c) => c.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(10_000) }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ subtitle: '' }, 'subtitle'],
      [{ author: ' ' }, 'author'],
      [{ summary: '' }, 'summary'],
      [{ summary: 's'.repeat(3_001) }, 'summary'],
      [{ dedication: 'd'.repeat(1_001) }, 'dedication'],
      [{ large_print: 'yes' }, 'large_print'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [override, field] of cases) {
      const response = await post(user, bookBody(list, override));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(JSON.stringify(response.json().detail[0].loc)).toContain(field);
    }
    const noIds = await post(user, { ...bookBody(list), conversation_ids: 'abc' });
    expect(noIds.statusCode).toBe(422);
  });
});

describe('suggestions', () => {
  it('writes a title, subtitle, back-cover text and dedication from the chosen chapters', async () => {
    const user = await fullAccessUser(ctx.app);
    const list = await chapters(user, 4, 0);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/books/suggestions',
      headers: user.auth,
      payload: { conversation_ids: list.map((c) => c.id), author: 'Jeanne Martin' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const suggestion = response.json();
    for (const field of ['title', 'subtitle', 'summary', 'dedication'])
      expect(suggestion[field].trim().length, field).toBeGreaterThan(3);
    // The cover prints the author's name: not again in the title or subtitle.
    expect(suggestion.title).not.toContain('Jeanne Martin');
    expect(suggestion.subtitle).not.toContain('Jeanne Martin');
    // The person's own words, and the chapters' titles: nothing invented.
    expect(suggestion.summary).toContain('Douarnenez');
    expect(suggestion.summary).toContain('Chapitre numéro 1');

    const other = await createUser(ctx.app);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/books/suggestions',
      headers: other.auth,
      payload: { conversation_ids: [list[0]!.id] },
    });
    expectError(refused, 404, 'not_found');
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/books/suggestions',
      headers: user.auth,
      payload: { conversation_ids: [] },
    });
    expect(empty.statusCode).toBe(422);
  });
});

// The voice in the printed book (issue 20): a chapter's public listening page (its own revocable token,
// each recorded answer under its question, the sound served by byte ranges), and the book's voice codes —
// a QR code per chapter with recordings, decoded here from the rendered print PDF page — that open it;
// revoked, the printed code opens a plain « no longer available » page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { requestedRange } from '../../src/byte-ranges.ts';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { bookBody, download, fullAccessUser, writtenChapter } from '../support/books.ts';
import { multipart } from '../support/multipart.ts';
import { mp4, webm } from '../support/audio.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });
// jsQR is CommonJS whose types describe an ES default export: required as it is.
const jsQR = createRequire(import.meta.url)('jsqr') as typeof import('jsqr').default;

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

function link(user: TestUser, id: string, method: 'POST' | 'GET' | 'DELETE') {
  return ctx.app.inject({
    method,
    url: `/api/v1/conversations/${id}/listen-link`,
    headers: user.auth,
  });
}

async function keepRecordings(user: TestUser) {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/me',
    headers: user.auth,
    payload: { record_answers: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Answers the chapter's question aloud: the message, then its recording; the recording's bytes. */
async function spokenAnswer(
  user: TestUser,
  chapterId: string,
  content: string,
  size = 3000,
  format: 'webm' | 'mp4' = 'webm',
) {
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${chapterId}/messages`,
    headers: user.auth,
    payload: { content },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const messageId = sent.json().user_message_id as string;
  const sound = format === 'mp4' ? mp4(4000, size) : webm({ durationMs: 4000, size });
  const body = multipart([
    { name: 'file', filename: `answer.${format}`, contentType: `audio/${format}`, data: sound },
  ]);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${chapterId}/messages/${messageId}/recording`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return sound;
}

async function questions(user: TestUser, chapterId: string): Promise<string[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/conversations/${chapterId}/messages?skip=0&limit=100`,
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { type: string; content: string }[])
    .filter((message) => message.type === 'assistant')
    .map((message) => message.content);
}

/** Every QR code found on the PDF's pages (rendered at 150 dpi), with its page number. */
async function codesIn(pdf: Buffer): Promise<{ page: number; text: string }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'voice-codes-'));
  writeFileSync(join(dir, 'book.pdf'), pdf);
  execFileSync('pdftoppm', [
    '-r',
    '150',
    '-gray',
    '-png',
    join(dir, 'book.pdf'),
    join(dir, 'page'),
  ]);
  const found = [];
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.png'))
    .sort()) {
    const { data, info } = await sharp(readFileSync(join(dir, file)))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    if (code) found.push({ page: Number(/(\d+)\.png$/.exec(file)![1]), text: code.data });
  }
  return found;
}

function pageText(pdf: Buffer, page: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'voice-text-'));
  writeFileSync(join(dir, 'book.pdf'), pdf);
  return execFileSync(
    'pdftotext',
    ['-f', String(page), '-l', String(page), join(dir, 'book.pdf'), '-'],
    { encoding: 'utf8' },
  );
}

describe('a chapter’s listening page', () => {
  it('plays each recorded answer under its question until the owner revokes it', async () => {
    const user = await fullAccessUser(ctx.app);
    const other = await createUser(ctx.app);
    await keepRecordings(user);
    const { id } = await writtenChapter(ctx.app, user, 'Les années à Douarnenez', 0);
    const first = await spokenAnswer(user, id, 'Je suis née à Douarnenez en 1932.');
    const second = await spokenAnswer(user, id, 'Mon père était pêcheur.', 5000);
    const asked = await questions(user, id);

    expect((await link(user, id, 'GET')).statusCode).toBe(404);
    const made = await link(user, id, 'POST');
    expect(made.statusCode, made.body).toBe(200);
    const url = made.json().url as string;
    expect(url).toMatch(/\/l\/[\w-]{40,}$/);
    expect((await link(user, id, 'POST')).json().url).toBe(url);
    expect((await link(user, id, 'GET')).json().url).toBe(url);
    // Another person's chapter is not found, whatever the call.
    for (const method of ['POST', 'GET', 'DELETE'] as const)
      expect((await link(other, id, method)).statusCode).toBe(404);

    const page = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.body).toContain('Les années à Douarnenez');
    expect(page.body.match(/<audio controls/g)).toHaveLength(2);
    // Each answer under the question asked before it: the first under the opening question.
    const escaped = (text: string) => text.replace(/'/g, '&#39;').replace(/"/g, '&quot;');
    expect(page.body).toContain(escaped(asked[0]!));
    expect(page.body.indexOf(escaped(asked[0]!))).toBeLessThan(page.body.indexOf('/0"'));
    expect(page.body).toContain(escaped(asked[1]!));
    expect(page.body.indexOf(escaped(asked[1]!))).toBeLessThan(page.body.indexOf('/1"'));

    const sound = await ctx.app.inject({ method: 'GET', url: `${pathOf(url)}/1` });
    expect(sound.statusCode).toBe(200);
    expect(sound.headers['content-type']).toBe('audio/webm');
    expect(sound.headers['accept-ranges']).toBe('bytes');
    expect(sound.rawPayload.equals(second)).toBe(true);
    // A player asks by parts (Safari plays nothing otherwise).
    const part = await ctx.app.inject({
      method: 'GET',
      url: `${pathOf(url)}/0`,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${first.length}`);
    expect(part.rawPayload.equals(first.subarray(100, 200))).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `${pathOf(url)}/2` })).statusCode).toBe(404);

    expect((await link(user, id, 'DELETE')).statusCode).toBe(200);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: pathOf(url),
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('n’est plus disponible');
    expect((await ctx.app.inject({ method: 'GET', url: `${pathOf(url)}/0` })).statusCode).toBe(404);
    expect((await link(user, id, 'DELETE')).statusCode).toBe(404);
    // Asked again, it is a new link: the old printed codes stay dead.
    expect((await link(user, id, 'POST')).json().url).not.toBe(url);
  });

  it('answers a made-up token with the same page as a revoked one', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/l/not-a-token-at-all',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('no longer available');
  });

  it('reads byte ranges as the RFC says', () => {
    expect(requestedRange(undefined, 10)).toBeNull();
    expect(requestedRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 });
    expect(requestedRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(requestedRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(requestedRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(requestedRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(requestedRange('items=0-1', 10)).toBeNull();
  });
});

/** Four written chapters, the `spoken`-th with one recorded answer, made into a finished book. */
async function bookWithASpokenChapter(
  spoken: number,
  options: { voice_codes?: boolean },
  format: 'webm' | 'mp4' = 'webm',
) {
  const user = await fullAccessUser(ctx.app, { full_name: 'Jeanne Martin' });
  await keepRecordings(user);
  const chapters = [];
  for (let i = 0; i < 4; i++)
    chapters.push(await writtenChapter(ctx.app, user, `Chapitre numéro ${i + 1}`, 0));
  await spokenAnswer(user, chapters[spoken]!.id, 'Je suis née à Douarnenez en 1932.', 3000, format);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/books',
    headers: user.auth,
    payload: bookBody(
      chapters.map((c) => c.id),
      options,
    ),
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().voice_codes).toBe(options.voice_codes ?? false);
  await ctx.app.services.queue.drain(60_000);
  const book = (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/books/${created.json().id}`,
      headers: user.auth,
    })
  ).json();
  expect(book.generation_status, book.generation_error).toBe('success');
  return {
    user,
    chapters,
    book: book as {
      url_pdf: string;
      url_web_pdf: string;
      url_epub: string;
      url_epub_with_voice: string | null;
      epub_size: number;
      epub_with_voice_size: number | null;
    },
  };
}

describe('a book with voice codes', () => {
  it('prints a code on each chapter with recordings that opens its listening page', async () => {
    const { user, chapters, book } = await bookWithASpokenChapter(1, { voice_codes: true });

    const url = (await link(user, chapters[1]!.id, 'GET')).json().url as string;
    for (const file of [book.url_pdf, book.url_web_pdf]) {
      const pdf = await download(ctx.app, file);
      const codes = await codesIn(pdf);
      // One code, for the one chapter with a recording, and it reads as its listening page.
      expect(codes.map((code) => code.text)).toEqual([url]);
      expect(pageText(pdf, codes[0]!.page)).toMatch(/Écoutez la voix de\s+Jeanne\s+Martin/);
    }
    expect((await link(user, chapters[0]!.id, 'GET')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(200);

    // Issue 33: in the EPUB, the chapter with a recording ends with a link to the same page.
    const epub = unzipSync(await download(ctx.app, book.url_epub));
    const linked = Object.keys(epub).filter((name) =>
      strFromU8(epub[name]!).includes('class="voice"'),
    );
    expect(linked).toEqual(['EPUB/chapter-02.xhtml']);
    const chapter = strFromU8(epub['EPUB/chapter-02.xhtml']!);
    expect(chapter).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(chapter).toContain('Écoutez la voix de Jeanne Martin');
    // A WebM recording is no sound EPUB readers play: no EPUB with voice for it.
    expect(book.url_epub_with_voice).toBeNull();

    // Revoked: the printed code now opens the plain page.
    expect((await link(user, chapters[1]!.id, 'DELETE')).statusCode).toBe(200);
    const gone = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('n’est plus disponible');
  }, 120_000);

  it('puts MP4 recordings inside the EPUB with voice, its size told beforehand', async () => {
    const { book } = await bookWithASpokenChapter(2, { voice_codes: true }, 'mp4');
    expect(book.url_epub_with_voice).not.toBeNull();
    const bytes = await download(ctx.app, book.url_epub_with_voice!);
    expect(bytes.byteLength).toBe(book.epub_with_voice_size);
    expect(book.epub_with_voice_size!).toBeGreaterThan(book.epub_size);
    const epub = unzipSync(bytes);
    expect(Object.keys(epub).filter((name) => name.startsWith('EPUB/audio/'))).toEqual([
      'EPUB/audio/c3-1.m4a',
    ]);
    expect(strFromU8(epub['EPUB/chapter-03.xhtml']!)).toContain('src="audio/c3-1.m4a"');
  }, 120_000);

  it('prints no code when the book was asked without them', async () => {
    const { user, chapters, book } = await bookWithASpokenChapter(0, {});
    for (const file of [book.url_pdf, book.url_web_pdf])
      expect(await codesIn(await download(ctx.app, file))).toEqual([]);
    expect((await link(user, chapters[0]!.id, 'GET')).statusCode).toBe(404);
  }, 120_000);
});

// The book as an EPUB (issue 33), from the book's page: offered beside the PDF with its size, downloaded
// under the book's title, read back as an EPUB (a ZIP whose first entry is the uncompressed `mimetype`,
// then one XHTML page per chapter with its title), and downloaded again without a connection from the
// service worker's book cache, after a reload, as the PDF is read offline (book-offline.spec.ts).
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { strFromU8 } from 'fflate';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
  type Account,
} from './support/accounts';
import { finishedBook } from './support/premium-helpers';
import { readZip } from './support/story-helpers';

const BOOK_TITLE = 'Au bord de l’eau';
const CHAPTER_TITLES = [1, 2, 3, 4].map((n) => `Souvenir numéro ${n}`);
const EPUB_BUTTON = 'Télécharger le livre numérique (EPUB)';
const VOICE_BUTTON = 'Télécharger le livre numérique avec votre voix (EPUB)';

interface BookEpubWire {
  url_epub: string | null;
  epub_size: number | null;
  url_epub_with_voice: string | null;
}

/** Waits for the server to have made the EPUB (it may come just after the PDFs). */
async function waitForEpub(request: APIRequestContext, account: Account, bookId: string) {
  const seen: { book?: BookEpubWire } = {};
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/books/${bookId}`, {
          headers: { authorization: `Bearer ${account.token}` },
        });
        expect(response.status(), await response.text()).toBe(200);
        seen.book = (await response.json()) as BookEpubWire;
        return seen.book.url_epub !== null;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe(true);
  return seen.book!;
}

/** Presses the EPUB button and returns the file the browser saved. */
async function downloadEpub(page: Page): Promise<{ download: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: EPUB_BUTTON, exact: true }).click();
  const download = await downloading;
  const path = await download.path();
  return { download, bytes: readFileSync(path) };
}

/**
 * The OCF rule an EPUB reader checks first: the ZIP's first local entry is `mimetype`, stored without
 * compression or extra field, holding exactly `application/epub+zip`.
 */
function expectEpubSignature(bytes: Buffer) {
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const method = bytes.readUInt16LE(8);
  const compressedSize = bytes.readUInt32LE(18);
  const nameLength = bytes.readUInt16LE(26);
  const extraLength = bytes.readUInt16LE(28);
  const name = bytes.subarray(30, 30 + nameLength).toString('latin1');
  expect(name).toBe('mimetype');
  expect(method).toBe(0);
  expect(extraLength).toBe(0);
  const start = 30 + nameLength + extraLength;
  expect(bytes.subarray(start, start + compressedSize).toString('latin1')).toBe(
    'application/epub+zip',
  );
}

/** The chapters' XHTML pages: each chapter title is in a page of its own (not only in the contents). */
function expectChapterPages(bytes: Buffer) {
  const files = readZip(bytes);
  const container = strFromU8(files.get('META-INF/container.xml')!);
  expect(container).toContain('application/oebps-package+xml');
  const xhtml = [...files.entries()]
    .filter(([path]) => path.endsWith('.xhtml'))
    // Spaces as the book's typography may write them (no-break, narrow no-break, word joiner) read as plain.
    .map(([path, data]) => ({
      path,
      text: strFromU8(data)
        .replace(/[\u00a0\u202f]/g, ' ')
        .replace(/\u2060/g, ''),
    }));
  for (const page of xhtml) expect(page.text).toContain('http://www.w3.org/1999/xhtml');
  const chapterPages = CHAPTER_TITLES.map((title) => {
    const pages = xhtml.filter(
      (page) =>
        page.text.includes(title) &&
        CHAPTER_TITLES.every((other) => other === title || !page.text.includes(other)),
    );
    expect(pages.length, `a page of its own for « ${title} »`).toBeGreaterThanOrEqual(1);
    return pages[0]!.path;
  });
  expect(new Set(chapterPages).size).toBe(CHAPTER_TITLES.length);
}

test('the book downloaded as an EPUB from its page, and again offline', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  const bookId = await finishedBook(page, request, account);
  const wire = await waitForEpub(request, account, bookId);
  // No answer of this book was recorded: no version with the voice.
  expect(wire.url_epub_with_voice).toBeNull();

  // The service worker in control, as the book's files are kept by it.
  await signInWithStorage(page, account, '/books');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
    await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);

  // 1. Beside the PDF, with what it is for and its size.
  await page.goto(`/book/${bookId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOOK_TITLE);
  const section = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: 'Le livre numérique' }),
  });
  await expect(section.getByText(/une tablette ou une liseuse/)).toBeVisible();
  await expect(section.getByText(/^Taille du fichier\s: \d+(,\d)? (ko|Mo)$/)).toBeVisible();
  await expect(section.getByRole('button', { name: VOICE_BUTTON })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Télécharger', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 2. Downloaded under the book's title, and an EPUB.
  const first = await downloadEpub(page);
  expect(first.download.suggestedFilename()).toBe(`${BOOK_TITLE}.epub`);
  if (wire.epub_size) expect(first.bytes.length).toBe(wire.epub_size);
  expectEpubSignature(first.bytes);
  expectChapterPages(first.bytes);

  // 3. Without a connection, after a reload: the page from the device's copy, the EPUB from the book cache.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('chapitres.queryCache') ?? ''))
    .toContain(bookId);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOOK_TITLE);
  const again = await downloadEpub(page);
  expect(again.download.suggestedFilename()).toBe(`${BOOK_TITLE}.epub`);
  expect(again.bytes.equals(first.bytes)).toBe(true);
  await expect(page.getByText(/Le téléchargement n.a pas abouti/)).toHaveCount(0);
  await context.setOffline(false);
});

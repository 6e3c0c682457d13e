// The voice in the printed book (issue 20): an answer recorded by Chromium (MediaRecorder on the fake
// microphone) is kept with its message; the book asked with voice codes prints a QR code for that chapter,
// read here from the rendered print PDF; the page it opens plays the answer in the browser; taken down from
// the book's page, the same printed code opens « n’est plus disponible ».
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
  type Account,
} from './support/accounts';
import { buyFullAccess, createIllustratedChapter, renderPages } from './support/book-helpers';
import { waitForBook } from './support/premium-helpers';

// jsQR is CommonJS whose types describe an ES default export: required as it is.
const jsQR = createRequire(import.meta.url)('jsqr') as typeof import('jsqr').default;

const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** Records two seconds of the fake microphone in the page and uploads it as the message's recording. */
async function recordAnswer(page: Page, account: Account, chapterId: string, messageId: string) {
  return page.evaluate(
    async ({ token, chapterId, messageId }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      recorder.stop();
      await stopped;
      stream.getTracks().forEach((track) => track.stop());
      const form = new FormData();
      form.append('file', new Blob(chunks, { type: 'audio/webm' }), 'answer.webm');
      form.append('duration_ms', '2000');
      const response = await fetch(
        `/api/v1/conversations/${chapterId}/messages/${messageId}/recording`,
        { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
      );
      return response.status;
    },
    { token: account.token, chapterId, messageId },
  );
}

/** Every QR code on the PDF's pages, rendered at 150 dpi. */
async function codesIn(request: APIRequestContext, url: string): Promise<string[]> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'voice-book-'));
  writeFileSync(join(dir, 'book.pdf'), await response.body());
  const codes: string[] = [];
  for (const { path } of renderPages(join(dir, 'book.pdf'), dir, 150)) {
    const { data, info } = await sharp(path)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    if (code) codes.push(code.data);
  }
  return codes;
}

test('a book’s voice code opens a page that plays the recorded answer, until it is taken down', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await buyFullAccess(page, request, account);
  const keep = await request.patch('/api/v1/users/me', {
    headers: auth(account),
    data: { record_answers: true },
  });
  expect(keep.status(), await keep.text()).toBe(200);
  const chapters: string[] = [];
  for (let i = 0; i < 4; i++)
    chapters.push(
      await createIllustratedChapter(request, account, {
        title: `Souvenir numéro ${i + 1}`,
        summary: "Nous habitions au bord de l'eau ; le matin, mon père partait pêcher.",
        photos: [],
      }),
    );
  const sent = await request.post(`/api/v1/conversations/${chapters[1]}/messages`, {
    headers: auth(account),
    data: { content: 'Je suis née à Douarnenez en 1932, dans une maison de pêcheur.' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { user_message_id: messageId } = (await sent.json()) as { user_message_id: string };
  await page.goto('/healthz');
  expect(await recordAnswer(page, account, chapters[1]!, messageId)).toBe(201);

  const created = await request.post('/api/v1/books', {
    headers: auth(account),
    data: {
      title: 'Au bord de l’eau',
      subtitle: 'Souvenirs',
      author: 'Jeanne Martin',
      conversation_ids: chapters,
      summary: 'Une vie au bord de l’eau.',
      dedication: null,
      front_cover_image_id: null,
      back_cover_image_id: null,
      voice_codes: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bookId = ((await created.json()) as { id: string }).id;
  await waitForBook(request, account, bookId, 120_000);
  const book = (await (
    await request.get(`/api/v1/books/${bookId}`, { headers: auth(account) })
  ).json()) as { url_pdf: string };

  // One code, for the one chapter whose answer was recorded.
  const codes = await codesIn(request, book.url_pdf);
  expect(codes).toHaveLength(1);
  const listening = codes[0]!;
  expect(listening).toMatch(/\/l\/[\w-]{40,}$/);

  await page.goto(listening);
  await expect(page.getByRole('heading', { level: 1, name: 'Souvenir numéro 2' })).toBeVisible();
  const audio = page.locator('audio');
  await expect(audio).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  // The browser plays it (by byte ranges): time goes on.
  await audio.evaluate((element: HTMLAudioElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThan(0.3);

  // Taken down from the book's page: the printed code now says the page is no longer there.
  await signInWithStorage(page, account, `/book/${bookId}`);
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Les codes pour écouter votre voix' }),
  });
  await expect(section.getByText('Chapitre 2')).toBeVisible();
  await section.getByRole('button', { name: 'Retirer la page' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Retirer la page' }).click();
  await expect(page.getByText('La page d’écoute est retirée.')).toBeVisible();
  await expect(
    section.getByText('Aucune page d’écoute n’est ouverte pour ce livre.'),
  ).toBeVisible();

  const gone = await page.goto(listening);
  expect(gone?.status()).toBe(404);
  await expect(page.getByText('Cette page d’écoute n’est plus disponible.')).toBeVisible();
});

// A finished book opened once stays readable without a connection (issue 6): its page comes from the
// device's copy of the answer and its screen PDF from the service worker's book cache, after a reload.
import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
} from './support/accounts';
import { finishedBook } from './support/premium-helpers';

async function previewShown(page: Page) {
  await expect(page.getByText('Aperçu uniquement').first()).toBeVisible({ timeout: 30_000 });
  // The preview opens at the first chapter (past the opening pages): whichever page it shows first.
  const firstPage = page.getByRole('img', { name: /^Page \d+ sur \d+$/ }).first();
  await expect(firstPage).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() =>
      firstPage.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width > 0),
    )
    .toBe(true);
}

test('a book opened once is read offline after a reload', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  const bookId = await finishedBook(page, request, account);

  await signInWithStorage(page, account, '/books');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
    await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await page.goto(`/book/${bookId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Au bord de l’eau');
  await previewShown(page);

  // What "opened once" leaves on the device: the book in the kept query cache (written within a second).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('chapitres.queryCache') ?? ''))
    .toContain(bookId);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Au bord de l’eau');
  await previewShown(page);
  await expectNoSeriousA11yViolations(page);
  await context.setOffline(false);
});

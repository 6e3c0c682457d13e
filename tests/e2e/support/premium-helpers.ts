// Journey helpers for paying: the premium status and orders read through the real API, the payment
// simulator's page walked through as a person would, books made through the API, the mailbox, and the
// gift codes made by the command line before the server started (start-server.mjs).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousA11yViolations, type Account, type Mail } from './accounts';
import { buyFullAccess, createIllustratedChapter } from './book-helpers';

function auth(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

// ---------------------------------------------------------------- status and orders

export interface FullPremiumStatus {
  is_full_access_granted: boolean;
  full_access_until: string | null;
  subscription: { status: string; cancel_at: string | null } | null;
  free_chapters_allowed: number;
  book_credits: number;
}

export async function fullPremiumStatus(
  request: APIRequestContext,
  account: Account,
): Promise<FullPremiumStatus> {
  const response = await request.get('/api/v1/premium-status', { headers: auth(account) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as FullPremiumStatus;
}

export interface OrderWire {
  id: string;
  book_id: string | null;
  book_title: string;
  status: string;
  amount: number;
  currency: string;
  paid_with_credit: boolean;
}

export async function orders(request: APIRequestContext, account: Account): Promise<OrderWire[]> {
  const response = await request.get('/api/v1/orders', { headers: auth(account) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: OrderWire[] }).data;
}

export async function chapterCount(request: APIRequestContext, account: Account): Promise<number> {
  const response = await request.get('/api/v1/conversations?skip=0&limit=100', {
    headers: auth(account),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

/** Days from now to an ISO date. */
export function daysFromNow(iso: string): number {
  return (new Date(iso).getTime() - Date.now()) / (24 * 3600 * 1000);
}

/** A date as the app writes it ("23 novembre 2027"): formatted by the browser itself, in its time zone. */
export function longDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' }).format(new Date(value)),
    iso,
  );
}

/** "14,00 €" whichever space Intl puts before the sign. */
export function euros(amount: string): RegExp {
  return new RegExp(`${amount}\\s€`);
}

// ---------------------------------------------------------------- the payment simulator

/** The simulator's page for one purchase: marked as a simulation, the label and the amount. */
export async function expectSimulatorPage(
  page: Page,
  { label, amount }: { label: string | RegExp; amount: RegExp },
): Promise<void> {
  await expect(page).toHaveURL(/\/api\/v1\/demo\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page).toHaveTitle('Paiement simulé – Chapitres');
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement simulé' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('SIMULATION');
  await expect(page.getByRole('note')).toContainText('aucun paiement réel');
  await expect(page.locator('dt:text-is("Pour") + dd')).toHaveText(label);
  await expect(page.locator('dt:text-is("Montant") + dd')).toHaveText(amount);
}

/** Pays on the simulator ("Payer"), checking its page with axe first, and lands on /payment-success. */
export async function payOnSimulator(page: Page): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(page).toHaveURL(/\/payment-success(\?|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

// ---------------------------------------------------------------- books

export async function createBookByApi(
  request: APIRequestContext,
  account: Account,
  book: { title: string; subtitle: string; author: string; summary: string; chapters: string[] },
): Promise<string> {
  const response = await request.post('/api/v1/books', {
    headers: auth(account),
    data: {
      title: book.title,
      subtitle: book.subtitle,
      author: book.author,
      conversation_ids: book.chapters,
      summary: book.summary,
      dedication: null,
      front_cover_image_id: null,
      back_cover_image_id: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Waits for the book's generation to finish, and that it succeeded. */
export async function waitForBook(
  request: APIRequestContext,
  account: Account,
  id: string,
  timeout = 60_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/books/${id}`, { headers: auth(account) });
        expect(response.status(), await response.text()).toBe(200);
        const book = (await response.json()) as {
          generation_status: string;
          generation_error: string | null;
        };
        return book.generation_status === 'failure'
          ? `failure: ${book.generation_error}`
          : book.generation_status;
      },
      { timeout, intervals: [500, 1000] },
    )
    .toBe('success');
}

// ---------------------------------------------------------------- the mailbox and the gift codes

/** Every mail sent to `to`, newest first. */
export async function mailbox(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Mail[] }).data;
}

/** The gift codes made for this run (tests/e2e/support/start-server.mjs). */
export function giftCodes(): string[] {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const file = join(root, '.tmp', `e2e-gift-codes-${process.env.E2E_PORT ?? '3100'}.txt`);
  const codes = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  expect(codes.length, `gift codes in ${file}`).toBeGreaterThan(0);
  return codes;
}

/**
 * Full access bought in the simulator, four illustrated chapters and a finished book « Au bord de l’eau »,
 * all through the API: what the book journeys start from. Returns the book's id.
 */
export async function finishedBook(
  page: Page,
  request: APIRequestContext,
  account: Account,
): Promise<string> {
  await buyFullAccess(page, request, account);
  const chapters: string[] = [];
  for (let i = 0; i < 4; i++)
    chapters.push(
      await createIllustratedChapter(request, account, {
        title: `Souvenir numéro ${i + 1}`,
        summary: "Nous habitions au bord de l'eau ; le matin, mon père partait pêcher.",
        photos: [{ colour: [64, 128, 192], legend: `Photo du souvenir ${i + 1}` }],
      }),
    );
  const bookId = await createBookByApi(request, account, {
    title: 'Au bord de l’eau',
    subtitle: 'Souvenirs',
    author: 'Jeanne Martin',
    summary: 'Une vie au bord de l’eau.',
    chapters,
  });
  await waitForBook(request, account, bookId);
  return bookId;
}

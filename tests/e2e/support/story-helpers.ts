// Journey helpers for sharing and taking one's story away: the public page opened by a stranger (a
// browser context with nothing stored), the ZIP of "Télécharger mes données" read back with fflate, and
// the mailboxes (the person's and the support team's).
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import type { Account, Mail } from './accounts';
import { unansweredQuestions } from './home-helpers';

function auth(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

// ---------------------------------------------------------------- onboarding

/**
 * Answers every onboarding question through the API, the optional ones too: signing in through the
 * screen then leads to the address asked for (any unanswered question sends a standard account to
 * /onboarding first).
 */
export async function answerAllQuestions(
  request: APIRequestContext,
  account: Account,
): Promise<void> {
  for (const question of await unansweredQuestions(request, account)) {
    const answer =
      question.answer_input_type === 'text' || question.valid_answers.length === 0
        ? 'En 1946, à Saint-Étienne'
        : question.valid_answers[0];
    const response = await request.post('/api/v1/onboardings/answers', {
      headers: auth(account),
      data: { question_id: question.question_id, answer },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  expect(await unansweredQuestions(request, account)).toEqual([]);
}

// ---------------------------------------------------------------- the public story page

/** A public page's address: the site, /s/, and a 43-character base64url token (an HMAC-SHA256). */
export function publicPagePattern(baseURL: string): RegExp {
  const site = baseURL.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^${site}/s/[A-Za-z0-9_-]{43}$`);
}

/** A stranger's browser: no storage at all (no consent choice, no session), French. */
export function strangerContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: 'fr-FR' });
}

/** The page's <meta> content, by name or property; null when the tag is not there. */
export async function metaContent(page: Page, key: string): Promise<string | null> {
  const meta = page.locator(`head meta[name="${key}"], head meta[property="${key}"]`);
  if ((await meta.count()) === 0) return null;
  return meta.first().getAttribute('content');
}

/** Every <img> of the page has loaded a real picture. */
export async function loadedImages(
  page: Page,
): Promise<{ src: string; complete: boolean; naturalWidth: number; alt: string }[]> {
  return page.locator('img').evaluateAll((images: HTMLImageElement[]) =>
    images.map((img) => ({
      src: img.currentSrc || img.src,
      complete: img.complete,
      naturalWidth: img.naturalWidth,
      alt: img.alt,
    })),
  );
}

// ---------------------------------------------------------------- the data export

/** The ZIP's files by their path (folders are left out), read with fflate. */
export function readZip(bytes: Buffer | Uint8Array): Map<string, Uint8Array> {
  const files = unzipSync(new Uint8Array(bytes));
  return new Map(Object.entries(files).filter(([path]) => !path.endsWith('/')));
}

export function zipText(files: Map<string, Uint8Array>, path: string): string {
  const file = files.get(path);
  if (!file) throw new Error(`No ${path} in the ZIP: ${[...files.keys()].join(', ')}`);
  return strFromU8(file);
}

export interface DataExportWire {
  status: 'pending' | 'ready' | 'failed';
  url: string | null;
  expires_at: string | null;
}

export async function dataExportStatus(
  request: APIRequestContext,
  account: Account,
): Promise<DataExportWire | null> {
  const response = await request.get('/api/v1/users/me/export', { headers: auth(account) });
  // Never asked: 204, nothing.
  if (response.status() === 204) return null;
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DataExportWire;
}

// ---------------------------------------------------------------- mailboxes

/** The default SUPPORT_EMAIL (start-server.mjs does not set one). */
export const SUPPORT_ADDRESS = 'support@localhost';

/** Every mail sent to `to`, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}&limit=100`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Mail[] }).data;
}

/** Waits for a mail to `to` whose text holds `needle`. */
export async function waitForMailContaining(
  request: APIRequestContext,
  to: string,
  needle: string,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find((mail) => mail.text.includes(needle));
        return found !== undefined;
      },
      { timeout: 15_000, intervals: [200, 500] },
    )
    .toBe(true);
  return found!;
}

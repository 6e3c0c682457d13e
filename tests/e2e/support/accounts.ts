// Journey helpers shared by every spec: accounts through the real API, the mailbox, and axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export const PASSWORD = 'Souvenir1!';

export function uniqueEmail(prefix = 'journey'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.org`;
}

export interface Account {
  email: string;
  password: string;
  token: string;
  id: string;
}

/**
 * Creates an account through the API (faster than the screens, for journeys about something else). Whether
 * spoken answers keep their sound is answered « no » unless `recordAnswers` says otherwise (null: not asked
 * yet, so the first spoken answer asks, as tests/e2e/voice-answers.spec.ts checks).
 */
export async function createAccount(
  request: APIRequestContext,
  {
    recordAnswers = false,
    ...overrides
  }: {
    account_type?: 'standard' | 'multi-users';
    current_language?: string;
    full_name?: string;
    recordAnswers?: boolean | null;
  } = {},
): Promise<Account> {
  const email = uniqueEmail();
  const signup = await request.post('/api/v1/users/signup', {
    data: {
      email,
      password: PASSWORD,
      current_language: 'fr-FR',
      opt_in_marketing: false,
      cgu_validated: true,
      cgv_validated: true,
      pdc_validated: true,
      account_type: 'standard',
      ...overrides,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await request.post('/api/v1/login/access-token', {
    form: { username: email, password: PASSWORD },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  if (recordAnswers !== null) {
    const choice = await request.patch('/api/v1/users/me', {
      headers: { authorization: `Bearer ${access_token}` },
      data: { record_answers: recordAnswers },
    });
    expect(choice.status(), await choice.text()).toBe(200);
  }
  return {
    email,
    password: PASSWORD,
    token: access_token,
    id: ((await signup.json()) as { id: string }).id,
  };
}

/** Signs in through the login screen, then opens `path` (standard accounts may pass by onboarding). */
export async function signInWithStorage(page: Page, account: Account, path = '/'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^(Adresse email|Email address)$/).fill(account.email);
  await page.getByLabel(/^(Mot de passe|Password)$/).fill(account.password);
  await page.getByRole('button', { name: /^(Se connecter|Sign in|Log in)$/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(path);
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail sent to `to` whose subject matches, waiting for the mail job to run. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<Mail> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { data } = (await response.json()) as { data: Mail[] };
    const mail = data.find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail "${subject}" for ${to}`);
}

export function linkIn(mail: Mail): string {
  const match = /(https?:\/\/\S+token=[A-Za-z0-9_\-%]+)/.exec(mail.text);
  if (!match) throw new Error(`No link in ${mail.text}`);
  const url = new URL(match[1]);
  return `${url.pathname}${url.search}`;
}

/** axe finds nothing serious or critical (WCAG 2.0–2.2 A and AA). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Measure what a person sees once the page has settled: mid-way through the page's fade-in, text is
  // still semi-transparent and axe would report its contrast (it did on a loaded CI machine).
  // Right after a navigation the page may not have rendered (nor started its fade) yet.
  await page.locator('h1').first().waitFor();
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Endless ones (a skeleton's pulse, a spinner) never finish: only the finite ones are awaited.
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

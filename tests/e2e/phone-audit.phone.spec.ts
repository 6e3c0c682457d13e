// The phone audit (issue 29): every page on a 412×915 touch screen in French, at the normal text size
// and again at 200 %, checked for what hides, cuts or covers — a sideways scroll, a word broken in the
// middle, a dialog taller than the screen, a control covered by another element, a toast over the
// focused control — and for console errors. `UPDATE_PHONE_SCREENSHOTS=1` also writes each screen to
// docs/phone/, the reference of how each page looks.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { consentDecided } from '../../playwright.config';
import {
  createAccount,
  linkIn,
  signInWithStorage,
  waitForMail,
  type Account,
} from './support/accounts';
import { answerRequiredQuestions } from './support/home-helpers';
import { collectConsoleErrors, doubleText, phoneProblems } from './support/phone';
import { finishedBook } from './support/premium-helpers';

const screenshots = process.env.UPDATE_PHONE_SCREENSHOTS ? join('docs', 'phone') : null;

interface Screen {
  name: string;
  path: string;
  /** What must be on screen before it is looked at (the page whole, its data loaded). */
  ready: (page: Page) => Promise<void>;
  /** Something to open first (a dialog), checked as the page is then. */
  open?: (page: Page) => Promise<void>;
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Looks at one screen at both text sizes; returns what was found, each line naming the screen. */
async function audit(page: Page, screen: Screen): Promise<string[]> {
  const found: string[] = [];
  for (const size of ['100', '200'] as const) {
    await page.goto(screen.path);
    await screen.ready(page);
    if (size === '200') await doubleText(page);
    // A dialog reopened by itself (it is kept across a reload) is not opened again.
    const dialogOpen = await page.getByRole('dialog').or(page.getByRole('alertdialog')).count();
    if (screen.open && dialogOpen === 0) await screen.open(page);
    await settle(page);
    if (screenshots) {
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({
        path: join(screenshots, `${screen.name}-${size}.png`),
        scale: 'css',
      });
    }
    for (const problem of await phoneProblems(page)) {
      found.push(`${screen.name} at ${size} %: ${problem}`);
      console.log(found.at(-1));
    }
  }
  return found;
}

const heading = (page: Page) =>
  expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

test('every page on a phone, at normal and 200 % text, hides, cuts and covers nothing', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  page.setDefaultTimeout(20_000);
  const errors = collectConsoleErrors(page);
  const account: Account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  const bookId = await finishedBook(page, request, account);
  const auth = { authorization: `Bearer ${account.token}` };
  const chapters = (
    (await (await request.get('/api/v1/conversations', { headers: auth })).json()) as {
      data: { id: string }[];
    }
  ).data;
  const chapterId = chapters[0]!.id;
  const sent = await request.post(`/api/v1/conversations/${chapterId}/messages`, {
    headers: auth,
    data: {
      content: "Je suis née à Douarnenez en 1932, dans une maison de pêcheur au bord de l'eau.",
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  // Her family circle: her daughter joined as a contributor, asked a question, left a word under a
  // chapter she shared.
  const daughter = await createAccount(request, { full_name: 'Marie-Christine Martin-Lefèvre' });
  const invited = await request.post('/api/v1/circle/members', {
    headers: auth,
    data: { email: daughter.email, role: 'contributor', relation: 'ma fille aînée' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(
    linkIn(await waitForMail(request, daughter.email, /./)),
    'http://x',
  ).searchParams.get('token')!;
  const daughterAuth = { authorization: `Bearer ${daughter.token}` };
  const accepted = await request.post(`/api/v1/circle/invitations/${token}/accept`, {
    headers: daughterAuth,
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect(
    (await request.post(`/api/v1/conversations/${chapterId}/release`, { headers: auth })).status(),
  ).toBe(200);
  for (const [path, text] of [
    [`/api/v1/circles/${account.id}/questions`, 'Maman, comment as-tu rencontré papa au bal ?'],
    [`/api/v1/circles/${account.id}/chapters/${chapterId}/words`, 'Merci maman, je ne savais pas.'],
  ] as const) {
    const posted = await request.post(path, { headers: daughterAuth, data: { text } });
    expect(posted.status(), await posted.text()).toBe(201);
  }
  await signInWithStorage(page, account, '/');

  const screens: Screen[] = [
    {
      name: 'home',
      path: '/',
      ready: async (p) =>
        void (await expect(p.getByText('Souvenir numéro 1').first()).toBeVisible()),
    },
    {
      name: 'chapter',
      path: `/conversations/${chapterId}`,
      ready: async (p) =>
        void (await expect(p.getByText(/au bord de l'eau/).first()).toBeVisible()),
    },
    {
      name: 'chapter-editor',
      path: `/conversations/${chapterId}`,
      ready: async (p) =>
        void (await expect(p.getByText(/au bord de l'eau/).first()).toBeVisible()),
      open: async (p) => {
        // The editor kept open from the first look (its draft is kept) is not opened again.
        const edit = p.getByRole('button', { name: 'Corriger mon histoire' });
        if (await edit.isVisible()) await edit.tap();
        await expect(p.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
      },
    },
    {
      name: 'chat',
      path: `/conversations/${chapterId}/chat`,
      ready: async (p) => void (await expect(p.getByText(/Douarnenez/).first()).toBeVisible()),
    },
    {
      name: 'pictures',
      path: `/conversations/${chapterId}/images`,
      ready: async (p) => void (await expect(p.getByText('1/5 images')).toBeVisible()),
    },
    {
      name: 'delete-chapter',
      path: `/conversations/${chapterId}`,
      ready: async (p) =>
        void (await expect(p.getByText(/au bord de l'eau/).first()).toBeVisible()),
      open: async (p) => {
        await p
          .getByRole('button', { name: /^Supprimer/ })
          .first()
          .tap();
        await expect(p.getByRole('alertdialog').or(p.getByRole('dialog'))).toBeVisible();
      },
    },
    {
      name: 'share',
      path: `/conversations/${chapterId}/share`,
      ready: heading,
    },
    {
      name: 'books',
      path: '/books',
      ready: async (p) =>
        void (await expect(p.getByText('Au bord de l’eau').first()).toBeVisible()),
    },
    {
      name: 'book',
      path: `/book/${bookId}`,
      ready: async (p) =>
        void (await expect(p.getByText('Aperçu uniquement').first()).toBeVisible({
          timeout: 30_000,
        })),
    },
    {
      name: 'book-wizard',
      path: '/conversations/book/create',
      ready: heading,
      open: async (p) => {
        await p
          .getByRole('button', { name: /Commencer|Reprendre/ })
          .first()
          .tap();
        await expect(p.getByRole('dialog', { name: /Étape 1/ })).toBeVisible();
      },
    },
    {
      name: 'profile',
      path: '/profile',
      ready: async (p) => void (await expect(p.getByTestId('subscription-panel')).toBeVisible()),
    },
    {
      name: 'privacy-choices',
      path: '/profile',
      ready: async (p) => void (await expect(p.getByTestId('subscription-panel')).toBeVisible()),
      open: async (p) => {
        await p.getByRole('button', { name: 'Mes choix de confidentialité' }).tap();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'delete-account',
      path: '/profile',
      ready: async (p) => void (await expect(p.getByTestId('subscription-panel')).toBeVisible()),
      open: async (p) => {
        await p.getByRole('button', { name: 'Supprimer mon compte' }).tap();
        await expect(p.getByRole('dialog').or(p.getByRole('alertdialog'))).toBeVisible();
      },
    },
    {
      name: 'plans',
      path: '/subscription',
      ready: async (p) => void (await expect(p.getByTestId('plan-pack')).toBeVisible()),
    },
    {
      name: 'family',
      path: '/family',
      ready: async (p) =>
        void (await expect(p.getByText(/comment as-tu rencontré papa/).first()).toBeVisible()),
    },
    { name: 'support', path: '/support', ready: heading },
    { name: 'onboarding', path: '/onboarding', ready: heading },
    { name: 'terms', path: '/terms', ready: heading },
    { name: 'privacy', path: '/privacy', ready: heading },
    { name: 'not-found', path: '/nowhere-to-be-found', ready: heading },
  ];

  const found: string[] = [];
  for (const screen of screens) found.push(...(await audit(page, screen)));

  // Her daughter's pages: her circle, a chapter she shared.
  const member = await browser.newContext({
    ...test.info().project.use,
    baseURL,
    storageState: consentDecided,
  });
  const memberPage = await member.newPage();
  memberPage.setDefaultTimeout(20_000);
  const memberErrors = collectConsoleErrors(memberPage);
  await signInWithStorage(memberPage, daughter, '/circles');
  for (const screen of [
    { name: 'circles', path: '/circles', ready: heading },
    {
      name: 'circle',
      path: `/circles/${account.id}`,
      ready: async (p) => void (await expect(p.getByText(/Souvenir numéro/).first()).toBeVisible()),
    },
    {
      name: 'circle-chapter',
      path: `/circles/${account.id}/chapters/${chapterId}`,
      ready: async (p) => void (await expect(p.getByText(/Merci maman/).first()).toBeVisible()),
    },
  ] satisfies Screen[])
    found.push(...(await audit(memberPage, screen)));
  await member.close();

  // A newcomer's pages, signed out, in a context of its own.
  const guest = await browser.newContext({
    ...test.info().project.use,
    baseURL,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL!,
          localStorage: [
            {
              name: 'chapitres.consent',
              value: JSON.stringify({
                analytics: false,
                decided_at: '2026-01-01T00:00:00.000Z',
                version: 1,
              }),
            },
          ],
        },
      ],
    },
  });
  const guestPage = await guest.newPage();
  guestPage.setDefaultTimeout(20_000);
  const guestErrors = collectConsoleErrors(guestPage);
  for (const screen of [
    { name: 'welcome', path: '/', ready: heading },
    { name: 'login', path: '/login', ready: heading },
    { name: 'register', path: '/register', ready: heading },
    { name: 'forgot-password', path: '/forgot-password', ready: heading },
  ] satisfies Screen[])
    found.push(...(await audit(guestPage, screen)));
  await guest.close();

  expect(found).toEqual([]);
  // The one answer that must be a 404: the page that does not exist.
  expect(
    [...errors, ...memberErrors, ...guestErrors].filter(
      (error) => error !== '404 GET /nowhere-to-be-found',
    ),
  ).toEqual([]);
});

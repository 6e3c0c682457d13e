// The list page in a real browser against the real server: create a chapter (to the chat), find its
// card, delete it; the author dialog of multi-users accounts; a free account running out of chapters
// and meeting the premium dialog and the banner — and axe on each screen.
import { expect, test, type Locator } from '@playwright/test';
import {
  PASSWORD,
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
  uniqueEmail,
} from './support/accounts';
import {
  answerChapterByApi,
  answerRequiredQuestions,
  createChapterByApi,
  finishOnboarding,
} from './support/home-helpers';

test('sign up, onboarding, empty list, create a chapter, find its card and delete it', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel('Adresse email').fill(uniqueEmail('home'));
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /J'accepte les conditions/ }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await finishOnboarding(page);

  await expect(page).toHaveTitle('Chapitres – Mes histoires');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Commencez votre première histoire' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Créer un livre' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Créer ma première histoire' }).click();
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}\/chat$/);
  const chatUrl = page.url();
  const id = /conversations\/([0-9a-f-]{36})\/chat/.exec(chatUrl)![1];

  await page.getByRole('link', { name: 'Chapitres', exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('link', { name: 'Consulter' })).toHaveAttribute(
    'href',
    `/conversations/${id}`,
  );
  await expect(card.locator('img')).toHaveAttribute('src', '/images/chapter-placeholder.svg');
  await expect(page.getByRole('button', { name: 'Nouveau chapitre' })).toBeVisible();
  // A book needs 4 chapters: with one, the page says how many more instead of offering it.
  await expect(page.getByRole('button', { name: 'Créer un livre' })).toHaveCount(0);
  await expect(page.getByText(/encore 3 chapitres à raconter/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Voulez-vous vraiment supprimer ce chapitre ?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Oui, supprimer' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Commencez votre première histoire' }),
  ).toBeVisible();
  const gone = await page.request.get(`/api/v1/conversations/${id}`, {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('chapitres.token'))}`,
    },
  });
  expect(gone.status()).toBe(404);
});

test('a multi-users account names the author before each chapter', async ({ page, request }) => {
  const account = await createAccount(request, { account_type: 'multi-users' });
  await signInWithStorage(page, account, '/');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Créer ma première histoire' }).click();

  const dialog = page.getByRole('dialog', { name: 'Qui raconte cette histoire ?' });
  const input = dialog.getByRole('textbox', { name: "Nom de l'auteur" });
  await expect(input).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Continuer' })).toBeDisabled();
  await input.press('Enter');
  await expect(dialog.getByText("Le nom de l'auteur est requis")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await input.fill('Mamie Rose');
  await expect(dialog.getByRole('button', { name: 'Continuer' })).toBeEnabled();
  await input.press('Enter');
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}\/chat$/);

  await page.goto('/');
  await expect(page.getByRole('article').getByText('par Mamie Rose')).toBeVisible();

  // The built page's early script (index.html) ran under the server's CSP: it asked for the signed-in
  // page's code ahead of the entry's script tag, and the list it asked for was the one the page used
  // (asked once, not again by the app).
  const early = await page.evaluate(() => {
    const script = document.querySelector('script[type="module"]')!;
    return {
      lists: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/v1/conversations?')).length,
      ahead: [...document.querySelectorAll('link[rel="modulepreload"]')].filter(
        (link) =>
          /\/assets\/signed-in-/.test(link.getAttribute('href') ?? '') &&
          link.compareDocumentPosition(script) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).length,
    };
  });
  expect(early).toEqual({ lists: 1, ahead: 1 });
});

test('a free account runs out of chapters and meets the premium dialog and the banner', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await answerRequiredQuestions(request, account);
  // A chapter counts at its first answer: three chapters answered spend the three free ones.
  for (let i = 0; i < 3; i += 1)
    await answerChapterByApi(request, account, await createChapterByApi(request, account));
  await signInWithStorage(page, account, '/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('article')).toHaveCount(3);

  // The banner comes 3 s after the list, fixed at the bottom.
  const banner = page.getByRole('region', { name: 'Offre complète' });
  await expect(banner).toBeVisible({ timeout: 6000 });
  await expect(banner.getByText(/Vous n'avez plus de chapitre gratuit/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The page keeps clear of it: « Nouveau chapitre » and, scrolled to the end, the last card's
  // buttons are not under the bar.
  const newChapter = page.getByRole('button', { name: 'Nouveau chapitre' });
  await newChapter.scrollIntoViewIfNeeded();
  expect(await isUncovered(newChapter)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(
    await isUncovered(
      page
        .getByRole('article')
        .last()
        .getByRole('button', { name: /Supprimer/ }),
    ),
  ).toBe(true);

  await page.getByRole('button', { name: 'Nouveau chapitre' }).click();
  const premium = page.getByRole('dialog', { name: "Passez à l'offre complète" });
  await expect(premium.getByText(/Vous avez utilisé tous vos chapitres gratuits/)).toBeVisible();
  // Said once in the dialog, not repeated under its own message (issue 29 #18).
  await expect(premium.getByText("Vous n'avez plus de chapitre gratuit.")).toHaveCount(0);
  await expect(premium.getByRole('link', { name: 'Découvrir les offres' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await expectNoSeriousA11yViolations(page);
  await premium.getByRole('button', { name: 'Plus tard' }).click();
  await expect(premium).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(3);

  // Three chapters are not a book yet (4 at least; with full access, which the unit tests cover).
  await expect(page.getByRole('button', { name: 'Créer un livre' })).toHaveCount(0);
  await expect(page.getByText(/encore 1 chapitre à raconter/)).toBeVisible();

  await banner.getByRole('button', { name: 'Fermer ce message' }).click();
  await expect(banner).toHaveCount(0);

  // The server refuses a fourth chapter as well.
  const refused = await request.post('/api/v1/conversations', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(refused.status()).toBe(402);
});

/** Whether the element's centre is the element itself on screen (nothing fixed lies over it). */
async function isUncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && element.contains(hit);
  });
}

test("a guest's first visit to / asks nothing that needs a session", async ({ page }) => {
  const errors: string[] = [];
  const asked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    if (/\/api\/v1\/(conversations|onboardings)/.test(request.url())) asked.push(request.url());
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('the home-screen shortcut « Nouveau chapitre » starts a chapter, once', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await answerRequiredQuestions(request, account);
  await signInWithStorage(page, account, '/?action=new-chapter');
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}\/chat$/);
  // Back on the list: the request left the address, nothing starts again.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
});

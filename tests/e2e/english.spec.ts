// The app in English (issue 35, « Checked by »): a British browser gets English from its very first visit
// (the privacy dialog included), then every page it opens is English through and through: no French word
// left, English typography (no space before : ; ! ?, no « »), British dates; an American account gets
// American dates; the mails are English too. The account's choice survives a reload, and the latest
// choice wins: switching to Français on the profile stays French after a reload.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  PASSWORD,
  createAccount,
  signInWithStorage,
  uniqueEmail,
  waitForMail,
  type Account,
  type Mail,
} from './support/accounts';
import { createChapterByApi, tokenOf, unansweredQuestions } from './support/home-helpers';

const MONTHS =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
const UK_DATE = new RegExp(`\\b\\d{1,2} ${MONTHS} \\d{4}\\b`);
const US_DATE = new RegExp(`\\b${MONTHS} \\d{1,2}, \\d{4}\\b`);

/**
 * Common French words that have no business in an English page (case-sensitive, whole words only:
 * « chapitre » but not the name "Chapitres", « Se » but not "Send"). Accented words are French on their own.
 * Checked against the catalogues: it finds French in most of locales/fr and nothing in locales/en.
 */
const FRENCH_WORDS = [
  'le la les des une est et du au aux pour avec dans sur pas vous votre vos nous mon ma mes Mon Ma',
  'Mes Le La Les Une Un Vous Votre Vos chapitre Chapitre chapitres histoire Histoire livre Livre',
  'Retour Supprimer Enregistrer Fermer Annuler Accueil compte Compte Abonnement Aide Connexion',
  'Déconnexion Se Mot passe Continuer Suivant Commencer à À où été être déjà très créé Créer',
  'Modifier Écrire Écrivez',
]
  .join(' ')
  .split(' ');
const FRENCH = new RegExp(`(?:^|[\\s(“"'’])(${FRENCH_WORDS.join('|')})(?=[\\s.,:;!?)”"’]|$)`, 'gm');

/** The page's visible text, less what is French on purpose (« Français » in a language switch, lang="fr"). */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    let text = document.body.innerText;
    for (const element of document.querySelectorAll<HTMLElement>(
      'body [lang="fr"], body [lang^="fr-"]',
    )) {
      const own = element.innerText.trim();
      if (own) text = text.split(own).join(' ');
    }
    return text;
  });
}

function frenchIn(text: string): string[] {
  return [...text.matchAll(FRENCH)].map((match) => {
    const at = match.index ?? 0;
    return `«${match[1]}» in «${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ')}»`;
  });
}

/** Spaces French puts before : ; ! ? (normal, no-break, narrow no-break) and French quotation marks. */
function badTypography(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/[ \u00A0\u202F][:;!?](?=\s|$)/g)) {
    const at = match.index ?? 0;
    found.push(
      `space before «${match[0].trim()}» in «${text.slice(Math.max(0, at - 40), at + 20)}»`,
    );
  }
  for (const match of text.matchAll(/[«»]/g)) {
    const at = match.index ?? 0;
    found.push(`French quote in «${text.slice(Math.max(0, at - 40), at + 20)}»`);
  }
  return found;
}

/** The page is English, settled, and has nothing French in what it shows. */
async function expectEnglishPage(page: Page, what: string): Promise<string> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.locator('h1').first().waitFor();
  // Let late text (queries, lazy sections) arrive before reading the page.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const text = await visibleText(page);
  expect(frenchIn(text), `French words on ${what}`).toEqual([]);
  expect(badTypography(text), `French typography on ${what}`).toEqual([]);
  return text;
}

function expectEnglishMail(mail: Mail): void {
  const text = `${mail.subject}\n${mail.text}`;
  expect(frenchIn(text), `French words in the mail «${mail.subject}»`).toEqual([]);
  expect(badTypography(text), `French typography in the mail «${mail.subject}»`).toEqual([]);
}

async function chapterWithTitle(
  request: APIRequestContext,
  account: Account,
  title: string,
  summary: string,
): Promise<string> {
  const id = await createChapterByApi(request, account);
  const patch = await request.patch(`/api/v1/conversations/${id}`, {
    headers: { authorization: `Bearer ${account.token}` },
    data: { title, summary },
  });
  expect(patch.ok(), await patch.text()).toBe(true);
  return id;
}

/** Answers the onboarding's required questions through the API, in English (what she writes shows on the profile). */
async function answerRequiredQuestions(
  request: APIRequestContext,
  account: Account,
): Promise<void> {
  for (const question of await unansweredQuestions(request, account)) {
    if (!question.is_answer_required) continue;
    const answer =
      question.answer_input_type === 'text' ? 'In 1946, in Penzance' : question.valid_answers[0];
    const response = await request.post('/api/v1/onboardings/answers', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { question_id: question.question_id, answer },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

async function accountLanguage(request: APIRequestContext, token: string): Promise<string> {
  const me = await request.get('/api/v1/users/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { current_language: string }).current_language;
}

test.describe('a British browser', () => {
  test.use({ locale: 'en-GB', storageState: { cookies: [], origins: [] } });

  test('English from the first visit: privacy dialog, sign-up, pages, mail, British dates; the latest choice wins', async ({
    page,
  }) => {
    // The very first visit: the page and its privacy dialog are English, with a language switch inside.
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const dialog = page.getByRole('dialog', { name: 'Your privacy choices' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dialog.getByRole('button', { name: 'Français' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const dialogText = await dialog.evaluate((element: HTMLElement) => {
      let text = element.innerText;
      for (const fr of element.querySelectorAll<HTMLElement>('[lang="fr"]'))
        text = text.split(fr.innerText.trim()).join(' ');
      return text;
    });
    expect(frenchIn(dialogText), 'French words in the privacy dialog').toEqual([]);
    expect(badTypography(dialogText), 'French typography in the privacy dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Refuse all' }).click();
    await expect(dialog).toBeHidden();

    // Sign-up through the screens, in English.
    await expectEnglishPage(page, 'the sign-up page');
    const email = uniqueEmail('margaret');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm the password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
    const token = await tokenOf(page);
    // The account took the browser's language and region.
    expect(await accountLanguage(page.request, token)).toBe('en-GB');
    const me = (await (
      await page.request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string };
    const account: Account = { email, password: PASSWORD, token, id: me.id };
    await answerRequiredQuestions(page.request, account);

    // The validation mail is English, without French spaces.
    const mail = await waitForMail(page.request, email, /^Confirm your email address$/);
    expectEnglishMail(mail);

    // A chapter with a title and a summary (what the person wrote is English, so any French is the app's).
    const chapter = await chapterWithTitle(
      page.request,
      account,
      'Summers in Cornwall',
      'Long days by the sea with my grandmother, picking blackberries along the cliffs.',
    );

    await page.goto('/');
    const home = await expectEnglishPage(page, 'the home page');
    await expect(page.getByText('Summers in Cornwall')).toBeVisible();
    expect(home, 'a British date on the home page').toMatch(UK_DATE);
    expect(home).not.toMatch(US_DATE);

    await page.goto(`/conversations/${chapter}`);
    await expectEnglishPage(page, 'the chapter page');
    await expect(page.getByText('Summers in Cornwall').first()).toBeVisible();

    await page.goto('/profile');
    await expectEnglishPage(page, 'the profile');
    await expect(page.getByText(email)).toBeVisible();

    await page.goto('/subscription');
    await expectEnglishPage(page, 'the plans');

    await page.goto('/support');
    await expectEnglishPage(page, 'the support page');

    // A reload keeps English (the account's choice).
    await page.reload();
    await expectEnglishPage(page, 'the support page after a reload');

    // Switching to Français on the profile, then reloading: French (the latest choice wins).
    await page.goto('/profile');
    await page.getByRole('radio', { name: 'Français' }).check();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect.poll(() => accountLanguage(page.request, token)).toMatch(/^fr/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('radio', { name: 'Français' })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();
  });
});

test.describe('an American browser', () => {
  test.use({ locale: 'en-US' });

  test('English pages with American dates, and an English mail', async ({ page, request }) => {
    const account = await createAccount(request, { current_language: 'en-US' });
    await answerRequiredQuestions(request, account);
    await chapterWithTitle(
      request,
      account,
      'Growing up in Ohio',
      'Saturday mornings at the county fair with my brothers.',
    );

    const mail = await waitForMail(request, account.email, /^Confirm your email address$/);
    expectEnglishMail(mail);

    await signInWithStorage(page, account, '/');
    const home = await expectEnglishPage(page, 'the home page');
    await expect(page.getByText('Growing up in Ohio')).toBeVisible();
    expect(home, 'an American date on the home page').toMatch(US_DATE);
    expect(home).not.toMatch(UK_DATE);

    await page.goto('/profile');
    await expectEnglishPage(page, 'the profile');

    await page.goto('/subscription');
    await expectEnglishPage(page, 'the plans');

    // Full access bought through the payment simulator (its own page is not the app's): the way back,
    // the plans with the end of the access, and the receipt mail are English, with American dates.
    const checkout = await request.post('/api/v1/demo/checkout/premium-12-months-and-a-book', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(checkout.status(), await checkout.text()).toBe(200);
    await page.goto(((await checkout.json()) as { redirect_url: string }).redirect_url);
    await expect(page.getByRole('note')).toContainText('SIMULATION');
    const simulator = await visibleText(page);
    expect(frenchIn(simulator), 'French words on the payment simulator').toEqual([]);
    expect(badTypography(simulator), 'French typography on the payment simulator').toEqual([]);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/payment-success/);
    await expectEnglishPage(page, 'the payment success page');
    await page.goto('/subscription');
    const plans = await expectEnglishPage(page, 'the plans with full access');
    expect(plans, 'an American date on the plans').toMatch(US_DATE);
    expect(plans).not.toMatch(UK_DATE);
    const receipt = await waitForMail(request, account.email, /^Your payment receipt$/);
    expectEnglishMail(receipt);
    expect(receipt.text, 'an American date in the receipt').toMatch(US_DATE);

    await page.reload();
    await expectEnglishPage(page, 'the plans after a reload');
    expect(await accountLanguage(request, account.token)).toBe('en-US');
  });
});

test('a French browser signing in to an English account gets English, and keeps it after a reload', async ({
  page,
  request,
}) => {
  // The browser says fr-FR (the journeys' default); the account says en-GB: the account wins.
  const account = await createAccount(request, { current_language: 'en-GB' });
  await answerRequiredQuestions(request, account);
  await signInWithStorage(page, account, '/profile');
  await expectEnglishPage(page, 'the profile');
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await page.reload();
  await expectEnglishPage(page, 'the profile after a reload');
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  expect(await accountLanguage(request, account.token)).toBe('en-GB');
});

// Paying in a real browser against the real server with the built-in payment simulator (the demo
// provider): a free account runs out of chapters, subscribes monthly, writes another chapter, cancels and
// restores its subscription; another buys the 12-month pack and orders the printed copy of a finished
// book (the delivery address on the simulator's page, the order on the book's page, the mails); a third
// redeems a gift code made by the command line, which a fourth then cannot use again. The premium status
// of the API is checked to agree with the screens at each stage, and axe runs on every payment screen.
import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
  waitForMail,
} from './support/accounts';
import { createIllustratedChapter } from './support/book-helpers';
import { answerChapterByApi, answerRequiredQuestions } from './support/home-helpers';
import {
  chapterCount,
  createBookByApi,
  daysFromNow,
  euros,
  expectSimulatorPage,
  fullPremiumStatus,
  giftCodes,
  longDate,
  mailbox,
  orders,
  payOnSimulator,
  waitForBook,
} from './support/premium-helpers';

const CHAT_URL = /\/conversations\/[0-9a-f-]{36}\/chat$/;

/** Opens the list page once it knows today's access (it first shows the one kept on the device). */
async function openList(page: Page): Promise<void> {
  const access = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/premium-status') && response.ok(),
  );
  await page.goto('/');
  await access;
}

/** From the list page, the new-chapter button (the empty list's own when there is none yet) to the chat. */
async function newChapterFromList(page: Page, first: boolean): Promise<void> {
  await openList(page);
  const button = page.getByRole('button', {
    name: first ? 'Créer ma première histoire' : 'Nouveau chapitre',
  });
  await button.click();
  await expect(page).toHaveURL(CHAT_URL);
}

test('a free account runs out of chapters, subscribes monthly, cancels and restores', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(request, { full_name: 'Marcel Dupuis' });
  await answerRequiredQuestions(request, account);
  expect(await fullPremiumStatus(request, account)).toEqual({
    is_full_access_granted: false,
    full_access_until: null,
    subscription: null,
    free_chapters_allowed: 3,
    book_credits: 0,
  });

  // 1. Three free chapters, started from the list page; each counts at its first answer.
  await signInWithStorage(page, account, '/');
  await expect(page).toHaveURL(/\/$/);
  for (let i = 0; i < 3; i += 1) {
    await newChapterFromList(page, i === 0);
    if (i === 0)
      // Opened and left without a word: no free chapter spent.
      expect(await fullPremiumStatus(request, account)).toMatchObject({ free_chapters_allowed: 3 });
    const id = /\/conversations\/([0-9a-f-]{36})\/chat$/.exec(page.url())![1]!;
    await answerChapterByApi(request, account, id);
  }
  expect(await chapterCount(request, account)).toBe(3);
  expect(await fullPremiumStatus(request, account)).toMatchObject({
    is_full_access_granted: false,
    free_chapters_allowed: 0,
  });

  // 2. A fourth: the premium dialog, and its way to the plans.
  await openList(page);
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByRole('button', { name: 'Nouveau chapitre' }).click();
  const premium = page.getByRole('dialog', { name: "Passez à l'offre complète" });
  await expect(premium.getByText(/Vous avez utilisé tous vos chapitres gratuits/)).toBeVisible();
  await expect(premium.getByText("Vous n'avez plus de chapitre gratuit.")).toHaveCount(0);
  const offers = premium.getByRole('link', { name: 'Découvrir les offres' });
  await expect(offers).toHaveAttribute('href', '/subscription');
  await offers.click();
  await expect(page).toHaveURL(/\/subscription$/);
  expect(await chapterCount(request, account)).toBe(3);

  // 3. The plans.
  const summary = page.getByTestId('access-summary');
  await expect(summary).toContainText("Vous n'avez plus de chapitre gratuit.");
  const monthly = page.getByTestId('plan-monthly');
  const pack = page.getByTestId('plan-pack');
  await expect(monthly.getByRole('heading', { name: 'Abonnement mensuel' })).toBeVisible();
  await expect(monthly).toContainText(/14,00\s€ \/ mois/);
  await expect(pack.getByRole('heading', { name: 'Pack 12 mois + 1 livre imprimé' })).toBeVisible();
  await expect(pack).toContainText(euros('168,00'));
  await expect(page.getByTestId('plan-book')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // 4. The monthly subscription, paid on the simulator.
  await monthly.getByRole('button', { name: "Choisir l'abonnement mensuel" }).click();
  await expectSimulatorPage(page, {
    label: 'Abonnement mensuel Chapitres',
    amount: /^14,00\s€$/,
  });
  await expect(page.getByRole('group')).toHaveCount(0); // no delivery address for a subscription
  await payOnSimulator(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Merci, votre paiement est confirmé' }),
  ).toBeVisible();
  await expect(
    page.getByText(/^Vous avez souscrit l'abonnement mensuel à 14,00\s€ par mois\.$/),
  ).toBeVisible();
  await expect(page.getByTestId('access-summary')).toContainText(
    'Votre abonnement mensuel est actif : vous avez un accès complet.',
  );
  await expectNoSeriousA11yViolations(page);
  expect(await fullPremiumStatus(request, account)).toEqual({
    is_full_access_granted: true,
    full_access_until: null,
    subscription: { status: 'active', cancel_at: null },
    free_chapters_allowed: 0,
    book_credits: 0,
  });

  // 5. A fourth chapter now starts.
  await newChapterFromList(page, false);
  expect(await chapterCount(request, account)).toBe(4);

  // 6. The profile: active; cancelled (with its end date); restored.
  await page.goto('/profile');
  const panel = page.getByTestId('subscription-panel');
  await expect(panel.getByRole('heading', { level: 2, name: 'Mon abonnement' })).toBeVisible();
  await expect(panel.getByText('Abonnement actif', { exact: true })).toBeVisible();
  await expect(panel).toContainText('Votre abonnement mensuel se renouvelle chaque mois.');
  await expect(panel.getByRole('button', { name: 'Reprendre mon abonnement' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await panel.getByRole('button', { name: 'Résilier', exact: true }).click();
  const cancelDialog = page.getByRole('alertdialog', { name: 'Résilier votre abonnement ?' });
  await expect(cancelDialog).toContainText(
    "Votre abonnement restera actif jusqu'à la fin de la période payée.",
  );
  // The safe answer has the focus.
  await expect(cancelDialog.getByRole('button', { name: 'Garder mon abonnement' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await cancelDialog.getByRole('button', { name: 'Oui, résilier' }).click();
  await expect(cancelDialog).toHaveCount(0);
  await expect(panel.getByText('Abonnement résilié', { exact: true })).toBeVisible();
  const canceled = await fullPremiumStatus(request, account);
  expect(canceled).toMatchObject({
    is_full_access_granted: true,
    subscription: { status: 'active' },
  });
  // The simulator stops a cancelled subscription a month after it began.
  expect(canceled.subscription?.cancel_at).toBeTruthy();
  const cancelAt = canceled.subscription!.cancel_at!;
  expect(daysFromNow(cancelAt)).toBeGreaterThan(27);
  expect(daysFromNow(cancelAt)).toBeLessThan(32);
  await expect(panel).toContainText(
    `Votre abonnement reste actif jusqu'au ${await longDate(page, cancelAt)}, puis il s'arrêtera.`,
  );
  const restore = panel.getByRole('button', { name: 'Reprendre mon abonnement' });
  await expect(restore).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Résilier', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await restore.click();
  const restoreDialog = page.getByRole('alertdialog', { name: 'Reprendre votre abonnement ?' });
  await expect(restoreDialog).toContainText(
    /continuera normalement, au prix de 14,00\s€ par mois\./,
  );
  await restoreDialog.getByRole('button', { name: 'Oui, reprendre' }).click();
  await expect(restoreDialog).toHaveCount(0);
  await expect(panel.getByText('Abonnement actif', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Résilier', exact: true })).toBeVisible();
  expect(await fullPremiumStatus(request, account)).toMatchObject({
    is_full_access_granted: true,
    subscription: { status: 'active', cancel_at: null },
  });

  // Still subscribed: /subscription does not offer a second subscription.
  await page.goto('/subscription');
  await expect(page.getByTestId('access-summary')).toContainText(
    'Votre abonnement mensuel est actif',
  );
  await expect(
    page.getByTestId('plan-monthly').getByRole('button', { name: "Choisir l'abonnement mensuel" }),
  ).toBeDisabled();
  await expect(page.getByTestId('plan-monthly')).toContainText('Vous êtes déjà abonné');
});

const ADDRESS = {
  name: 'Jeanne Martin',
  line1: '12 rue des Lilas',
  postalCode: '42300',
  city: 'Roanne',
};
const BOOK_TITLE = 'Une vie à Roanne';
const CHAPTER_TITLES = ["L'enfance", 'La gare de mon père', 'Notre mariage', 'Les vacances'];

test('the 12-month pack, then the printed copy of a finished book ordered with it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);

  // 1. The pack, paid on the simulator.
  await signInWithStorage(page, account, '/subscription');
  await page
    .getByTestId('plan-pack')
    .getByRole('button', { name: 'Choisir le pack 12 mois' })
    .click();
  await expectSimulatorPage(page, {
    label: 'Pack 12 mois + 1 livre imprimé',
    amount: /^168,00\s€$/,
  });
  await payOnSimulator(page);
  await expect(
    page.getByText(/^Vous avez acheté le pack 12 mois \+ 1 livre imprimé, pour 168,00\s€\.$/),
  ).toBeVisible();
  const status = await fullPremiumStatus(request, account);
  expect(status).toMatchObject({
    is_full_access_granted: true,
    subscription: null,
    book_credits: 1,
  });
  expect(daysFromNow(status.full_access_until!)).toBeGreaterThan(364);
  expect(daysFromNow(status.full_access_until!)).toBeLessThan(367);
  const until = await longDate(page, status.full_access_until!);
  const summary = page.getByTestId('access-summary');
  await expect(summary).toContainText(`Vous avez un accès complet jusqu'au ${until}.`);
  await expect(summary).toContainText('1 livre imprimé à commander');

  // 2. The profile says so too.
  await page.goto('/profile');
  const panel = page.getByTestId('subscription-panel');
  await expect(panel.getByText('Accès complet', { exact: true })).toBeVisible();
  await expect(panel).toContainText(`Accès complet jusqu'au ${until}`);
  await expect(panel).toContainText('1 livre imprimé à commander');
  await expect(panel.getByRole('link', { name: 'Voir mes livres' })).toHaveAttribute(
    'href',
    '/books',
  );
  await expect(panel.getByRole('button', { name: 'Résilier', exact: true })).toHaveCount(0);

  // 3. Four titled chapters and a book, through the API; the book is made.
  const chapters: string[] = [];
  for (const title of CHAPTER_TITLES)
    chapters.push(
      await createIllustratedChapter(request, account, {
        title,
        summary: `Je me souviens de ${title.toLowerCase()} comme si c'était hier. Nous étions heureux, et la maison sentait le pain chaud.`,
        photos: [],
      }),
    );
  const bookId = await createBookByApi(request, account, {
    title: BOOK_TITLE,
    subtitle: 'Souvenirs',
    author: 'Jeanne Martin',
    summary: 'Les souvenirs de Jeanne, de son enfance à ses vacances.',
    chapters,
  });
  await waitForBook(request, account, bookId);

  // 4. The book's page: the printed copy is included with the pack.
  await page.goto(`/book/${bookId}`);
  await expect(page.getByRole('heading', { level: 1, name: BOOK_TITLE })).toBeVisible();
  const order = page.getByTestId('book-order');
  await expect(order.getByRole('heading', { name: 'Livre imprimé' })).toBeVisible();
  await expect(order.getByTestId('book-order-price')).toHaveText('Offert avec votre pack');
  await expect(order.getByTestId('book-order-item')).toHaveCount(0);
  await order.getByRole('link', { name: 'Commander le livre imprimé' }).click();

  // 5. The simulator asks where to send it.
  await expectSimulatorPage(page, {
    label: `Livre imprimé : « ${BOOK_TITLE} »`,
    amount: /^0,00\s€ — Offert avec votre pack 12 mois$/,
  });
  const address = page.getByRole('group', { name: 'Adresse de livraison du livre' });
  for (const label of ['Nom et prénom', 'Adresse', 'Code postal', 'Ville'])
    await expect(address.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
  await expect(
    address.getByLabel('Complément d’adresse (facultatif)', { exact: true }),
  ).not.toHaveAttribute('required', '');
  await expect(address.getByLabel('Pays', { exact: true })).toHaveValue('FR');
  await expect(page.getByRole('button', { name: 'Payer', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // The browser will not send the form empty…
  const next = page.getByRole('button', { name: 'Continuer' });
  await next.click();
  await expect(page).toHaveURL(/\/api\/v1\/demo\/checkout\/[0-9a-f-]{36}$/);
  expect(
    await address
      .getByLabel('Nom et prénom', { exact: true })
      .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
  ).toBe(true);
  // …and the server refuses it too when it comes anyway (the browser's check switched off).
  await page.locator('form:has(button.pay)').evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await address.getByLabel('Nom et prénom', { exact: true }).fill(ADDRESS.name);
  await next.click();
  await expect(page.getByRole('alert')).toHaveText('Merci de remplir l’adresse de livraison.');
  // What was typed is kept.
  await expect(page.getByLabel('Nom et prénom', { exact: true })).toHaveValue(ADDRESS.name);
  await expect(page.getByRole('note')).toContainText('SIMULATION');
  await page.getByLabel('Adresse', { exact: true }).fill(ADDRESS.line1);
  await page.getByLabel('Code postal', { exact: true }).fill(ADDRESS.postalCode);
  await page.getByLabel('Ville', { exact: true }).fill(ADDRESS.city);
  // A French postcode for Belgium is refused, the field marked.
  await page.getByLabel('Pays', { exact: true }).selectOption('BE');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Ce code postal ne correspond pas au pays choisi (Belgique). Par exemple : 1000.',
  );
  await expect(page.getByLabel('Code postal', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await page.getByLabel('Pays', { exact: true }).selectOption('FR');
  await page.getByRole('button', { name: 'Continuer' }).click();

  // The review before anything is done: the book, the price, where it goes.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vérifiez votre commande' }),
  ).toBeVisible();
  const review = page.getByTestId('order-review');
  await expect(review).toContainText(`Livre imprimé : « ${BOOK_TITLE} »`);
  await expect(review).toContainText('Offert avec votre pack 12 mois');
  await expect(review).toContainText(`${ADDRESS.postalCode} ${ADDRESS.city}`);
  await expect(review).toContainText(ADDRESS.line1);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();

  // 6. Back in the app: ordered.
  await expect(page).toHaveURL(/\/payment-success(\?|$)/);
  await expect(
    page.getByText(
      'Vous avez commandé un exemplaire imprimé de votre livre. Votre livre va être imprimé puis vous sera envoyé par la poste : vous pouvez suivre la commande sur la page du livre.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/Votre accès est activé/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Voir mon livre' }).click();
  await expect(page).toHaveURL(new RegExp(`/book/${bookId}$`));
  const item = page.getByTestId('book-order').getByTestId('book-order-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(
    `Commande du ${await longDate(page, new Date().toISOString())} — offert avec votre pack`,
  );
  await expect(item).toContainText('Payée — en préparation');
  await expect(item.getByTestId('book-order-address')).toHaveText(
    `Envoi à : ${ADDRESS.name}, ${ADDRESS.line1}, ${ADDRESS.postalCode} ${ADDRESS.city}, France`,
  );
  // The credit is used: another copy has its price.
  await expect(page.getByTestId('book-order-price')).toHaveText(/^Prix\s: 49,00\s€$/);
  expect(await fullPremiumStatus(request, account)).toMatchObject({
    is_full_access_granted: true,
    book_credits: 0,
  });
  expect(await orders(request, account)).toEqual([
    expect.objectContaining({
      book_id: bookId,
      book_title: BOOK_TITLE,
      status: 'paid',
      amount: 0,
      paid_with_credit: true,
    }),
  ]);

  // 7. The mails: the order confirmed with its address, and one receipt (for the pack; the book was free).
  const confirmation = await waitForMail(request, account.email, /^Commande confirmée/);
  expect(confirmation.subject).toBe(`Commande confirmée : « ${BOOK_TITLE} »`);
  expect(confirmation.text).toContain(
    `${ADDRESS.name}, ${ADDRESS.line1}, ${ADDRESS.postalCode} ${ADDRESS.city}, FR`,
  );
  expect(confirmation.text).toContain(`/book/${bookId}`);
  const receipt = await waitForMail(request, account.email, /^Votre reçu de paiement$/);
  expect(receipt.text).toMatch(/168,00\s€/);
  expect(receipt.text).toContain('Pack 12 mois + 1 livre imprimé');
  const receipts = (await mailbox(request, account.email)).filter(
    (mail) => mail.subject === 'Votre reçu de paiement',
  );
  expect(receipts).toHaveLength(1);
});

test('a gift code gives a year of full access, once', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // A retry runs against the same server: it takes a code not used yet.
  const code = giftCodes()[testInfo.retry]!;
  const account = await createAccount(request);
  await answerRequiredQuestions(request, account);

  await signInWithStorage(page, account, '/subscription');
  const form = page.getByTestId('gift-code-form');
  await expect(form.getByRole('heading', { name: 'Vous avez un code cadeau ?' })).toBeVisible();
  const field = form.getByRole('textbox', { name: 'Code cadeau' });
  const submit = form.getByRole('button', { name: 'Utiliser ce code' });

  // Empty, then wrong.
  await submit.click();
  await expect(form.getByText('Veuillez saisir votre code cadeau.')).toBeVisible();
  await field.fill('ABCD-EFGH-JKLM-NPQR');
  await submit.click();
  await expect(form.getByText("Ce code cadeau n'existe pas.")).toBeVisible();
  expect((await fullPremiumStatus(request, account)).is_full_access_granted).toBe(false);
  await expectNoSeriousA11yViolations(page);

  // The real one, typed in lower case as people may.
  await field.fill(code.toLowerCase());
  await submit.click();
  // The form gives way to the message, in view, with no « please enter » error under an empty field.
  const success = form.getByText("Votre code cadeau est activé : 12 mois d'accès complet.");
  await expect(success).toBeVisible();
  await expect(success).toBeInViewport();
  await expect(field).toHaveCount(0);
  await expect(form.getByText('Veuillez saisir votre code cadeau.')).toHaveCount(0);
  const status = await fullPremiumStatus(request, account);
  expect(status).toMatchObject({
    is_full_access_granted: true,
    subscription: null,
    book_credits: 0,
  });
  expect(daysFromNow(status.full_access_until!)).toBeGreaterThan(364);
  expect(daysFromNow(status.full_access_until!)).toBeLessThan(367);
  const until = await longDate(page, status.full_access_until!);
  await expect(page.getByTestId('access-summary')).toContainText(
    `Vous avez un accès complet jusqu'au ${until}.`,
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto('/profile');
  const panel = page.getByTestId('subscription-panel');
  await expect(panel.getByText('Accès complet', { exact: true })).toBeVisible();
  await expect(panel).toContainText(`Accès complet jusqu'au ${until}`);
  await expect(panel).not.toContainText('livre imprimé à commander');

  // Someone else, in another browser, the same code: already used, and nothing granted.
  const other = await createAccount(request);
  await answerRequiredQuestions(request, other);
  const otherContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'fr-FR',
    storageState: testInfo.project.use.storageState,
  });
  const otherPage = await otherContext.newPage();
  await signInWithStorage(otherPage, other, '/profile');
  const otherForm = otherPage.getByTestId('gift-code-form');
  await otherForm.getByRole('textbox', { name: 'Code cadeau' }).fill(code);
  await otherForm.getByRole('button', { name: 'Utiliser ce code' }).click();
  await expect(otherForm.getByText('Ce code cadeau a déjà été utilisé.')).toBeVisible();
  await expect(
    otherPage.getByTestId('subscription-panel').getByText("Pas d'abonnement", { exact: true }),
  ).toBeVisible();
  await otherContext.close();
  expect(await fullPremiumStatus(request, other)).toMatchObject({
    is_full_access_granted: false,
    full_access_until: null,
  });
  expect((await fullPremiumStatus(request, account)).full_access_until).toBe(
    status.full_access_until,
  );
});

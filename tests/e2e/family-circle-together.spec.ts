// The family circle, made together (issue 31, items 6 and 7), in two browsers: Jeanne has shared four
// chapters with her family; her daughter Marie, a contributor, gives her a year of Chapitres from the
// circle's page (the payment simulator), leaves a word under a chapter, which Jeanne marks « Imprimer
// dans le livre »; once Jeanne allows her, Marie prepares her mother's book through the wizard. The book
// is Jeanne's — in « Mes livres », « Préparé par Marie Martin » — and its PDF closes the chapter with
// Marie's word, signed.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { consentDecided } from '../../playwright.config';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  linkIn,
  signInWithStorage,
  waitForMail,
  type Account,
} from './support/accounts';
import { createIllustratedChapter, pdfText, photoColours } from './support/book-helpers';
import { answerRequiredQuestions } from './support/home-helpers';
import {
  expectSimulatorPage,
  mailbox,
  payOnSimulator,
  waitForBook,
} from './support/premium-helpers';

const TITLES = [
  'Le bal de Douarnenez',
  'La ferme de Plonévez',
  'Le départ pour Paris',
  'Les enfants',
];
const WORD = 'Maman, je me souviens encore de tes crêpes du dimanche.';

function auth(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

async function personIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...test.info().project.use,
    storageState: consentDecided,
  });
  return context.newPage();
}

async function api<T>(
  request: APIRequestContext,
  account: Account,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: auth(account),
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test('made together: a gift from her daughter, a word printed, the book prepared by her daughter', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const jeanne = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, jeanne);
  const marie = await createAccount(request, { full_name: 'Marie Martin' });

  // Jeanne's four chapters, shared with her family; Marie invited as a contributor and joined.
  const colours = photoColours(TITLES.length);
  const chapters: string[] = [];
  for (const [index, title] of TITLES.entries()) {
    const id = await createIllustratedChapter(request, jeanne, {
      title,
      summary: `${title} : je vous raconte ce souvenir, tel qu'il me revient.`,
      photos: [{ colour: colours[index]!, legend: `Photo de « ${title} »` }],
    });
    await api(request, jeanne, 'POST', `/conversations/${id}/release`);
    chapters.push(id);
  }
  await api(request, jeanne, 'POST', '/circle/members', {
    email: marie.email,
    role: 'contributor',
    relation: 'ma fille',
  });
  const daughter = await personIn(browser);
  const invitation = linkIn(await waitForMail(daughter.request, marie.email, /./));
  await signInWithStorage(daughter, marie, invitation);
  await daughter.getByRole('button', { name: 'Rejoindre', exact: true }).click();
  await expect(daughter).toHaveURL(/\/circles\/[0-9a-f-]{36}$/);
  const circlePath = new URL(daughter.url()).pathname;

  // 1. Marie gives her mother a year of Chapitres, from the circle's page.
  expect(
    (await api<{ book_credits: number }>(request, jeanne, 'GET', '/premium-status')).book_credits,
  ).toBe(0);
  const gift = daughter.getByTestId('gift-offer');
  await expect(gift.getByRole('heading', { name: 'Offrir Chapitres à un proche' })).toBeVisible();
  await expectNoSeriousA11yViolations(daughter);
  await gift
    .getByRole('button', { name: 'Offrir un an de Chapitres à Jeanne Martin', exact: true })
    .click();
  await expectSimulatorPage(daughter, { label: /Chapitres/, amount: /168/ });
  await payOnSimulator(daughter);
  await expect(
    daughter.getByText('Merci ! Jeanne Martin a maintenant un an de Chapitres.'),
  ).toBeVisible();
  const status = await api<{ is_full_access_granted: boolean; book_credits: number }>(
    request,
    jeanne,
    'GET',
    '/premium-status',
  );
  expect(status).toMatchObject({ is_full_access_granted: true, book_credits: 1 });
  await expect
    .poll(async () => (await mailbox(request, jeanne.email)).map((mail) => mail.subject).join('\n'))
    .toMatch(/Marie Martin vous offre/);

  // 2. Marie leaves a word under the first chapter; Jeanne chooses to print it.
  await daughter.goto(`${circlePath}/chapters/${chapters[0]}`);
  await daughter.getByLabel('Laisser un mot').fill(WORD);
  await daughter.getByRole('button', { name: 'Laisser ce mot', exact: true }).click();
  await expect(daughter.getByText('Votre mot est laissé sous le chapitre.').first()).toBeVisible();
  // The word leaves through the device's outbox: it reaches the server a moment later.
  const wordId = () =>
    api<{ data: { id: string; text: string }[] }>(
      request,
      jeanne,
      'GET',
      `/conversations/${chapters[0]}/words`,
    ).then((list) => list.data.find((candidate) => candidate.text === WORD)?.id ?? '');
  await expect.poll(wordId).not.toBe('');
  const word = { id: await wordId() };
  await api(request, jeanne, 'PATCH', `/conversations/${chapters[0]}/words/${word.id}`, {
    printed: true,
  });

  // 3. Not allowed yet: no way to the wizard. Jeanne allows her from « Ma famille ».
  await daughter.goto(circlePath);
  await expect(daughter.getByTestId('gift-offer')).toBeVisible();
  await expect(daughter.getByTestId('prepare-book-link')).toHaveCount(0);
  const her = await personIn(browser);
  await signInWithStorage(her, jeanne, '/family');
  const marieRow = her.getByRole('listitem').filter({ hasText: 'Marie Martin' });
  await marieRow.getByRole('checkbox', { name: "Peut m'aider à préparer mon livre" }).check();
  await expect(
    marieRow.getByRole('checkbox', { name: "Peut m'aider à préparer mon livre" }),
  ).toBeChecked();
  await expect
    .poll(async () => {
      const members = await api<{ data: { email: string; can_make_book: boolean }[] }>(
        request,
        jeanne,
        'GET',
        '/circle/members',
      );
      return members.data.find((member) => member.email === marie.email)?.can_make_book;
    })
    .toBe(true);

  // 4. Marie prepares the book: the four shared chapters, her mother's name as the author.
  await daughter.reload();
  await daughter
    .getByRole('link', { name: 'Préparer le livre de Jeanne Martin', exact: true })
    .click();
  await expect(
    daughter.getByRole('heading', { level: 1, name: 'Préparer le livre de Jeanne Martin' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(daughter);
  await daughter.getByTestId('book-wizard-start').click();
  const step1 = daughter.getByRole('dialog', { name: 'Étape 1 : choix des chapitres' });
  await expect(step1.getByTestId('wizard-chapter')).toHaveCount(TITLES.length);
  for (const title of TITLES)
    await step1.getByRole('button', { name: `Choisir « ${title} »`, exact: true }).click();
  for (let step = 1; step <= 5; step++) {
    const current = daughter.getByTestId(`book-wizard-step-${step}`);
    if (step === 3)
      await expect(current.getByLabel("Nom de l'auteur")).toHaveValue('Jeanne Martin');
    if (step === 4)
      await expect(current.getByLabel('Titre du livre')).not.toHaveValue('', { timeout: 30_000 });
    await current.getByTestId('book-wizard-continue').click();
    await expect(daughter.getByTestId(`book-wizard-step-${step + 1}`)).toBeVisible();
  }
  await daughter
    .getByTestId('book-wizard-step-6')
    .getByRole('button', { name: 'Créer le livre' })
    .click();
  await expect(daughter).toHaveURL(/\/circles\/[0-9a-f-]{36}\/books\/[0-9a-f-]{36}$/, {
    timeout: 30_000,
  });
  const bookId = /\/books\/([0-9a-f-]{36})$/.exec(daughter.url())![1]!;
  await expect(daughter.getByText(/Vous avez préparé ce livre pour Jeanne Martin/)).toBeVisible();

  // 5. The book is Jeanne's: in her books, prepared by Marie; its PDF closes the first chapter with the word.
  await waitForBook(request, jeanne, bookId, 120_000);
  await her.goto('/books');
  await expect(her.getByText('Préparé par Marie Martin')).toBeVisible();
  await expectNoSeriousA11yViolations(her);
  const book = await api<{ url_web_pdf: string | null; made_by_name: string | null }>(
    request,
    jeanne,
    'GET',
    `/books/${bookId}`,
  );
  expect(book.made_by_name).toBe('Marie Martin');
  const pdf = await request.get(book.url_web_pdf!);
  expect(pdf.status()).toBe(200);
  const file = test.info().outputPath('book.pdf');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await pdf.body());
  const text = pdfText(file).replace(/\s+/g, ' ');
  expect(text).toContain('crêpes du dimanche');
  expect(text).toMatch(/Marie Martin, ma fille/);

  await Promise.all([daughter.context().close(), her.context().close()]);
});

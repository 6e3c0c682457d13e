// The family circle (issue 31) with three people in three browsers: Jeanne invites her daughter Marie
// (contributor) and her grandson Lucas (reader); Marie asks a question; the biographer asks it at the
// start of Jeanne's next chapter, and she answers aloud; she shares the chapter with her family; Marie
// adds a photo, which Jeanne accepts; Lucas reads the chapter, then again without a connection; Jeanne
// removes Lucas, whose next visit shows the chapter gone from his device.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { consentDecided } from '../../playwright.config';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  linkIn,
  signInWithStorage,
  waitForMail,
  type Account,
} from './support/accounts';
import { jpeg } from './support/book-helpers';
import { chatPage } from './support/chat-page';
import { fakeSpeech, installFakeSpeech } from './support/fake-speech';
import { answerRequiredQuestions } from './support/home-helpers';

async function personIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...test.info().project.use,
    storageState: consentDecided,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Invites `email` from the « Ma famille » page, as she would. */
async function invite(
  page: Page,
  email: string,
  relation: string,
  role: 'Lecteur' | 'Contributeur',
) {
  await page.getByLabel('Son adresse email').fill(email);
  await page.getByLabel('Qui est-ce pour vous ? (facultatif)').fill(relation);
  await page.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
  await page.getByRole('button', { name: "Envoyer l'invitation", exact: true }).click();
  await expect(page.getByText(`Invitation envoyée à ${email}`).first()).toBeVisible();
}

/** Opens the invitation of the mail sent to `account` and joins the circle, signed in. */
async function join(page: Page, account: Account) {
  const mail = await waitForMail(page.request, account.email, /./);
  const link = linkIn(mail);
  expect(link).toMatch(/^\/circle\/join\?token=/);
  await signInWithStorage(page, account, link);
  await expect(page.getByText(/Jeanne Martin vous invite/)).toBeVisible();
  await page.getByRole('button', { name: 'Rejoindre', exact: true }).click();
  await expect(page).toHaveURL(/\/circles\/[0-9a-f-]{36}$/);
}

test('a family circle: invited, asking, answered aloud, shared, a photo added, read offline, removed', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const jeanne = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, jeanne);
  const marie = await createAccount(request, { full_name: 'Marie Martin' });
  const lucas = await createAccount(request, { full_name: 'Lucas Martin' });

  // 1. Jeanne invites her daughter as a contributor and her grandson as a reader.
  const her = await personIn(browser);
  await her.page.addInitScript(installFakeSpeech);
  await signInWithStorage(her.page, jeanne, '/family');
  await expect(her.page.getByRole('heading', { level: 1, name: 'Ma famille' })).toBeVisible();
  await expectNoSeriousA11yViolations(her.page);
  await invite(her.page, marie.email, 'ma fille', 'Contributeur');
  await invite(her.page, lucas.email, 'mon petit-fils', 'Lecteur');

  // 2. Each joins through the link of the mail; Marie asks her question.
  const daughter = await personIn(browser);
  await join(daughter.page, marie);
  const question = 'Maman, comment as-tu rencontré papa ?';
  await daughter.page.getByLabel('Votre question').fill(question);
  await daughter.page.getByRole('button', { name: 'Envoyer la question' }).click();
  await expect(daughter.page.getByText('Votre question est envoyée.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(daughter.page);
  const grandson = await personIn(browser);
  await join(grandson.page, lucas);
  // A reader has no question form.
  await expect(grandson.page.getByLabel('Votre question')).toHaveCount(0);

  // 3. Jeanne sees who asked; her next chapter opens on it, and she answers aloud.
  await her.page.reload();
  await expect(her.page.getByText(question)).toBeVisible();
  await expect(her.page.getByText(/Marie Martin \(ma fille\) demande/)).toBeVisible();
  await her.page.goto('/');
  await her.page
    .getByRole('button', { name: /Nouveau chapitre|Créer ma première histoire/ })
    .first()
    .click();
  await expect(her.page).toHaveURL(/\/conversations\/[0-9a-f-]{36}\/chat$/);
  const chapterId = /\/conversations\/([0-9a-f-]{36})\/chat$/.exec(her.page.url())![1]!;
  await expect(her.page.getByText(/Votre fille Marie vous demande/).first()).toBeVisible({
    timeout: 30_000,
  });
  const chat = chatPage(her.page);
  const speech = fakeSpeech(her.page);
  const spoken =
    "J'ai rencontré Paul au bal de Douarnenez en 1952, il m'a invitée à danser la valse.";
  await chat.expectState('user-can-talk', 60_000);
  await chat.main('user-can-talk').click();
  await chat.expectState('user-talking');
  await speech.hear(spoken, true);
  await expect(chat.answer).toHaveValue(spoken);
  await chat.main('user-talking').click();
  await chat.main('user-updating').click();
  await chat.expectState('bot-talking', 60_000);
  await her.page.getByRole('button', { name: 'Terminer', exact: true }).click();
  await expect(her.page).toHaveURL(new RegExp(`/conversations/${chapterId}$`));
  await expect(her.page.getByText(/Douarnenez/).first()).toBeVisible({ timeout: 30_000 });

  // Marie is told her question was answered.
  await waitForMail(request, marie.email, /répondu|réponse/i);

  // 4. She shares the chapter with her family (not the public link).
  const release = her.page.getByRole('switch', { name: 'Partager avec ma famille' });
  await release.click();
  await expect(release).toBeChecked();
  await expect(
    her.page.getByText('Ce chapitre est maintenant partagé avec votre famille.').first(),
  ).toBeVisible();

  // 5. Marie adds a photo she has; Jeanne accepts it, credited.
  const chapterPath =
    (await daughter.page.evaluate(() => location.pathname)) + `/chapters/${chapterId}`;
  await daughter.page.goto(chapterPath);
  await expect(daughter.page.getByText(/Douarnenez/).first()).toBeVisible();
  await daughter.page.getByLabel('Choisir une photo').setInputFiles({
    name: 'bal.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg([160, 95, 30]),
  });
  await daughter.page.getByLabel('Légende (facultatif)').fill('Le bal de Douarnenez, 1952');
  await daughter.page.getByRole('button', { name: 'Envoyer la photo' }).click();
  await expect(daughter.page.getByText(/verra votre photo/).first()).toBeVisible({
    timeout: 30_000,
  });
  await her.page.reload();
  await expect(her.page.getByText('Photo de Marie Martin')).toBeVisible();
  await her.page.getByRole('button', { name: 'Ajouter au chapitre' }).click();
  await expect(her.page.getByText(/La photo de Marie Martin est ajoutée/).first()).toBeVisible();

  // 6. Lucas reads it, with the photo's credit; then again without a connection.
  await grandson.page.goto(chapterPath);
  await expect(grandson.page.getByText(/Douarnenez/).first()).toBeVisible();
  await expect(grandson.page.getByText('photo de Marie Martin')).toBeVisible();
  await expectNoSeriousA11yViolations(grandson.page);
  // The copy kept on the device (IndexedDB) holds the chapter before he goes.
  await expect.poll(() => keptCopies(grandson.page)).toContain('Douarnenez');
  await grandson.context.setOffline(true);
  await grandson.page.reload();
  await expect(grandson.page.getByText(/Douarnenez/).first()).toBeVisible();
  await grandson.context.setOffline(false);

  // 7. Jeanne removes Lucas: at his next visit the chapter is gone from his device.
  await her.page.goto('/family');
  const lucasRow = her.page.getByRole('listitem').filter({ hasText: 'Lucas Martin' });
  await lucasRow.getByRole('button', { name: 'Retirer du cercle' }).click();
  await her.page.getByRole('button', { name: 'Retirer maintenant' }).click();
  await expect(her.page.getByText(/n'est plus dans votre cercle/).first()).toBeVisible();
  await grandson.page.reload();
  await expect(grandson.page.getByText('Vous ne faites plus partie de ce cercle')).toBeVisible();
  await expect(grandson.page.getByText(/Douarnenez/)).toHaveCount(0);
  // Offline afterwards, nothing of hers is left to read: the copy kept on the device lost it too.
  await expect.poll(() => keptCopies(grandson.page)).toBe('');
  expect(
    await grandson.page.evaluate(
      () => localStorage.getItem('chapitres.queryCache')?.includes('Douarnenez') ?? false,
    ),
  ).toBe(false);
  await grandson.context.setOffline(true);
  await grandson.page.goto(chapterPath).catch(() => undefined);
  await expect(grandson.page.getByText(/Douarnenez/)).toHaveCount(0);

  await Promise.all([her.context.close(), daughter.context.close(), grandson.context.close()]);
});

/** What the device keeps of the circles he is in: the rows of IndexedDB's circle tables, as one text. */
function keptCopies(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('chapitres');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const rows = (table: string) =>
      new Promise<unknown[]>((resolve) => {
        if (!database.objectStoreNames.contains(table)) return resolve([]);
        const request = database.transaction(table).objectStore(table).getAll();
        request.onsuccess = () => resolve(request.result);
      });
    const kept = [...(await rows('circleChapters')), ...(await rows('circles'))];
    database.close();
    return kept.length ? JSON.stringify(kept) : '';
  });
}

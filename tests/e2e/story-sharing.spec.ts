// Sharing a story and taking it away, in a real browser against the real server: a chapter given a public
// page (read by a stranger's browser with nothing stored: title, picture, text, author, not indexed, a link
// preview, nothing else), then no longer shared (the page gone for everyone, like a guessed address); the
// person's data prepared as a ZIP on the profile and read back; the help page's questions in French and in
// English, opened by keyboard; and the contact form, its draft kept across a reload, sent to the support
// team's mailbox, and an empty name refused with words that say so. axe on every screen.
import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
  uniqueEmail,
  waitForMail,
} from './support/accounts';
import { createIllustratedChapter } from './support/book-helpers';
import { answerRequiredQuestions } from './support/home-helpers';
import {
  answerAllQuestions,
  dataExportStatus,
  loadedImages,
  mailsTo,
  metaContent,
  publicPagePattern,
  readZip,
  strangerContext,
  SUPPORT_ADDRESS,
  waitForMailContaining,
  zipText,
} from './support/story-helpers';

const STORY = {
  title: 'Les étés au bord de la Loire',
  summary:
    "Chaque été, nous partions chez ma grand-mère à Roanne. Le matin, j'allais chercher le pain avec mon frère Paul.\n\n" +
    "L'après-midi, nous descendions au bord de la Loire pour pêcher des goujons avec une canne en bambou.",
  photos: [{ colour: [160, 95, 30] as [number, number, number], legend: 'Paul et moi, en 1952' }],
};

const OTHER_CHAPTER = {
  title: "Mon premier jour à l'usine",
  summary: "À seize ans je suis entrée à l'usine de tissage, où j'ai rencontré mon amie Simone.",
  photos: [],
};

/** The chapter page, once its title is on screen (the title and text are the server's). */
async function openChapter(page: Page, id: string, title: string): Promise<void> {
  await page.goto(`/conversations/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
}

test('a chapter shared as a public page, read by a stranger, then no longer shared', async ({
  page,
  request,
  browser,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  const id = await createIllustratedChapter(request, account, STORY);
  await createIllustratedChapter(request, account, OTHER_CHAPTER);

  // 1. The owner opens the share dialog: nothing is public until she asks for the link, then the
  // page's address is made and shown.
  await signInWithStorage(page, account, '/');
  await openChapter(page, id, STORY.title);
  await page.getByRole('button', { name: 'Partager mon histoire', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Partager mon histoire' });
  await expect(dialog).toBeVisible();
  const create = dialog.getByRole('button', { name: 'Créer le lien de partage' });
  await expect(create).toBeVisible();
  const before = await request.get(`/api/v1/conversations/${id}/share`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  // Not shared: an empty answer (204), no page.
  expect(before.status()).toBe(204);
  await create.click();
  const link = dialog.getByTestId('share-link-url');
  await expect(link).toHaveValue(publicPagePattern(baseURL!));
  await expect(dialog.getByLabel('Lien de la page à partager')).toHaveValue(
    publicPagePattern(baseURL!),
  );
  await expect(
    dialog.getByText(/La page n'apparaît pas dans les moteurs de recherche/),
  ).toBeVisible();
  const url = await link.inputValue();
  const token = url.split('/s/')[1]!;
  // The share text points to the page too.
  await expect(dialog.getByLabel('Texte à partager')).toHaveValue(new RegExp(`${token}$`));
  await expectNoSeriousA11yViolations(page);

  // 2. A stranger's browser, nothing stored: the story, and nothing else.
  const stranger = await strangerContext(browser, baseURL!);
  try {
    const reader = await stranger.newPage();
    const response = await reader.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    // Revoking takes effect at once (nothing keeps a copy), and the address is not passed on.
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(STORY.title);
    await expect(reader).toHaveTitle(STORY.title);
    await expect(reader.getByText(/^Chaque été, nous partions chez ma grand-mère/)).toBeVisible();
    await expect(reader.getByText(/pour pêcher des goujons/)).toBeVisible();
    await expect(reader.getByText('par Jeanne Martin')).toBeVisible();
    const picture = reader.getByRole('img', { name: STORY.photos[0]!.legend });
    await expect(picture).toBeVisible();
    await expect
      .poll(async () => (await loadedImages(reader)).map((img) => img.naturalWidth > 0))
      .toEqual([true]);
    const [image] = await loadedImages(reader);
    expect(image!.src).toBe(`${url}/picture`);
    // Not indexed, with a link preview for messaging apps.
    expect(await metaContent(reader, 'robots')).toBe('noindex, nofollow');
    expect(await metaContent(reader, 'og:title')).toBe(STORY.title);
    expect(await metaContent(reader, 'og:description')).toMatch(
      /^Chaque été, nous partions chez ma grand-mère/,
    );
    expect(await metaContent(reader, 'og:image')).toBe(`${url}/picture`);
    expect(await metaContent(reader, 'og:url')).toBe(url);
    expect(await metaContent(reader, 'twitter:card')).toBe('summary_large_image');
    const preview = await stranger.request.get(`${url}/picture`);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-type']).toMatch(/^image\//);
    // Nothing else of the person: no address, no other chapter, no app around it, no consent dialog.
    const body = (await reader.locator('body').innerText()).toLowerCase();
    expect(body).not.toContain(account.email.toLowerCase());
    expect(body).not.toContain('@');
    expect(body).not.toContain(OTHER_CHAPTER.title.toLowerCase());
    expect(body).not.toContain('simone');
    await expect(reader.getByRole('navigation')).toHaveCount(0);
    await expect(reader.getByRole('banner')).toHaveCount(0);
    await expect(reader.getByRole('link')).toHaveCount(0);
    await expect(reader.getByRole('button')).toHaveCount(0);
    await expect(reader.getByRole('dialog')).toHaveCount(0);
    await expect(reader.locator('script')).toHaveCount(0);
    expect(await reader.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await expectNoSeriousA11yViolations(reader);

    // 3. The owner's own browser (where the app's service worker runs) opens the page too.
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('link', { name: /^Voir la page/ }).click(),
    ]);
    await expect(opened).toHaveURL(url);
    await expect(opened.getByRole('heading', { level: 1 })).toHaveText(STORY.title);
    await opened.close();

    // 4. No longer shared, after a confirmation.
    await dialog.getByRole('button', { name: 'Ne plus partager', exact: true }).click();
    const confirm = dialog.getByRole('group', { name: 'Ne plus partager ce chapitre ?' });
    await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Oui, ne plus partager' }).click();
    const stopped = dialog.getByTestId('share-stopped');
    await expect(stopped).toHaveText(
      "Ce chapitre n'est plus partagé : sa page n'est plus visible.",
    );
    await expect(stopped).toBeFocused();
    await expect(dialog.getByTestId('share-link-url')).toHaveCount(0);
    const onServer = await request.get(`/api/v1/conversations/${id}/share`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(onServer.status()).toBe(204);

    // 5. The stranger's page, reloaded: gone, and the same as a guessed address.
    const gone = await reader.reload();
    expect(gone?.status()).toBe(404);
    expect(gone?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(
      'Cette histoire n’est plus partagée',
    );
    await expect(reader.getByText(/Ce lien ne mène plus à une histoire/)).toBeVisible();
    // A way into the app, not a dead end.
    await expect(reader.getByRole('link', { name: 'Découvrir Chapitres' })).toHaveAttribute(
      'href',
      /\/$/,
    );
    await expect(reader.getByText(/goujons/)).toHaveCount(0);
    await expect(reader.getByText(STORY.title)).toHaveCount(0);
    await expect(reader.locator('img')).toHaveCount(0);
    expect(await metaContent(reader, 'robots')).toBe('noindex, nofollow');
    expect(await metaContent(reader, 'og:title')).toBeNull();
    const goneHtml = await gone!.text();
    expect((await stranger.request.get(`${url}/picture`)).status()).toBe(404);

    const guessed = await reader.goto(`/s/${'A'.repeat(43)}`);
    expect(guessed?.status()).toBe(404);
    expect(await guessed!.text()).toBe(goneHtml);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(
      'Cette histoire n’est plus partagée',
    );
    await expect(reader.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(reader);

    // 6. Shared again: a new address; the old one stays dead for whoever kept it.
    await dialog.getByRole('button', { name: 'Partager à nouveau' }).click();
    await expect(dialog.getByTestId('share-link-url')).toHaveValue(publicPagePattern(baseURL!));
    const again = await dialog.getByTestId('share-link-url').inputValue();
    expect(again).not.toBe(url);
    expect((await reader.goto(again))?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(STORY.title);
    expect((await reader.goto(url))?.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

test('taking one’s data away: the ZIP prepared on the profile, announced by mail, read back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  await createIllustratedChapter(request, account, STORY);
  expect(await dataExportStatus(request, account)).toBeNull();

  await signInWithStorage(page, account, '/profile');
  const section = page.getByTestId('data-export');
  await expect(section.getByRole('heading', { name: 'Télécharger mes données' })).toBeVisible();
  await section.getByRole('button', { name: 'Préparer mes données' }).click();
  await expect(
    section.getByText(
      'Nous préparons vos données. Vous recevrez un email quand elles seront prêtes.',
    ),
  ).toBeVisible();
  await expect(section.getByRole('button', { name: 'Préparer mes données' })).toHaveCount(0);

  // The page asks again every 5 s; the job takes a few seconds.
  const download = section.getByTestId('data-export-download');
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(download).toHaveText('Télécharger mes données (fichier ZIP)');
  await expect(section.getByText('Vos données sont prêtes.')).toBeVisible();
  await expect(section.getByText(/^Ce lien fonctionne jusqu'au .+\d{4}/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Préparer un nouveau fichier' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The file itself, fetched from the link's address, opened as a ZIP.
  const href = await download.getAttribute('href');
  expect(href).toMatch(/\/files\/.+\.zip\?expires=\d+&signature=/);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const bytes = await response.body();
  expect(bytes.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
  const files = readZip(bytes);
  const folder = `chapitres/01 - ${STORY.title}`;
  expect([...files.keys()].sort()).toEqual(
    [
      'LISEZ-MOI.txt',
      'profil.txt',
      `${folder}/chapitre.txt`,
      `${folder}/chapitre.md`,
      `${folder}/conversation.txt`,
      `${folder}/photos/1.jpg`,
    ].sort(),
  );
  expect(zipText(files, 'LISEZ-MOI.txt')).toMatch(/^Les données de Jeanne Martin sur Chapitres/);
  expect(zipText(files, 'profil.txt').trim()).not.toBe('');
  const markdown = zipText(files, `${folder}/chapitre.md`);
  expect(markdown).toContain(`# ${STORY.title}`);
  expect(markdown).toContain('Chaque été, nous partions chez ma grand-mère à Roanne.');
  expect(markdown).toContain('pour pêcher des goujons');
  expect(markdown).toContain(`![${STORY.photos[0]!.legend}](photos/1.jpg)`);
  expect(zipText(files, `${folder}/chapitre.txt`)).toContain('pour pêcher des goujons');
  expect(zipText(files, `${folder}/conversation.txt`)).toMatch(/^Biographe : /);
  const photo = files.get(`${folder}/photos/1.jpg`)!;
  expect([photo[0], photo[1], photo[2]]).toEqual([0xff, 0xd8, 0xff]);

  // The mail says it is ready, and leads back to the profile.
  const mail = await waitForMail(request, account.email, /^Vos données sont prêtes$/);
  expect(mail.text).toContain('/profile');
});

/** Opens a FAQ question by keyboard (focus, Enter): its button says so and its answer shows. */
async function openByKeyboard(page: Page, question: string) {
  const button = page
    .getByTestId('support-faq')
    .getByRole('button', { name: question, exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  const panelId = await button.getAttribute('aria-controls');
  const answer = page.locator(`[id="${panelId}"]`);
  await expect(answer).toBeHidden();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toBeVisible();
  await expect(button).toBeFocused();
  return { button, answer };
}

test('the help page’s questions, in French and in English, opened by keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  // Every question answered: signing in through the screen goes back to the help page.
  await answerAllQuestions(request, account);
  await signInWithStorage(page, account, '/support');

  // 1. In French.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aide et contact');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 2, name: 'Questions fréquentes' })).toBeVisible();
  const micro = await openByKeyboard(page, 'Le micro ne marche pas : que faire ?');
  await expect(micro.answer).toContainText('Firefox');
  await expect(micro.answer).toContainText('Firefox ne sait pas reconnaître la voix.');
  const book = await openByKeyboard(
    page,
    'Combien de chapitres dans un livre, et combien de photos ?',
  );
  await expect(book.answer).toContainText('de 4 à 10 chapitres');
  await expect(book.answer).toContainText("jusqu'à 5 photos");
  // Enter again closes it.
  await page.keyboard.press('Enter');
  await expect(book.button).toHaveAttribute('aria-expanded', 'false');
  await expect(book.answer).toBeHidden();
  await expect(micro.answer).toBeVisible();
  const mailto = page.getByTestId('support-mailto');
  await expect(mailto).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_ADDRESS}?subject=${encodeURIComponent('Question sur Chapitres')}`,
  );
  await expect(mailto).toHaveText(`Écrire à ${SUPPORT_ADDRESS}`);
  await expectNoSeriousA11yViolations(page);

  // 2. Signed out, the help page first asks to sign in; the top bar's toggle (offered to visitors who
  // are not signed in) switches the interface to English, and signing in leads back to the help page.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/support');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Français' })).toBeVisible();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help and contact');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Frequently asked questions' }),
  ).toBeVisible();
  await expect(page.getByText('Questions fréquentes')).toHaveCount(0);
  const microEn = await openByKeyboard(page, 'The microphone does not work: what can I do?');
  await expect(microEn.answer).toContainText('Firefox cannot recognise speech.');
  const bookEn = await openByKeyboard(page, 'How many chapters in a book, and how many photos?');
  await expect(bookEn.answer).toContainText('4 to 10 chapters');
  await expect(bookEn.answer).toContainText('up to 5 photos');
  await expect(page.getByTestId('support-mailto')).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_ADDRESS}?subject=${encodeURIComponent('Question about Chapitres')}`,
  );
  await expectNoSeriousA11yViolations(page);

  // 3. Signed in, the language is chosen on the profile: back to French.
  await page.goto('/profile');
  const english = page.getByRole('group', { name: 'App language' });
  await expect(english.getByRole('radio', { name: 'English' })).toBeChecked();
  // The radio follows the interface's language, which changes once the words have loaded.
  await english.getByRole('radio', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(
    page
      .getByRole('group', { name: "Langue de l'application" })
      .getByRole('radio', { name: 'Français' }),
  ).toBeChecked();
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aide et contact');
  await expect(
    page
      .getByTestId('support-faq')
      .getByRole('button', { name: 'Le micro ne marche pas : que faire ?' }),
  ).toBeVisible();
});

test('the contact form: the draft kept across a reload, an empty message refused, the mail sent', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  await signInWithStorage(page, account, '/support');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await expect(form).toBeVisible();
  const name = form.getByLabel('Votre nom');
  const email = form.getByLabel('Votre adresse email');
  const subject = form.getByLabel('Sujet (facultatif)');
  const message = form.getByLabel('Votre message');
  // Prefilled with the signed-in person.
  await expect(name).toHaveValue('Jeanne Martin');
  await expect(email).toHaveValue(account.email);

  // 1. A half-typed message survives a reload (kept in this tab's sessionStorage).
  const sender = uniqueEmail('fille');
  const words = `Bonjour, ma mère n'arrive pas à ajouter une photo (${sender.slice(6, 16)}).`;
  await name.fill('Claire Martin');
  await email.fill(sender);
  await message.fill(words.slice(0, 30));
  await expect(form.getByTestId('contact-message-count')).toHaveText('30 / 10 000 caractères');
  await page.reload();
  await expect(name).toHaveValue('Claire Martin');
  await expect(email).toHaveValue(sender);
  await expect(message).toHaveValue(words.slice(0, 30));

  // 2. An empty message is refused before sending: no request leaves the page.
  const contactRequests: string[] = [];
  const countContact = (r: { url(): string; method(): string }) => {
    if (r.method() === 'POST' && r.url().includes('/support/contact'))
      contactRequests.push(r.url());
  };
  page.on('request', countContact);
  await message.fill('   ');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(form.getByText('Écrivez votre message.')).toBeVisible();
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toBeFocused();
  await expect(form.getByTestId('contact-sent')).toHaveCount(0);
  expect(contactRequests).toEqual([]);
  page.off('request', countContact);
  await expectNoSeriousA11yViolations(page);

  // 3. Written and sent, the subject left empty.
  await message.fill(words);
  await expect(form.getByText('Écrivez votre message.')).toHaveCount(0);
  await expect(subject).toHaveValue('');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  const sent = form.getByTestId('contact-sent');
  await expect(sent).toHaveText('Votre message est envoyé. Nous vous répondrons par email.');
  await expect(sent).toBeFocused();
  await expect(message).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  // The support team's mailbox has it, with who to answer.
  const mail = await waitForMailContaining(request, SUPPORT_ADDRESS, words);
  expect(mail.subject).toBe('Message de Claire Martin');
  expect(mail.text).toContain(`Claire Martin <${sender}>`);
  expect(mail.text).toContain(words);

  // Sent: the draft is gone, a reload starts afresh.
  expect(await page.evaluate(() => sessionStorage.getItem('chapitres.supportContact'))).toBeNull();
  await page.reload();
  await expect(message).toHaveValue('');
});

// The server requires a name (docs/api.md: "name, email and message required", 422 otherwise) and the
// form's « Votre nom » is not marked optional, so an empty name must be refused with words that say so —
// not sent, only to come back as the server's generic « Certaines informations ne sont pas valides. ».
test('the contact form: an empty name is refused with a message that says what is missing', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  await signInWithStorage(page, account, '/support');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  const name = form.getByLabel('Votre nom');
  await expect(name).toHaveValue('Jeanne Martin');
  const words = `Une question sans nom (${uniqueEmail().slice(8, 18)}).`;
  await name.fill('');
  await form.getByLabel('Votre message').fill(words);
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(/nom/i);
  await expect(name).not.toHaveAccessibleDescription(/Certaines informations ne sont pas valides/);
  await expect(form.getByTestId('contact-sent')).toHaveCount(0);
  await expect(form.getByLabel('Votre message')).toHaveValue(words);
  expect(
    (await mailsTo(request, SUPPORT_ADDRESS)).filter((mail) => mail.text.includes(words)),
  ).toEqual([]);
});

// Offline in a real browser against the real server (issue 5): chapters opened once are read offline
// after a reload, pictures included; corrections made offline (title, text, two legends) survive closing
// the app and arrive exactly once when the connection returns; a change made elsewhere meanwhile is a
// conflict the person resolves; logging out leaves nothing of the account on the device.
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
  type Account,
} from './support/accounts';
import { answerRequiredQuestions, createChapterByApi } from './support/home-helpers';

const STORIES = [
  [
    'Je suis née en 1941 à Roanne, dans une maison près de la gare.',
    'Mon père était cheminot et conduisait les locomotives à vapeur.',
  ],
  [
    "En 1960 j'ai rencontré Marcel au bal du 14 juillet à Lyon.",
    'Nous nous sommes mariés en 1962 à la mairie de la Croix-Rousse.',
  ],
  [
    "J'ai travaillé trente ans à la poste de Villeurbanne, au guichet.",
    'Mes collègues me surnommaient la dame aux timbres.',
  ],
];

interface ConversationWire {
  id: string;
  title_infos: { title: string | null };
  summary_infos: { summary: string | null };
  images: { id: string; url: string; legend: string | null; position: number }[];
  updated_at: string;
}

function auth(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

/** A chapter with answers, a text, a title and a picture, made through the API. */
async function writtenChapter(
  request: APIRequestContext,
  account: Account,
  answers: string[],
): Promise<ConversationWire> {
  const id = await createChapterByApi(request, account);
  for (const content of answers) {
    const sent = await request.post(`/api/v1/conversations/${id}/messages`, {
      headers: auth(account),
      data: { content },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  const written = await request.post(
    `/api/v1/conversations/${id}/generate?do_title=true&do_keywords=true&do_image=true&do_summary=true`,
    { headers: auth(account), data: {} },
  );
  expect(written.status(), await written.text()).toBe(200);
  return (await written.json()) as ConversationWire;
}

async function onServer(request: APIRequestContext, account: Account, id: string) {
  const response = await request.get(`/api/v1/conversations/${id}`, { headers: auth(account) });
  return (await response.json()) as ConversationWire;
}

/** Signs in and waits until the service worker controls the page (images are cached from then on). */
async function signInControlled(page: Page, account: Account) {
  await signInWithStorage(page, account, '/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
    await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

async function pictureShown(page: Page, name: string | RegExp) {
  const image = page.getByRole('img', { name }).first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(await image.getAttribute('src')).not.toBe('/images/default-image.svg');
}

async function setup(request: APIRequestContext, chapters = STORIES) {
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  const written: ConversationWire[] = [];
  for (const answers of chapters) written.push(await writtenChapter(request, account, answers));
  return { account, written };
}

async function goOnline(context: BrowserContext) {
  await context.setOffline(false);
}

test('chapters opened once are read offline after a reload, with their pictures', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  const { account, written } = await setup(request);
  await signInControlled(page, account);
  for (const chapter of written) {
    await page.goto(`/conversations/${chapter.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chapter.title_infos.title!);
    await pictureShown(page, /Image 1 du chapitre/);
  }

  await context.setOffline(true);
  await page.goto('/');
  await expect(
    page.getByText(/Hors ligne\s: voici les histoires gardées sur cet appareil/),
  ).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  for (const chapter of written) {
    await page.goto(`/conversations/${chapter.id}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chapter.title_infos.title!);
    await expect(
      page.getByText('Hors ligne : vous lisez la copie gardée sur cet appareil.'),
    ).toBeVisible();
    const firstSentence = chapter.summary_infos.summary!.split(/[.\n]/)[0]!.trim();
    await expect(page.getByText(firstSentence, { exact: false }).first()).toBeVisible();
    await pictureShown(page, /Image 1 du chapitre/);
    await expect(page.getByRole('button', { name: 'Refaire le résumé' })).toBeDisabled();
  }
  await expectNoSeriousA11yViolations(page);
  await goOnline(context);
});

test('corrections made offline survive closing the app and arrive exactly once', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  const { account, written } = await setup(request, [STORIES[0]!]);
  const chapter = written[0]!;
  // A second picture, so that two legends can be written.
  const drawn = await request.post(`/api/v1/conversations/${chapter.id}/images`, {
    headers: auth(account),
  });
  expect(drawn.status(), await drawn.text()).toBe(201);
  await signInControlled(page, account);
  await page.goto(`/conversations/${chapter.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chapter.title_infos.title!);
  await page.goto(`/conversations/${chapter.id}/images`);
  await expect(page.getByText('2/5 images')).toBeVisible();

  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });

  await context.setOffline(true);
  await page.getByLabel("Légende de l'image 1").fill('La gare de Roanne');
  await page.getByRole('button', { name: /^Enregistrer la légende.*image 1/ }).click();
  await page.getByLabel("Légende de l'image 2").fill('Les locomotives');
  await page.getByRole('button', { name: /^Enregistrer la légende.*image 2/ }).click();
  await expect(page.getByText(/Légende gardée sur cet appareil/).first()).toBeVisible();

  await page.getByRole('link', { name: 'Retour au chapitre' }).click();
  await page.getByRole('button', { name: 'Corriger mon histoire' }).click();
  await page.getByLabel('Titre du chapitre').fill('Mon enfance à Roanne');
  const text = page.getByLabel('Texte du chapitre');
  await expect(text).not.toHaveValue('');
  await text.fill(`${await text.inputValue()}\n\nJ'aimais cette maison.`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon enfance à Roanne');
  await expect(page.getByText('Hors ligne · 4 modifications en attente')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The app is closed, and opened again still offline: the changes are still waiting.
  await page.close();
  const again = await context.newPage();
  again.on('request', (r) => {
    if (r.method() === 'PATCH') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await again.goto(`/conversations/${chapter.id}`);
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('Mon enfance à Roanne');
  await expect(again.getByText('Hors ligne · 4 modifications en attente')).toBeVisible();
  expect(writes).toEqual([]);

  await goOnline(context);
  await expect(again.getByText('Tout est enregistré')).toBeVisible({ timeout: 60_000 });
  const saved = await onServer(request, account, chapter.id);
  expect(saved.title_infos.title).toBe('Mon enfance à Roanne');
  expect(saved.summary_infos.summary).toContain("J'aimais cette maison.");
  expect(saved.images.sort((a, b) => a.position - b.position).map((i) => i.legend)).toEqual([
    'La gare de Roanne',
    'Les locomotives',
  ]);
  // Each change was written once: two chapter fields, two legends.
  expect(writes.filter((w) => w.endsWith(`/conversations/${chapter.id}`))).toHaveLength(2);
  expect(writes.filter((w) => w.includes('/images/'))).toHaveLength(2);
  // The text went through the summary versions: undo gives the written text back.
  const undo = await request.patch(`/api/v1/conversations/${chapter.id}/summaries?action=undo`, {
    headers: auth(account),
  });
  expect(((await undo.json()) as ConversationWire).summary_infos.summary).toBe(
    chapter.summary_infos.summary,
  );
});

test('a title changed elsewhere meanwhile is a conflict the person resolves', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  const { account, written } = await setup(request, [STORIES[1]!]);
  const chapter = written[0]!;
  await signInControlled(page, account);
  await page.goto(`/conversations/${chapter.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chapter.title_infos.title!);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Corriger mon histoire' }).click();
  await page.getByLabel('Titre du chapitre').fill('Le bal de 1960');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Hors ligne · 1 modification en attente')).toBeVisible();

  // Another device renames the chapter meanwhile.
  const elsewhere = await request.patch(`/api/v1/conversations/${chapter.id}`, {
    headers: auth(account),
    data: { title: 'Marcel et moi' },
  });
  expect(elsewhere.status()).toBe(200);

  await goOnline(context);
  const status = page.getByRole('button', { name: /Conflit à résoudre/ });
  await expect(status).toBeVisible({ timeout: 60_000 });
  await status.click();
  const dialog = page.getByRole('dialog', { name: 'Deux versions de votre texte' });
  await expect(dialog.getByText('Le bal de 1960')).toBeVisible();
  await expect(dialog.getByText('Marcel et moi')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Nothing was overwritten while the person had not chosen.
  expect((await onServer(request, account, chapter.id)).title_infos.title).toBe('Marcel et moi');
  await dialog.getByRole('button', { name: 'Garder ma version' }).click();
  await expect
    .poll(async () => (await onServer(request, account, chapter.id)).title_infos.title, {
      timeout: 30_000,
    })
    .toBe('Le bal de 1960');
  await expect(page.getByText('Tout est enregistré')).toBeVisible({ timeout: 30_000 });
});

test('logging out leaves nothing of the account in IndexedDB or the caches', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { account, written } = await setup(request, [STORIES[2]!]);
  await signInControlled(page, account);
  await page.goto(`/conversations/${written[0]!.id}`);
  await pictureShown(page, /Image 1 du chapitre/);
  const before = await deviceContents(page);
  expect(before.chapters).toBeGreaterThan(0);
  expect(before.pictures).toBeGreaterThan(0);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await deviceContents(page);
  expect(after).toEqual({ chapters: 0, drafts: 0, outbox: 0, pictures: 0, queryCache: 0 });
});

/** What the device keeps: rows of the app's IndexedDB, pictures in the cache, the persisted queries. */
function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('chapitres');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = (table: string) =>
      new Promise<number>((resolve) => {
        if (!database.objectStoreNames.contains(table)) return resolve(0);
        const request = database.transaction(table).objectStore(table).count();
        request.onsuccess = () => resolve(request.result);
      });
    const result = {
      chapters: await count('chapters'),
      drafts: await count('drafts'),
      outbox: await count('outbox'),
      pictures: (await caches.has('chapitres-images'))
        ? (await (await caches.open('chapitres-images')).keys()).length
        : 0,
      queryCache: Object.keys(localStorage).filter(
        (key) => key.startsWith('REACT_QUERY') || key.startsWith('chapitres.query'),
      ).length,
    };
    database.close();
    return result;
  });
}

// Offline benchmarks in Debian's Chromium against the built app and the real server (issue 5):
//   1. IndexedDB size once 30 written chapters (title, keywords, text, a picture) have been opened;
//   2. the app shell's start time offline (service worker and precache, no network at all);
//   3. the time from the `online` event to the last of 50 queued chapter edits acknowledged.
// Prints numbers only; nothing here is asserted. Needs `npm run build` first (dist/) and /usr/bin/chromium.
// Usage: node scripts/bench-offline.mjs   (BENCH_CHAPTERS, BENCH_CHANGES, BENCH_STARTS to change sizes)
/* global indexedDB, caches -- used inside page.evaluate, in the browser */
import { chromium, request as playwrightRequest } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedServerEnv } from '../tests/e2e/support/server-env.mjs';
import { BENCH_PASSWORD, onboardedAccount } from './bench-account.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHAPTERS = Number(process.env.BENCH_CHAPTERS ?? 30);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 50);
const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const port = Number(process.env.BENCH_PORT ?? 3190);
const baseURL = `http://127.0.0.1:${port}`;

const ANSWERS = [
  "Je suis née en 1941 à Lyon, dans le quartier de la Croix-Rousse, au-dessus de l'atelier de mon père.",
  'Mon père était canut, il tissait la soie ; ma mère tenait la boutique de mercerie rue Dumenge.',
  "L'hiver 1954 a été très froid, la Saône avait gelé et nous allions voir les péniches prises dans la glace.",
  'À quatorze ans je suis entrée comme apprentie chez une modiste de la place Bellecour, Madame Girard.',
  "J'ai rencontré Marcel au bal du 14 juillet 1960, il était cheminot à la gare de Perrache.",
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (n) => `${n.toFixed(0)} ms`;

async function waitFor(check, timeoutMs, what) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function startServer() {
  const dataDir = join(root, '.tmp', 'bench-offline-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['dist/server.js', '--role=all'], {
    cwd: join(root, 'server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...embeddedServerEnv({ port, publicUrl: baseURL, dataDir }),
      // The bench account writes more chapters than a free account may start.
      FREE_CHAPTERS: String(Math.max(3, CHAPTERS)),
    },
  });
  return child;
}

async function api(request, token, method, path, data) {
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data,
  });
  if (!response.ok())
    throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? null : response.json();
}

/** An account with its required questions answered and CHAPTERS written chapters. */
async function prepareAccount(request) {
  const { email, token } = await onboardedAccount(
    {
      api: (token, method, path, body) => api(request, token, method, path, body),
      async signIn(email, password) {
        const login = await request.post('/api/v1/login/access-token', {
          form: { username: email, password },
        });
        return (await login.json()).access_token;
      },
    },
    'bench',
  );
  const ids = [];
  for (let i = 0; i < CHAPTERS; i += 1) {
    const chapter = await api(request, token, 'POST', '/conversations');
    for (const answer of ANSWERS) {
      await api(request, token, 'POST', `/conversations/${chapter.id}/messages`, {
        content: answer,
      });
    }
    await api(
      request,
      token,
      'POST',
      `/conversations/${chapter.id}/generate?do_title=true&do_keywords=true&do_summary=true&do_image=true`,
      { summary_kwargs: { user_instructions: null, use_previous_summary: true } },
    );
    ids.push(chapter.id);
  }
  return { email, token, ids };
}

async function signIn(page, email) {
  await page.goto('/login');
  await page.getByLabel(/^(Adresse email|Email address)$/).fill(email);
  await page.getByLabel(/^(Mot de passe|Password)$/).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: /^(Se connecter|Sign in|Log in)$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Rows of the outbox still waiting, read with plain IndexedDB (the app's Dexie database). */
function pendingOps(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('chapitres');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

async function main() {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.error('dist/ is missing: run `npm run build` first.');
    process.exit(1);
  }
  const server = startServer();
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  const request = await playwrightRequest.newContext({ baseURL });
  await waitFor(
    async () => (await request.get('/readyz').catch(() => null))?.ok() ?? false,
    180_000,
    'the server',
  );

  const started = Date.now();
  const account = await prepareAccount(request);
  console.log(
    `offline bench: ${account.ids.length} written chapters prepared in ${ms(Date.now() - started)}`,
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  // The privacy choice already made, as for someone who reads their stories offline.
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            {
              name: 'chapitres.consent',
              value: JSON.stringify({
                analytics: false,
                decided_at: new Date().toISOString(),
                version: 1,
              }),
            },
          ],
        },
      ],
    },
  });
  const page = await context.newPage();
  await signIn(page, account.email);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
    await page.reload();

  // 1. Open every chapter once (the app keeps each on the device, pictures in the image cache).
  for (const id of account.ids) {
    await page.goto(`/conversations/${id}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
  }
  const storage = await page.evaluate(async () => {
    const estimate = await navigator.storage.estimate();
    const details = estimate.usageDetails ?? {};
    const names = await caches.keys();
    let cachedImages = 0;
    for (const name of names) cachedImages += (await (await caches.open(name)).keys()).length;
    return {
      indexedDB: details.indexedDB ?? null,
      caches: details.caches ?? null,
      serviceWorker: details.serviceWorkerRegistrations ?? null,
      total: estimate.usage ?? null,
      cachedEntries: cachedImages,
    };
  });
  const storedChapters = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('chapitres');
        open.onsuccess = () => {
          const all = open.result.transaction('chapters').objectStore('chapters').getAll();
          all.onsuccess = () => {
            resolve({
              rows: all.result.length,
              jsonBytes: new TextEncoder().encode(JSON.stringify(all.result)).length,
            });
            open.result.close();
          };
        };
      }),
  );
  const kb = (n) => (n == null ? 'n/a' : `${(n / 1024).toFixed(0)} KiB`);
  console.log(
    `IndexedDB for ${storedChapters.rows} stored chapters: ${kb(storage.indexedDB)} on disk ` +
      `(chapter rows ${kb(storedChapters.jsonBytes)} as JSON); Cache Storage ${kb(storage.caches)} ` +
      `in ${storage.cachedEntries} entries (shell + pictures); origin total ${kb(storage.total)}`,
  );

  // 2. The shell's start offline: reload with no network, until the page's main heading shows.
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await context.setOffline(true);
  const starts = [];
  const paints = [];
  for (let i = 0; i < STARTS; i += 1) {
    const t0 = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    starts.push(Date.now() - t0);
    paints.push(
      await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      ),
    );
  }
  starts.sort((a, b) => a - b);
  paints.sort((a, b) => a - b);
  console.log(
    `shell offline start (reload → main heading), ${STARTS} runs: p50 ${ms(percentile(starts, 50))}, ` +
      `max ${ms(starts.at(-1))}; first contentful paint p50 ${ms(percentile(paints, 50))}`,
  );

  // 3. CHANGES edits queued offline (titles, then texts, one field each), then the connection returns.
  const chapters = await Promise.all(
    account.ids.map((id) => api(request, account.token, 'GET', `/conversations/${id}`)),
  );
  const ops = [];
  for (let i = 0; ops.length < CHANGES && i < chapters.length * 2; i += 1) {
    const chapter = chapters[i % chapters.length];
    const field = i < chapters.length ? 'title' : 'summary';
    const base = field === 'title' ? chapter.title_infos.title : chapter.summary_infos.summary;
    ops.push({ chapter, field, base, value: `${base ?? ''} (modifié hors ligne ${i})` });
  }
  await page.evaluate(
    (ops) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('chapitres');
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          const store = tx.objectStore('outbox');
          const now = Date.now();
          ops.forEach((op, index) => {
            store.add({
              opId: crypto.randomUUID(),
              entity: 'chapter',
              entityId: op.chapter.id,
              field: op.field,
              payload: { value: op.value, base: op.base },
              baseUpdatedAt: op.chapter.updated_at,
              createdAt: now + index,
              attempts: 0,
              nextAttemptAt: now + index,
              status: 'pending',
              lastError: null,
            });
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve(undefined);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    ops,
  );
  const queued = await pendingOps(page);
  const t0 = Date.now();
  await context.setOffline(false);
  await waitFor(async () => (await pendingOps(page)) === 0, 120_000, 'the outbox to empty');
  const drained = Date.now() - t0;
  const after = await Promise.all(
    account.ids.map((id) => api(request, account.token, 'GET', `/conversations/${id}`)),
  );
  const arrived = ops.filter((op) => {
    const chapter = after.find((c) => c.id === op.chapter.id);
    const value = op.field === 'title' ? chapter.title_infos.title : chapter.summary_infos.summary;
    return value === op.value;
  }).length;
  console.log(
    `${queued} queued changes: online event → last acknowledged in ${ms(drained)} ` +
      `(${(drained / Math.max(1, queued)).toFixed(1)} ms per change); ${arrived}/${ops.length} on the server`,
  );

  await browser.close();
  await request.dispose();
  stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// Checks the built PWA in Debian's Chromium: installability through the DevTools protocol (Lighthouse
// has no PWA category any more), the app shell reloading offline, deep links offline, the picture
// cache ignoring URL signatures, and the worker clearing an account's caches on request.
//
//   npx vite build && node scripts/check-installable.mjs            # serves dist/ with `vite preview`
//   node scripts/check-installable.mjs --url http://127.0.0.1:3000  # checks a running server instead
//
// Options: --url <origin>, --port <n> (preview port, default 4173), --chromium <path>.
// Exits non-zero when a check fails. Never downloads a browser.
// The page.evaluate() bodies run in the browser, hence its globals here.
/* global Image, caches, document, indexedDB */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import process from 'node:process';
import { chromium } from 'playwright';
import { CHROMIUM_FLAGS } from './chromium-flags.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const port = Number(option('port', '4173'));
const executablePath = option('chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
let origin = option('url', '');

const results = [];
function record(name, ok, detail = '') {
  results.push({ name, ok, detail });
  process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}\n`);
}

async function waitForServer(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

let preview;
if (!origin) {
  origin = `http://127.0.0.1:${port}`;
  // detached: its own process group, so the whole group (npx → vite) is stopped at the end.
  preview = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  await waitForServer(`${origin}/`);
}

// A persistent profile: Chromium never offers installation in an incognito (throwaway) context.
const profile = await mkdtemp(join(tmpdir(), 'chapitres-check-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath,
  locale: 'fr-FR',
  args: CHROMIUM_FLAGS,
});

try {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await page.goto(`${origin}/`, { waitUntil: 'load' });

  // The app registers the worker itself (production build); give it a moment to do so.
  let registeredByApp = false;
  for (let i = 0; i < 25 && !registeredByApp; i += 1) {
    registeredByApp = await page.evaluate(async () =>
      Boolean(await navigator.serviceWorker.getRegistration()),
    );
    if (!registeredByApp) await sleep(200);
  }
  if (!registeredByApp) {
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js', { scope: '/' }));
  }
  record(
    'the app registers its service worker',
    registeredByApp,
    registeredByApp
      ? ''
      : 'not registered by the page (is registerServiceWorker() called in main.tsx?); registered by this check to go on',
  );
  const scriptURL = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  record('service worker active', scriptURL.endsWith('/sw.js'), scriptURL);

  const { url: manifestUrl, errors: manifestErrors } = await cdp.send('Page.getAppManifest');
  record(
    'manifest parsed without errors',
    manifestUrl !== '' && manifestErrors.length === 0,
    `${manifestUrl} ${JSON.stringify(manifestErrors)}`,
  );

  // Chromium decides installability once the page is controlled and the manifest fetched.
  await page.reload({ waitUntil: 'load' });
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  record(
    'Page.getInstallabilityErrors is empty',
    installabilityErrors.length === 0,
    installabilityErrors.length ? JSON.stringify(installabilityErrors) : 'installable',
  );

  // A picture seen online with one signature is found offline with another.
  const probeImage = '/screenshots/home-narrow.png';
  const onlineWidth = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = `${src}?expires=1&sig=first`;
    await image.decode();
    return image.naturalWidth;
  }, probeImage);
  const imageKeys = await page.evaluate(async () => {
    const cache = await caches.open('chapitres-images');
    return (await cache.keys()).map((request) => request.url);
  });
  record(
    'picture cached under its path, without the signature',
    onlineWidth > 0 &&
      imageKeys.includes(`${origin}${probeImage}`) &&
      imageKeys.every((key) => !key.includes('?')),
    JSON.stringify(imageKeys),
  );

  await context.setOffline(true);
  const started = Date.now();
  const response = await page.reload({ waitUntil: 'load' });
  const reloadMs = Date.now() - started;
  const navigation = await page.evaluate(() => {
    const entry = performance.getEntriesByType('navigation')[0];
    return {
      domContentLoaded: Math.round(entry.domContentLoadedEventEnd),
      load: Math.round(entry.loadEventEnd),
    };
  });
  const hasRoot = await page.evaluate(() => document.getElementById('root') !== null);
  record(
    'the shell reloads offline',
    Boolean(response?.fromServiceWorker()) && response?.status() === 200 && hasRoot,
    `from service worker: ${response?.fromServiceWorker()}, ${reloadMs} ms wall clock, DOMContentLoaded ${navigation.domContentLoaded} ms, load ${navigation.load} ms`,
  );

  const deepLink = await page.goto(`${origin}/conversations/00000000-0000-0000-0000-000000000000`, {
    waitUntil: 'load',
  });
  record(
    'a deep link opens offline (history fallback)',
    deepLink?.status() === 200 && deepLink.fromServiceWorker(),
  );

  let apiServedByShell = false;
  const apiPage = await context.newPage();
  try {
    const api = await apiPage.goto(`${origin}/api/v1/users/me`, { waitUntil: 'load' });
    apiServedByShell = Boolean(api?.fromServiceWorker());
  } catch {
    // net::ERR_INTERNET_DISCONNECTED: the API was left to the network, as it must be.
  } finally {
    await apiPage.close();
  }
  record('API navigations are not answered with the shell', !apiServedByShell);
  await page.goto(`${origin}/`, { waitUntil: 'load' });

  const offlineWidth = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = `${src}?expires=2&sig=re-signed`;
    try {
      await image.decode();
      return image.naturalWidth;
    } catch {
      return 0;
    }
  }, probeImage);
  record(
    'a re-signed picture URL is served offline from the cache',
    offlineWidth > 0,
    `naturalWidth ${offlineWidth}`,
  );
  await context.setOffline(false);

  const cleared = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const answer = await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      registration.active.postMessage({ type: 'CLEAR_USER_CACHES' }, [channel.port2]);
    });
    const names = await caches.keys();
    // The expiration plugin's records name every picture path seen; they must go too.
    const expirationRecords = await new Promise((resolve, reject) => {
      const request = indexedDB.open('workbox-expiration');
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const database = request.result;
        if (!database.objectStoreNames.contains('cache-entries')) return resolve(0);
        const count = database.transaction('cache-entries').objectStore('cache-entries').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      };
    });
    return { answer, names, expirationRecords };
  });
  record(
    'CLEAR_USER_CACHES answers once the picture cache and its records are gone',
    cleared.answer?.type === 'USER_CACHES_CLEARED' &&
      cleared.answer.ok === true &&
      !cleared.names.includes('chapitres-images') &&
      cleared.expirationRecords === 0,
    `caches left: ${JSON.stringify(cleared.names)}, expiration records left: ${cleared.expirationRecords}`,
  );
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
  if (preview) {
    try {
      process.kill(-preview.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

const failed = results.filter((result) => !result.ok).length;
process.stdout.write(`\n${results.length - failed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;

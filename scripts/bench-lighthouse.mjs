// Lighthouse (mobile, simulated slow 4G, the lab settings of PageSpeed) in Debian's Chromium against
// the built app and the real compiled server (issue 18): `/login` on a first visit, and the home page of
// an account with 10 written chapters and their pictures. Also prints the first load's JS + CSS as
// the browser received them. Prints numbers only; nothing is asserted.
// Usage: npm run bench:lighthouse   (needs /usr/bin/chromium; BENCH_RUNS=3 runs each page, median kept;
// BENCH_LANG=fr-FR for a French browser)
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { embeddedServerEnv } from '../tests/e2e/support/server-env.mjs';
import { onboardedAccount } from './bench-account.mjs';
import { CHROMIUM_FLAGS } from './chromium-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3192);
const origin = `http://127.0.0.1:${port}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHAPTERS = 10;
const ANSWERS = [
  "Je suis née en 1941 à Lyon, dans le quartier de la Croix-Rousse, au-dessus de l'atelier de mon père.",
  'Mon père était canut, il tissait la soie ; ma mère tenait la boutique de mercerie rue Dumenge.',
  "J'ai rencontré Marcel au bal du 14 juillet 1960, il était cheminot à la gare de Perrache.",
];

async function api(token, method, path, body) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

async function waitForServer() {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/** An account whose onboarding is done, with CHAPTERS chapters written up with their drawn picture. */
async function prepareAccount() {
  const { token } = await onboardedAccount(
    {
      api,
      async signIn(email, password) {
        const login = await fetch(`${origin}/api/v1/login/access-token`, {
          method: 'POST',
          body: new URLSearchParams({ username: email, password }),
        });
        return (await login.json()).access_token;
      },
    },
    'lighthouse',
  );
  for (let i = 0; i < CHAPTERS; i += 1) {
    const chapter = await api(token, 'POST', '/conversations');
    for (const content of ANSWERS)
      await api(token, 'POST', `/conversations/${chapter.id}/messages`, { content });
    await api(
      token,
      'POST',
      `/conversations/${chapter.id}/generate?do_title=true&do_keywords=true&do_summary=true&do_image=true`,
      { summary_kwargs: { user_instructions: null, use_previous_summary: true } },
    );
  }
  const user = await api(token, 'GET', '/users/me');
  return { token, user };
}

/** What the app keeps in localStorage for a signed-in person who already made the privacy choice. */
function signedInStorage({ token, user }) {
  return {
    'chapitres.token': token,
    'chapitres.user': JSON.stringify({
      id: user.id,
      name: user.full_name ?? '',
      email: user.email,
      emailVerified: true,
      isCguValid: true,
      isCgvValid: true,
      isPdcValid: true,
      accountType: 'standard',
      currentLanguage: 'fr-FR',
      optInMarketing: false,
      freeChaptersAllowed: 3,
    }),
    'chapitres.consent': JSON.stringify({
      analytics: false,
      recording: false,
      decided_at: new Date().toISOString(),
      version: 1,
    }),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function launchBrowser() {
  return puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    // BENCH_LANG=fr-FR: the browser's language, as a French phone's (the app then loads its French texts).
    args: [
      ...CHROMIUM_FLAGS,
      ...(process.env.BENCH_LANG ? [`--lang=${process.env.BENCH_LANG}`] : []),
    ],
  });
}

async function audit(path, storage) {
  const scores = [];
  for (let run = 0; run < RUNS; run += 1) {
    // A new browser and profile each run: no service worker, no HTTP cache, as on a first visit.
    const browser = await launchBrowser();
    const page = await browser.newPage();
    if (storage) {
      // A same-origin page that is not the app, only to write the session before the audited load.
      await page.goto(`${origin}/healthz`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
    }
    const result = await lighthouse(
      `${origin}${path}`,
      {
        onlyCategories: ['performance', 'accessibility'],
        // Keeps the session written above; the profile is new anyway.
        disableStorageReset: Boolean(storage),
        logLevel: 'error',
      },
      undefined,
      page,
    );
    const { categories, audits } = result.lhr;
    if (categories.performance.score === null) {
      // A run Lighthouse could not measure (it says why): run it again rather than count a zero.
      console.log(
        `        ${path}: run ${run + 1} not measured (${result.lhr.runtimeError?.code ?? 'no score'}), again`,
      );
      run -= 1;
      await browser.close();
      continue;
    }
    // The last run's full report, to look into: .tmp/lighthouse-login.json, .tmp/lighthouse-home.json.
    writeFileSync(
      join(root, '.tmp', `lighthouse-${path === '/' ? 'home' : path.slice(1)}.json`),
      JSON.stringify(result.lhr),
    );
    const requests = audits['network-requests'].details.items;
    const transfer = requests
      .filter((item) => ['Script', 'Stylesheet'].includes(item.resourceType))
      .reduce((sum, item) => sum + item.transferSize, 0);
    if (process.env.BENCH_VERBOSE)
      for (const item of requests)
        console.log(
          `        ${String(Math.round(item.networkRequestTime)).padStart(6)} ms ${String(item.transferSize).padStart(7)} B ${item.resourceType} ${item.url.replace(origin, '')}`,
        );
    scores.push({
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      si: audits['speed-index'].numericValue,
      // Steadier between runs than the score: the page's main-thread work on the slowed phone.
      mainThread: audits['mainthread-work-breakdown'].numericValue,
      scriptAndCss: transfer,
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    });
    await browser.close();
  }
  const pick = (key) => median(scores.map((s) => s[key]));
  const line = [
    `${path.padEnd(7)} performance ${pick('performance')} (runs ${scores.map((s) => s.performance).join(', ')})`,
    `accessibility ${pick('accessibility')}`,
    `FCP ${(pick('fcp') / 1000).toFixed(1)} s`,
    `LCP ${(pick('lcp') / 1000).toFixed(1)} s`,
    `TBT ${Math.round(pick('tbt'))} ms`,
    `CLS ${pick('cls').toFixed(3)}`,
    `SI ${(pick('si') / 1000).toFixed(1)} s`,
    `main thread ${(pick('mainThread') / 1000).toFixed(1)} s`,
    `JS+CSS received ${(pick('scriptAndCss') / 1024).toFixed(0)} kB`,
  ].join(' | ');
  console.log(line);
  const failing = [...new Set(scores.flatMap((s) => s.failing))];
  if (failing.length) console.log(`        audits not passed: ${failing.join(', ')}`);
}

const dataDir = join(root, '.tmp', 'bench-lighthouse-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const server = spawn(process.execPath, ['dist/server.js', '--role=all'], {
  cwd: join(root, 'server'),
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...embeddedServerEnv({ port, publicUrl: origin, dataDir }),
    FREE_CHAPTERS: String(CHAPTERS),
  },
});
try {
  await waitForServer();
  const account = await prepareAccount();
  console.log(`Lighthouse mobile (simulated slow 4G), median of ${RUNS} runs each:`);
  await audit('/login', null);
  await audit('/', signedInStorage(account));
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

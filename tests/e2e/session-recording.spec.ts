// Recording of visits in a real browser (issue 8): a server of its own set up with the PostHog provider
// and POSTHOG_SESSION_RECORDING, and a local server speaking PostHog's capture API in place of PostHog.
// Only a person who ticks the box is recorded, and what reaches PostHog holds no word: not the pages'
// texts, not what the person typed, not their address shown on the profile.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { PASSWORD, expectNoSeriousA11yViolations, uniqueEmail } from './support/accounts';
import { embeddedServerEnv } from './support/server-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.E2E_PORT ?? 3100) + 7;
const appURL = `http://127.0.0.1:${port}`;

interface Capture {
  path: string;
  body: {
    api_key: string;
    batch: { event: string; properties: Record<string, unknown>; timestamp: string }[];
  };
  raw: string;
}

let posthog: Server;
let captures: Capture[] = [];
let app: ChildProcess;

/** A PostHog stand-in: takes /batch/ and /s/ from the browser (CORS included) and keeps them. */
async function startFakePostHog(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'content-type');
    response.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        captures.push({ path: request.url ?? '', body: JSON.parse(raw) as Capture['body'], raw });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} was not ready after 90 s`);
}

test.describe.configure({ mode: 'serial' });
// A first visit on that server: no choice stored yet.
test.use({ baseURL: appURL, storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const fake = await startFakePostHog();
  posthog = fake.server;
  const dataDir = join(root, '.tmp', `e2e-data-recording-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  app = spawn(process.execPath, ['dist/server.js', '--role=all'], {
    cwd: join(root, 'server'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...embeddedServerEnv({ port, publicUrl: appURL, dataDir }),
      ANALYTICS_PROVIDER: 'posthog',
      POSTHOG_HOST: fake.url,
      POSTHOG_KEY: 'phc_e2e',
      POSTHOG_SESSION_RECORDING: 'true',
    },
  });
  await waitUntilReady(appURL, app);
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  await new Promise<void>((resolve) =>
    app?.exitCode !== null ? resolve() : app.once('exit', () => resolve()),
  );
  await new Promise<void>((resolve) => (posthog ? posthog.close(() => resolve()) : resolve()));
});

test.beforeEach(() => {
  captures = [];
});

function snapshots() {
  return captures.filter((c) => c.path === '/s/');
}

test('a person who ticks the box is recorded, with every word masked', async ({ page }) => {
  const email = uniqueEmail('hortense.lavoisier');
  await page.goto('/register');
  const dialog = page.getByRole('dialog', { name: 'Vos choix de confidentialité' });
  const box = dialog.getByRole('checkbox', { name: /enregistrement anonyme de mes visites/ });
  await expect(box).toBeVisible();
  await expect(box).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await box.check();
  await dialog.getByRole('button', { name: "Accepter la mesure d'audience" }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /J'accepte les conditions/ }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();
  await page.getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect
    .poll(() => snapshots().flatMap((c) => c.body.batch).length, { timeout: 20_000 })
    .toBeGreaterThan(1);
  // What pagehide sends too.
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const sent = snapshots();
  for (const capture of sent) {
    expect(capture.body.api_key).toBe('phc_e2e');
    for (const event of capture.body.batch) {
      expect(event.event).toBe('$snapshot');
      expect(event.properties).toMatchObject({
        $snapshot_source: 'web',
        $session_id: expect.any(String),
        $window_id: expect.any(String),
        distinct_id: expect.any(String),
      });
    }
  }
  const data = sent.flatMap((c) =>
    c.body.batch.flatMap(
      (e) => e.properties.$snapshot_data as { type: number; data: { source?: number } }[],
    ),
  );
  // rrweb's real output: a full snapshot of the page, and the typing as input events.
  expect(data.some((e) => e.type === 2)).toBe(true);
  expect(data.some((e) => e.type === 3 && e.data.source === 5)).toBe(true);
  const everything = sent.map((c) => c.raw).join('\n');
  // Neither what the person typed, nor their address on the profile, nor any text of the pages.
  expect(everything).not.toContain(email);
  expect(everything).not.toContain(email.split('@')[0]);
  expect(everything).not.toContain(PASSWORD);
  expect(everything).not.toContain('Créer un compte');
  expect(everything).not.toContain('Mon compte');
  expect(everything).not.toContain('Adresse email');
  expect(everything).toContain('***');

  // Audience measurement went to PostHog's batch endpoint alongside.
  const pageViews = captures
    .filter((c) => c.path === '/batch/')
    .flatMap((c) => c.body.batch)
    .filter((e) => e.event === 'page_view');
  expect(pageViews.length).toBeGreaterThan(0);
});

test('accepting measurement without ticking the box records nothing', async ({ page }) => {
  await page.goto('/register');
  const dialog = page.getByRole('dialog', { name: 'Vos choix de confidentialité' });
  await expect(dialog.getByRole('checkbox')).not.toBeChecked();
  await dialog.getByRole('button', { name: "Accepter la mesure d'audience" }).click();
  await page.getByLabel('Adresse email').fill('personne@example.org');
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => captures.filter((c) => c.path === '/batch/').length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  await page.waitForTimeout(6_000);
  expect(snapshots()).toHaveLength(0);
  // The recorder's code was not even loaded.
  const scripts = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  expect(scripts.some((name) => /recorder-[\w-]+\.js$/.test(name))).toBe(false);
});

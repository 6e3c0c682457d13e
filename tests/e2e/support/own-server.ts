// Journey helpers for a server of the journey's own, reached at an address that is not PUBLIC_URL or
// through a real Caddy over HTTPS: starting and stopping the server and Caddy (each in its own process
// group, never left behind), the SPKI hashes Chromium is given for Caddy's certificates, what a page
// must not do (console errors, page errors, CSP violations, the "cannot load the picture" toast), and a
// chapter with pictures made through the screens.
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { dirname, join } from 'node:path';
import { connect, type DetailedPeerCertificate } from 'node:tls';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PASSWORD, linkIn, waitForMail, type Account } from './accounts';
import { answerRequiredQuestions, createChapterByApi, tokenOf } from './home-helpers';
import { embeddedServerEnv } from './server-env.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

// ---------------------------------------------------------------- processes

/** A child started in its own process group, its output kept for the report. */
export interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();
// Should the worker end without the afterAll (a crash), its children go with it.
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function startDetached(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  // detached: the child leads its own process group, which stop() ends as a whole.
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  const stop = async () => {
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    // The group's other members (none expected) do not outlive their leader.
    killGroup(child, 'SIGKILL');
  };
  return { child, output: () => output, stop, exited };
}

async function poll(
  what: string,
  child: ChildProcess,
  output: () => string,
  attempt: () => Promise<boolean>,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      if (await attempt()) return;
    } catch {
      // Not answering yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${output()}`);
}

export interface OwnServer extends Started {
  /** Where the journey's own requests (mailbox, chapters) reach it directly. */
  url: string;
}

/** The built server (`node server/dist/server.js`), as start-server.mjs runs it, on a fresh data folder. */
export async function startOwnServer(options: {
  port: number;
  name: string;
  publicUrl: string;
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const dataDir = join(root, '.tmp', `e2e-data-${options.name}-${options.port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const url = `http://127.0.0.1:${options.port}`;
  const started = startDetached(
    process.execPath,
    ['dist/server.js', '--role=all'],
    join(root, 'server'),
    {
      ...embeddedServerEnv({ port: options.port, publicUrl: options.publicUrl, dataDir }),
      ...options.env,
    },
  );
  await poll('The server', started.child, started.output, async () => {
    return (await fetch(`${url}/readyz`)).ok;
  });
  return {
    url,
    child: started.child,
    output: started.output,
    stop: async () => {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- Caddy

export interface OwnCaddy extends Started {
  /** Caddy's own root certificate (PEM), which is not sent to browsers. */
  rootPem: string;
  /** The certificates Caddy presents for the site, leaf first (DER). */
  servedChain: Buffer[];
}

/** Fails (never skips) when Caddy is missing: CI installs it. */
export function requireCaddy(): void {
  const probe = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new Error(
      'The `caddy` command is missing (or broken): this journey runs deploy/Caddyfile.home in a real ' +
        `Caddy. Install it (apt-get install caddy). ${probe.error?.message ?? probe.stderr}`,
    );
}

/**
 * A real Caddy running the shipped deploy/Caddyfile.home, imported after test-only global options:
 * no admin endpoint, no attempt to install its root in the system's trust store, unprivileged ports,
 * and its certificates kept in `dir`.
 */
export async function startCaddy(options: {
  dir: string;
  httpPort: number;
  httpsPort: number;
  host: string;
  upstream: string;
}): Promise<OwnCaddy> {
  requireCaddy();
  const { dir, httpPort, httpsPort, host } = options;
  const storage = join(dir, 'caddy-data');
  const caddyfile = join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    [
      '{',
      '\tadmin off',
      '\tskip_install_trust',
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      `\tstorage file_system ${storage}`,
      '}',
      '',
      `import ${join(root, 'deploy', 'Caddyfile.home')}`,
      '',
    ].join('\n'),
  );
  const started = startDetached(
    'caddy',
    ['run', '--config', caddyfile, '--adapter', 'caddyfile'],
    dir,
    {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      CHAPITRES_SITE: `${host}:${httpsPort}`,
      CHAPITRES_UPSTREAM: options.upstream,
    },
  );
  // Caddy makes its certificate authority and the site's certificate as it starts: ready once the
  // server's /readyz answers through it, over TLS checked against Caddy's own root.
  let rootPem = '';
  await poll(
    'Caddy',
    started.child,
    started.output,
    async () => {
      rootPem ||= readFileSync(join(storage, 'pki', 'authorities', 'local', 'root.crt'), 'utf8');
      return (await httpsStatus(httpsPort, host, '/readyz', rootPem)) === 200;
    },
    30_000,
  );
  return { ...started, rootPem, servedChain: await servedChain(httpsPort, host) };
}

function httpsStatus(port: number, host: string, path: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(
      { host: '127.0.0.1', port, path, servername: host, headers: { host: `${host}:${port}` }, ca },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.setTimeout(5_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** The certificates the TLS server presents for `host` (what `openssl s_client -showcerts` prints). */
function servedChain(port: number, host: string): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: '127.0.0.1',
      port,
      servername: host,
      rejectUnauthorized: false,
    });
    socket.once('secureConnect', () => {
      const chain: Buffer[] = [];
      let certificate: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
      while (certificate?.raw && !chain.some((der) => der.equals(certificate!.raw))) {
        chain.push(certificate.raw);
        certificate = certificate.issuerCertificate;
      }
      socket.end();
      resolve(chain);
    });
    socket.once('error', reject);
  });
}

/**
 * base64(sha256(SubjectPublicKeyInfo)), the form of --ignore-certificate-errors-spki-list: the same as
 * `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
 */
export function spkiHash(certificate: Buffer | string): string {
  const spki = new X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

// ---------------------------------------------------------------- what a page must not do

const FAILED_PICTURE = "Impossible de charger l'image";

/**
 * Collects, for every page of `context` (across navigations): console errors, uncaught page errors,
 * Content-Security-Policy violations and any appearance of the "cannot load the picture" toast, which
 * goes away by itself and would be missed by a look at the end.
 */
export async function watchProblems(context: BrowserContext): Promise<string[]> {
  const problems: string[] = [];
  await context.exposeBinding('__chapitresProblem', (source, problem: string) => {
    problems.push(`${problem} (on ${source.page?.url() ?? '?'})`);
  });
  await context.addInitScript((failedPicture: string) => {
    const report = (problem: string) =>
      (window as unknown as { __chapitresProblem: (p: string) => void }).__chapitresProblem(
        problem,
      );
    document.addEventListener('securitypolicyviolation', (event) => {
      report(`CSP violation: ${event.effectiveDirective} refused ${event.blockedURI}`);
    });
    let toldToast = false;
    new MutationObserver(() => {
      if (!toldToast && document.body?.textContent?.includes(failedPicture)) {
        toldToast = true;
        report(`toast: ${failedPicture}`);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, FAILED_PICTURE);
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error')
        problems.push(`console error: ${message.text()} (on ${page.url()})`);
    });
    page.on('pageerror', (error) =>
      problems.push(`page error: ${error.message} (on ${page.url()})`),
    );
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return problems;
}

export interface PictureSeen {
  src: string;
  naturalWidth: number;
  failed: boolean;
}

/**
 * Every <img> of the page has loaded (each brought into view first: thumbnails load lazily), none fell
 * back to the default picture, and every address is on the page's own origin. Returns what was seen.
 */
export async function expectEveryPictureLoaded(page: Page): Promise<PictureSeen[]> {
  const images = page.locator('img');
  const count = await images.count();
  const seen: PictureSeen[] = [];
  const origin = await page.evaluate(() => location.origin);
  for (let index = 0; index < count; index += 1) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: `picture ${index + 1} of ${count} loads`,
      })
      .toBe(true);
    const picture = await image.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc || img.src,
      naturalWidth: img.naturalWidth,
      failed: img.dataset.failed !== undefined,
    }));
    seen.push(picture);
  }
  expect(seen.filter((picture) => picture.failed).map((picture) => picture.src)).toEqual([]);
  expect(seen.map((picture) => new URL(picture.src).origin)).toEqual(seen.map(() => origin));
  return seen;
}

/** The chapter's own files among them: signed `/files/...` addresses. */
export function filePictures(seen: PictureSeen[]): string[] {
  return seen
    .map((picture) => new URL(picture.src))
    .filter((url) => url.pathname.startsWith('/files/') && url.searchParams.has('signature'))
    .map((url) => url.href);
}

// ---------------------------------------------------------------- an account and a chapter

/** Signs up through the register screen; the app signs the person in. */
export async function signUpOnScreen(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /J'accepte les conditions/ }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();
}

/**
 * Opens the validation mail's link (whole, or its path on the page's origin) and sees it accepted.
 * Returns the link as the mail gives it.
 */
export async function validateByMail(
  page: Page,
  api: APIRequestContext,
  email: string,
  options: { wholeLink: boolean },
): Promise<string> {
  const mail = await waitForMail(api, email, /Confirmez votre adresse email/);
  const link = /(https?:\/\/\S+token=[A-Za-z0-9_\-%]+)/.exec(mail.text)?.[1] ?? '';
  await page.goto(options.wholeLink ? link : linkIn(mail));
  await expect(page.getByText('Votre email est validé')).toBeVisible();
  return link;
}

/** The signed-in person as the helpers of accounts.ts know them, onboarding answered. */
export async function accountOf(
  page: Page,
  api: APIRequestContext,
  email: string,
): Promise<Account> {
  const token = await tokenOf(page);
  const me = await api.get('/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status(), await me.text()).toBe(200);
  const account: Account = {
    email,
    password: PASSWORD,
    token,
    id: ((await me.json()) as { id: string }).id,
  };
  await answerRequiredQuestions(api, account);
  return account;
}

/** A photo the journey makes: a JPEG or a PNG of one colour. */
export async function photoFile(
  path: string,
  format: 'jpeg' | 'png',
  colour: string,
): Promise<string> {
  const image = sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } });
  await (format === 'jpeg' ? image.jpeg() : image.png()).toFile(path);
  return path;
}

/**
 * A chapter with two answers (API), written and illustrated on arrival (its drawn picture), then the
 * photos added through the pictures screen. Ends on the chapter's page. Returns its id.
 */
export async function illustratedChapter(
  page: Page,
  api: APIRequestContext,
  account: Account,
  photos: string[],
): Promise<string> {
  const id = await createChapterByApi(api, account);
  for (const content of [
    'Je suis née en 1941 à Roanne, dans une maison près de la gare, au bord de la Loire.',
    "L'hiver 1954, la Loire a gelé et nous allions glisser avec mon frère Paul.",
  ]) {
    const sent = await api.post(`/api/v1/conversations/${id}/messages`, {
      headers: { authorization: `Bearer ${account.token}` },
      data: { content },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  await page.goto(`/conversations/${id}`);
  await expect(
    page
      .getByRole('region', { name: 'Votre récit' })
      .getByText(/Roanne/)
      .first(),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: /Image 1 du chapitre/ }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Gérer les images' }).click();
  await expect(page.getByText('1/5 images')).toBeVisible();
  for (const [index, path] of photos.entries()) {
    await page.getByRole('button', { name: 'Ajouter une photo' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une photo' });
    await dialog.getByLabel('Choisir une photo').setInputFiles(path);
    await expect(dialog.getByRole('img', { name: 'Aperçu de la photo choisie' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Envoyer la photo' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText(`${index + 2}/5 images`)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Retour au chapitre' }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${id}$`));
  return id;
}

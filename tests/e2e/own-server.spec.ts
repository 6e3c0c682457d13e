// The app where people really open it, each on a server of the journey's own (not the shared one):
//  1. at an address that is not PUBLIC_URL (a name the home network gives the box): pictures still load,
//     because the server gives same-origin `/files/...` paths, not absolute URLs built from PUBLIC_URL;
//  2. through a real Caddy running the shipped deploy/Caddyfile.home over HTTPS (`tls internal`): a
//     secure context, the service worker in control, installable, pictures, the microphone.
// Chromium is given Caddy's certificates by their SPKI hashes, never Playwright's ignoreHTTPSErrors
// (with it, Chromium refuses to register the service worker).
import {
  chromium,
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type BrowserContext,
  type LaunchOptions,
  type Page,
} from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uniqueEmail, type Account } from './support/accounts';
import { installFakeSpeech } from './support/fake-speech';
import {
  E2E_PORT,
  accountOf,
  expectEveryPictureLoaded,
  filePictures,
  illustratedChapter,
  photoFile,
  requireCaddy,
  signUpOnScreen,
  spkiHash,
  startCaddy,
  startOwnServer,
  validateByMail,
  watchProblems,
  type OwnCaddy,
  type OwnServer,
} from './support/own-server';

/** The privacy choice already made, as in every other journey (their storageState is for 127.0.0.1). */
function decideConsent() {
  // Not on about:blank, which has no storage.
  if (location.protocol.startsWith('http') && !localStorage.getItem('chapitres.consent'))
    localStorage.setItem(
      'chapitres.consent',
      JSON.stringify({ analytics: false, decided_at: '2026-01-01T00:00:00.000Z', version: 1 }),
    );
}

/** The flags of playwright.config.ts, and more. */
function withArgs(launchOptions: LaunchOptions, ...more: string[]): LaunchOptions {
  return { ...launchOptions, args: [...(launchOptions.args ?? []), ...more] };
}

async function chapterImageUrls(api: APIRequestContext, account: Account, id: string) {
  const response = await api.get(`/api/v1/conversations/${id}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { images: { url: string }[] }).images.map((i) => i.url);
}

test.describe('Opened at another address', () => {
  const port = E2E_PORT + 9;
  const publicUrl = `http://127.0.0.1:${port}`;
  // The same box under the name the home network gives it: not PUBLIC_URL.
  const appURL = `http://famille.test:${port}`;
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer({ port, name: 'address', publicUrl });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  // Were the server to build picture links from PUBLIC_URL again (http://127.0.0.1:<port>/files/...),
  // they would be cross-origin for this page (http://famille.test:<port>): the CSP's `img-src 'self'`
  // refuses them (a securitypolicyviolation event, and the console error "Loading the image '…' violates
  // the following Content Security Policy directive"), the pictures fall back to the default one with
  // the « Impossible de charger l'image » toast, and the origin check below fails too — as does the look
  // at the API's answer (a path, not a URL). Checked once by rewriting the API's answers that way.
  test('pictures load, from the page’s own origin, at an address that is not PUBLIC_URL', async ({
    launchOptions,
  }, testInfo) => {
    test.setTimeout(240_000);
    const browser = await chromium.launch(
      withArgs(launchOptions, '--host-resolver-rules=MAP famille.test 127.0.0.1'),
    );
    const api = await playwrightRequest.newContext({ baseURL: server!.url });
    try {
      const context = await browser.newContext({
        baseURL: appURL,
        locale: 'fr-FR',
        viewport: { width: 1280, height: 720 },
      });
      await context.addInitScript(decideConsent);
      // No console error at all: the server sends Cross-Origin-Opener-Policy to secure pages only, which
      // Chromium would otherwise report as an error on every page of this plain-HTTP address.
      const problems = await watchProblems(context);
      const page = await context.newPage();

      const email = uniqueEmail('famille');
      await signUpOnScreen(page, email);
      expect(new URL(page.url()).origin).toBe(appURL);
      await validateByMail(page, api, email, { wholeLink: false });
      const account = await accountOf(page, api, email);
      const photos = [
        await photoFile(testInfo.outputPath('photo.jpg'), 'jpeg', '#3a6fb0'),
        await photoFile(testInfo.outputPath('photo.png'), 'png', '#b04a3a'),
      ];
      const id = await illustratedChapter(page, api, account, photos);

      // The server answers with paths, whatever PUBLIC_URL says.
      const urls = await chapterImageUrls(api, account, id);
      expect(urls).toHaveLength(3);
      for (const url of urls) expect(url).toMatch(/^\/files\/[^?]+\?expires=\d+&signature=/);

      // The chapter: the drawn picture and the two photos, large and as thumbnails.
      const onChapter = await expectEveryPictureLoaded(page);
      expect(new Set(filePictures(onChapter)).size).toBe(3);
      for (const src of filePictures(onChapter))
        expect(src.startsWith(`${appURL}/files/`)).toBe(true);

      // The pictures screen.
      await page.goto(`/conversations/${id}/images`);
      await expect(page.getByText('3/5 images')).toBeVisible();
      expect(new Set(filePictures(await expectEveryPictureLoaded(page))).size).toBe(3);

      // The list: the chapter's card shows its first picture.
      await page.goto('/');
      await expect(page.getByRole('article')).toHaveCount(1);
      expect(filePictures(await expectEveryPictureLoaded(page))).toHaveLength(1);

      expect(problems).toEqual([]);
      // The server said, once, that people use an address PUBLIC_URL does not name.
      const warnings = server!
        .output()
        .split('\n')
        .filter((line) => line.includes('A request arrived for http://famille.test:'));
      expect(warnings).toHaveLength(1);
    } finally {
      await browser.close();
      await api.dispose();
    }
  });
});

test.describe('Through Caddy over HTTPS', () => {
  test.describe.configure({ mode: 'serial' });

  const serverPort = E2E_PORT + 10;
  const httpPort = E2E_PORT + 11;
  const httpsPort = E2E_PORT + 12;
  const host = 'chapitres.home.arpa';
  const appURL = `https://${host}:${httpsPort}`;

  let dir: string | undefined;
  let server: OwnServer | undefined;
  let caddy: OwnCaddy | undefined;
  let context: BrowserContext | undefined;
  let api: APIRequestContext | undefined;
  let page: Page;
  let problems: string[];
  let account: Account | undefined;
  let chapterId: string | undefined;

  test.beforeAll(async ({ launchOptions }) => {
    test.setTimeout(180_000);
    // Fails, never skips, without Caddy: CI installs it.
    requireCaddy();
    dir = mkdtempSync(join(tmpdir(), 'chapitres-caddy-'));
    server = await startOwnServer({
      port: serverPort,
      name: 'caddy',
      publicUrl: appURL,
      env: { TRUST_PROXY: '127.0.0.1' },
    });
    caddy = await startCaddy({
      dir,
      httpPort,
      httpsPort,
      host,
      upstream: `127.0.0.1:${serverPort}`,
    });
    // Chromium matches the hashes against the certificates the server presents (the leaf and Caddy's
    // intermediate: either one is enough); Caddy's root is never sent, so its hash alone is not.
    const hashes = caddy.servedChain.map((der) => spkiHash(der));
    expect(hashes.length).toBeGreaterThanOrEqual(1);
    expect(hashes).not.toContain(spkiHash(caddy.rootPem));
    // A persistent profile: Chromium never finds an app installable in an incognito context.
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      ...withArgs(
        launchOptions,
        `--host-resolver-rules=MAP ${host} 127.0.0.1`,
        `--ignore-certificate-errors-spki-list=${hashes.join(',')}`,
      ),
      baseURL: appURL,
      locale: 'fr-FR',
      viewport: { width: 1280, height: 720 },
    });
    await context.addInitScript(decideConsent);
    problems = await watchProblems(context);
    page = context.pages()[0] ?? (await context.newPage());
    // The journey's own requests (mailbox, chapters) go to the server directly.
    api = await playwrightRequest.newContext({ baseURL: server.url });
  });

  test.afterAll(async () => {
    await context?.close();
    await api?.dispose();
    await caddy?.stop();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a secure context, the service worker in control, and the app installable', async () => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);

    const worker = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(worker).toBe(`${appURL}/sw.js`);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toBe(`${appURL}/sw.js`);

    const cdp = await context!.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
    expect(problems).toEqual([]);
  });

  test('a person signs up through the mail’s https link, and the chapter’s pictures load', async () => {
    const testInfo = test.info();
    test.setTimeout(180_000);
    const email = uniqueEmail('caddy');
    await signUpOnScreen(page, email);
    // The mail's link is built from PUBLIC_URL, the HTTPS address Caddy answers at: it works as sent.
    const link = await validateByMail(page, api!, email, { wholeLink: true });
    expect(link.startsWith(`${appURL}/email-validation?token=`)).toBe(true);
    account = await accountOf(page, api!, email);
    chapterId = await illustratedChapter(page, api!, account, [
      await photoFile(testInfo.outputPath('photo.jpg'), 'jpeg', '#3ab06a'),
    ]);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const onChapter = await expectEveryPictureLoaded(page);
    expect(new Set(filePictures(onChapter)).size).toBe(2);
    for (const src of filePictures(onChapter))
      expect(src.startsWith(`${appURL}/files/`)).toBe(true);
    await page.goto('/');
    await expect(page.getByRole('article')).toHaveCount(1);
    expect(filePictures(await expectEveryPictureLoaded(page))).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test('the microphone is there, and the chat offers to answer by voice', async () => {
    const testInfo = test.info();
    expect(chapterId, 'the chapter of the previous journey').toBeTruthy();
    // Chromium's own recognition if it has one (it needs Google's servers to hear anything, so it is
    // not started here); else the scripted stand-in the chat journeys use.
    const native = await page.evaluate(
      () => 'webkitSpeechRecognition' in window || 'SpeechRecognition' in window,
    );
    testInfo.annotations.push({
      type: 'speech recognition',
      description: native ? 'Chromium’s own' : 'the chat journeys’ stand-in',
    });
    if (!native) await context!.addInitScript(installFakeSpeech);

    await page.goto(`/conversations/${chapterId}/chat`);
    // Only a secure context has navigator.mediaDevices: here the (fake) microphone is given.
    const tracks = await page.evaluate(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const audio = stream.getAudioTracks().map((track) => track.readyState);
      stream.getTracks().forEach((track) => track.stop());
      return audio;
    });
    expect(tracks).toEqual(['live']);
    await expect(page.locator('section[data-state]')).toHaveAttribute(
      'data-state',
      'user-can-talk',
      { timeout: 30_000 },
    );
    await expect(page.getByRole('button', { name: 'RÉPONDRE', exact: true })).toBeVisible();
    await expect(
      page.getByText('Appuyez sur Répondre pour commencer à parler.').first(),
    ).toBeVisible();
    await expect(page.getByText('Ici, vous répondez en écrivant')).toHaveCount(0);
    expect(problems).toEqual([]);
    // Set up as the README says (PUBLIC_URL on Caddy's https address, TRUST_PROXY), the server has
    // nothing to warn about: Caddy forwards the host and the protocol. (The mailbox's notice, which
    // says who can read the kept mails, names the proxy on purpose and is not a configuration warning.)
    const log = server!.output();
    expect(log).toContain('Mails are not sent (MAIL_TRANSPORT=outbox)');
    const others = log.split('\n').filter((line) => !line.includes('MAIL_TRANSPORT=outbox'));
    expect(others.join('\n')).not.toMatch(/PUBLIC_URL|TRUST_PROXY|proxy/);
  });
});

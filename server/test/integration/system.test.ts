// Service endpoints, the mailbox, unknown routes and the built app with its history fallback.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, linkToken, mailsTo } from '../support/factories.ts';
import { OutboxMailTransport } from '../../src/providers/mail/outbox.ts';

// The page's one inline script (index.html's early reads), allowed by its hash.
const INLINE_SCRIPT = 'window.early = 1;';
const appDir = mkdtempSync(join(tmpdir(), 'chapitres-dist-'));
mkdirSync(join(appDir, 'assets'));
writeFileSync(
  join(appDir, 'index.html'),
  `<!doctype html><title>Chapitres</title><script>${INLINE_SCRIPT}</script><div id="root"></div>`,
);
writeFileSync(join(appDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(appDir, 'manifest.webmanifest'), '{"name":"Chapitres"}');
writeFileSync(join(appDir, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(appDir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));

const ctx = useTestApp({ env: { SERVE_APP: 'true', APP_DIR: appDir } });
afterAll(() => rmSync(appDir, { recursive: true, force: true }));

describe('service endpoints', () => {
  it('reports health and readiness', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', queue: 'ok', storage: 'ok' },
    });
  });

  it('names the failing check when not ready', async () => {
    const { database, storage } = ctx.app.services;
    const ping = vi.spyOn(database, 'ping').mockRejectedValueOnce(new Error('connection refused'));
    const down = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'not ready',
      checks: { database: 'unreachable: connection refused', queue: 'ok', storage: 'ok' },
    });
    ping.mockRestore();

    const has = vi.spyOn(storage, 'has').mockRejectedValueOnce(new Error('access denied'));
    const noStorage = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(noStorage.statusCode).toBe(503);
    expect(noStorage.json()).toMatchObject({
      status: 'not ready',
      checks: { database: 'ok', storage: 'unreachable: access denied' },
    });
    has.mockRestore();
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('publishes the public configuration without secrets', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    const config = response.json();
    expect(config).toMatchObject({
      payment_provider: 'demo',
      mail_transport: 'outbox',
      limits: {
        free_chapters: 3,
        images_per_chapter: 5,
        book_min_chapters: 4,
        book_max_chapters: 10,
      },
    });
    expect(JSON.stringify(config)).not.toContain(ctx.config.jwtSecret);
  });

  it('serves the OpenAPI description and its page, whose scripts are files the CSP allows', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/v1/users/signup',
      '/api/v1/login/access-token',
      '/api/v1/users/me',
      '/api/v1/users/me/logout-all',
      '/api/v1/validate-email',
      '/api/v1/password-recovery/{email}',
      '/api/v1/reset-password',
      '/api/v1/config',
    ])
      expect(paths).toContain(path);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    // script-src 'self' forbids inline scripts: the page must only load script files.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('announces the built-in providers when no model server is configured', async () => {
    const { features } = (await ctx.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
    expect(features).toEqual({
      interviewer: 'embedded',
      writer: 'embedded',
      voice: 'embedded',
      illustrations: 'embedded',
      transcription: 'none',
    });
    const { publicFeatures } = await import('../../src/modules/system/routes.ts');
    expect(
      publicFeatures({
        ...ctx.config,
        openai: { ...ctx.config.openai, baseUrl: 'http://127.0.0.1:11434/v1' },
      }),
    ).toMatchObject({ interviewer: 'openai', voice: 'openai', transcription: 'openai' });
  });

  it('tells the app where consented analytics go, and whether visits may be recorded', async () => {
    const { analytics } = (await ctx.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
    expect(analytics).toEqual({
      provider: 'embedded',
      posthog_host: null,
      posthog_key: null,
      session_recording: false,
    });
    const { publicConfig, publicFeatures } = await import('../../src/modules/system/routes.ts');
    const posthog = {
      ...ctx.config,
      analytics: {
        provider: 'posthog' as const,
        posthogHost: 'https://ph.example',
        posthogKey: 'phc_key',
        sessionRecording: true,
      },
    };
    expect(publicConfig(posthog, publicFeatures(posthog)).analytics).toEqual({
      provider: 'posthog',
      posthog_host: 'https://ph.example',
      posthog_key: 'phc_key',
      session_recording: true,
    });
  });

  it('answers an unknown API path with a 404 in the error shape, never the app', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail[0].type).toBe('not_found');
  });

  it('sends security headers with a content security policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("allows the built page's inline script by its hash, and no other inline script", async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(page.headers['content-security-policy'] as string);
    expect(scriptSrc?.[1]).toBe(`'self' 'sha256-${hash}'`);
  });
});

describe('the mailbox', () => {
  it('lists kept mails as JSON newest first and as a readable page with clickable links', async () => {
    const user = await createUser(ctx.app);
    // Recovery mails only a verified address (issue 28): follow the validation link first.
    const [validation] = await mailsTo(ctx.app, user.email);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/validate-email',
      payload: { token: linkToken(validation) },
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/password-recovery/${encodeURIComponent(user.email)}`,
    });
    const mails = await mailsTo(ctx.app, user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Choisissez un nouveau mot de passe',
      'Confirmez votre adresse email',
    ]);
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).json();
    expect(all.count).toBeGreaterThanOrEqual(2);
    // A message's extra headers (a one-click unsubscribe) are kept and shown as SMTP would send them.
    await new OutboxMailTransport(ctx.database.db).send({
      to: user.email,
      subject: 'Une question cette semaine',
      text: 'texte',
      html: '<p>texte</p>',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const kept = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/dev/mailbox?to=${encodeURIComponent(user.email)}`,
      })
    ).json().data as { subject: string; headers?: Record<string, string> }[];
    expect(kept.find((m) => m.subject === 'Une question cette semaine')?.headers).toEqual({
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(
      kept.find((m) => m.subject === 'Confirmez votre adresse email')?.headers,
    ).toBeUndefined();
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<a href="http://chapitres.test/reset-password?token=');
    expect(page.body.indexOf('Choisissez un nouveau mot de passe')).toBeLessThan(
      page.body.indexOf('Confirmez votre adresse email'),
    );
    const other = await createUser(ctx.app);
    await mailsTo(ctx.app, other.email); // waits for its mail job
    const filtered = await ctx.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent(other.email.toUpperCase())}`,
    });
    expect(filtered.body).toContain(other.email);
    expect(filtered.body).not.toContain(user.email);
    const filteredJson = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/dev/mailbox?to=${encodeURIComponent(other.email)}`,
      })
    ).json();
    expect(filteredJson.count).toBe(1);
    expect(Object.keys(filteredJson.data[0]).sort()).toEqual(
      ['created_at', 'html', 'id', 'subject', 'text', 'to'].sort(),
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox?limit=1000' })).statusCode,
    ).toBe(422);
  });

  it('is shown to this machine only (or with its key, trust-box.test.ts): it holds password-reset links', async () => {
    const user = await createUser(ctx.app);
    await mailsTo(ctx.app, user.email);
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    // The home network is not trusted either: behind a proxy on the same box every visitor is local.
    for (const remoteAddress of [
      '192.168.1.30',
      '10.0.0.7',
      'fd00::5',
      '203.0.113.5',
      '2001:db8::1',
    ]) {
      for (const url of ['/dev/mailbox', '/api/v1/dev/mailbox']) {
        const answer = await ctx.app.inject({ method: 'GET', url, remoteAddress });
        expect(answer.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(answer.body).not.toContain(user.email);
      }
    }
  });
});

describe('the built app', () => {
  it('serves index.html for app routes, fresh; assets immutable; the service worker never stale', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/conversations/abc/chat',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const root = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    expect(root.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    // A script is not a document: only the headers that mean something for it are sent.
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const sw = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const missingAsset = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
    // Not a page: JSON clients, other methods and /dev paths never get the app.
    const asJson = await ctx.app.inject({
      method: 'GET',
      url: '/profile',
      headers: { accept: 'application/json' },
    });
    expect(asJson.statusCode).toBe(404);
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/profile',
      headers: { accept: 'text/html' },
    });
    expect(post.statusCode).toBe(404);
    const dev = await ctx.app.inject({
      method: 'GET',
      url: '/dev/nothing',
      headers: { accept: 'text/html' },
    });
    expect(dev.statusCode).toBe(404);
  });
});

describe('without a built app', () => {
  const bare = useTestApp({
    env: { SERVE_APP: 'true', APP_DIR: join(tmpdir(), 'chapitres-no-such-dist') },
  });

  it('explains how to build it on app pages, and the API still works', async () => {
    const page = await bare.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    expect(page.body).toContain('chapitres-no-such-dist');
    const api = await bare.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(api.statusCode).toBe(200);
    const missingApi = await bare.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { accept: 'text/html' },
    });
    expect(missingApi.json().detail[0].type).toBe('not_found');
  });
});

// The environment is read once and checked: defaults, paths from the repository root, a generated JWT
// key kept private in the data directory, and a clear error for every bad value.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseRole, repoRoot } from '../../src/config.ts';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'chapitres-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: null,
      tokenTtlDays: 30,
      mail: { transport: 'outbox', smtpUrl: null },
      redisUrl: null,
      termsVersion: 1,
      freeChapters: 3,
      serveApp: true,
      trustProxy: false,
      appDir: join(repoRoot, 'dist'),
      storage: { kind: 'disk' },
      stripe: { secretKey: null },
      analytics: { provider: 'embedded', sessionRecording: false },
    });
  });

  it('resolves a relative DATA_DIR from the repository root, not the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'data', JWT_SECRET: 'x'.repeat(32) });
    expect(config.dataDir).toBe(join(repoRoot, 'data'));
  });

  it('generates the JWT key once, keeps it with mode 600, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('reads every service setting', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '8080',
      PUBLIC_URL: 'https://chapitres.example/',
      DATABASE_URL: 'postgres://u@db:5432/chapitres',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail:25',
      REDIS_URL: 'redis://cache:6379',
      STORAGE: 's3',
      S3_BUCKET: 'books',
      S3_FORCE_PATH_STYLE: 'false',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      STRIPE_SECRET_KEY: 'sk_test',
      TRUST_PROXY: '2',
      SERVE_APP: 'false',
      ANALYTICS_PROVIDER: 'posthog',
      POSTHOG_HOST: 'https://eu.posthog.example',
      POSTHOG_KEY: 'phc_key',
      POSTHOG_SESSION_RECORDING: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://chapitres.example',
      databaseUrl: 'postgres://u@db:5432/chapitres',
      mail: { transport: 'smtp', smtpUrl: 'smtp://mail:25' },
      redisUrl: 'redis://cache:6379',
      storage: { kind: 's3', s3: { bucket: 'books', forcePathStyle: false } },
      openai: { baseUrl: 'http://127.0.0.1:11434/v1' },
      stripe: { secretKey: 'sk_test' },
      trustProxy: 2,
      serveApp: false,
      analytics: {
        provider: 'posthog',
        posthogHost: 'https://eu.posthog.example',
        posthogKey: 'phc_key',
        sessionRecording: true,
      },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ TOKEN_TTL_DAYS: '0' }, /TOKEN_TTL_DAYS/],
    [{ FREE_CHAPTERS: '-1' }, /FREE_CHAPTERS/],
    [{ MAIL_TRANSPORT: 'pigeon' }, /MAIL_TRANSPORT/],
    [{ MAIL_TRANSPORT: 'smtp' }, /SMTP_URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ SERVE_APP: 'perhaps' }, /SERVE_APP/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ STORAGE: 's3' }, /S3_BUCKET/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ TRUST_PROXY: 'everyone' }, /TRUST_PROXY/],
    [{ ANALYTICS_PROVIDER: 'posthog' }, /POSTHOG_HOST and POSTHOG_KEY/],
    [{ POSTHOG_SESSION_RECORDING: 'true' }, /needs ANALYTICS_PROVIDER=posthog/],
    [
      {
        ANALYTICS_PROVIDER: 'posthog',
        POSTHOG_HOST: 'https://ph.example',
        POSTHOG_KEY: 'phc_x',
        POSTHOG_SESSION_RECORDING: 'maybe',
      },
      /POSTHOG_SESSION_RECORDING/,
    ],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('needs PostgreSQL for the api and worker roles', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir() }, 'api')).toThrow(/DATABASE_URL/);
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/x' }, 'worker').role,
    ).toBe('worker');
  });
});

describe('parseRole', () => {
  it('reads --role and defaults to all', () => {
    expect(parseRole([])).toBe('all');
    expect(parseRole(['--role=worker'])).toBe('worker');
    expect(() => parseRole(['--role=boss'])).toThrow(ConfigError);
  });
});

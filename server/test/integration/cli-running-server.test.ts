// The command line beside a running server (the issue: gift codes printed while the embedded server
// ran were silently lost). The server is a real process. On PGlite the command line sends its command
// to it over the admin socket; on PostgreSQL (TEST_DATABASE_URL) it works on the database beside it.
// Either way what it does is seen at once by the app: a code it prints is redeemed through the API, a
// grant shows in the person's status, and both survive a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SOCKET } from '../../src/admin-socket.ts';
import { runCli } from '../../src/cli.ts';
import { repoRoot } from '../../src/config.ts';
import { freePort, processCluster, until } from '../support/processes.ts';

const pgUrl = process.env.TEST_DATABASE_URL || null;
const cluster = pgUrl ? processCluster(pgUrl, 'cli') : null;

const saved = { ...process.env };
let dataDir: string;
let base: string;
let server: ChildProcess;

async function startServer() {
  if (cluster) {
    base = `http://127.0.0.1:${cluster.port}`;
    server = cluster.start('api');
    await until(
      'the server',
      async () => ((await fetch(`${base}/readyz`)).ok ? true : null),
      90_000,
    );
    return;
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(repoRoot, 'server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SERVE_APP: 'false' },
    stdio: 'ignore',
  });
  await until('the server', async () => ((await fetch(`${base}/readyz`)).ok ? true : null), 90_000);
}

async function stopServer() {
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}

async function cli(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runCli(argv, (line) => lines.push(line));
  return lines;
}

async function signUp(email: string) {
  const body = {
    email,
    password: 'Souvenir1!',
    full_name: 'Jeanne Martin',
    cgu_validated: true,
    cgv_validated: true,
    pdc_validated: true,
  };
  const created = await fetch(`${base}/api/v1/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(created.status).toBe(201);
  const login = await fetch(`${base}/api/v1/login/access-token`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: body.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

async function fullAccess(auth: Record<string, string>): Promise<boolean> {
  const answer = await fetch(`${base}/api/v1/premium-status`, { headers: auth });
  return ((await answer.json()) as { is_full_access_granted: boolean }).is_full_access_granted;
}

beforeAll(async () => {
  await cluster?.setUp();
  dataDir = cluster?.dataDir ?? mkdtempSync(join(tmpdir(), 'chapitres-cli-live-'));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    DATABASE_URL: cluster?.databaseUrl ?? '',
    JWT_SECRET: 'cli-live-secret-cli-live-secret-0123456789',
    LOG_LEVEL: 'silent',
    MAIL_TRANSPORT: 'outbox',
    STORAGE: 'disk',
    RATE_LIMIT_MULTIPLIER: '100',
  });
  await startServer();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) await stopServer();
  process.env = saved;
  await cluster?.tearDown();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run cli while the embedded server runs', { timeout: 120_000 }, () => {
  it.skipIf(cluster)('listens on a socket only its own account can open', () => {
    expect(statSync(join(dataDir, ADMIN_SOCKET)).mode & 0o777).toBe(0o600);
  });

  it('makes gift codes the app redeems at once, grants access the app shows at once', async () => {
    const codes = (
      await cli('gift-codes', 'create', '--count', '2', '--expires', '2099-12-31')
    ).filter((line) => /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/.test(line));
    expect(codes).toHaveLength(2);
    const jeanne = await signUp(`jeanne.${Date.now()}@example.org`);
    expect(await fullAccess(jeanne)).toBe(false);
    const redeemed = await fetch(
      `${base}/api/v1/demo/promo-code?customer_promo_code=${encodeURIComponent(codes[0]!)}`,
      { method: 'POST', headers: jeanne },
    );
    expect(redeemed.status, await redeemed.text()).toBe(200);
    expect(await fullAccess(jeanne)).toBe(true);

    const email = `paul.${Date.now()}@example.org`;
    const paul = await signUp(email);
    expect(await cli('access', 'grant', '--email', email, '--months', '3')).toEqual([
      `${email}: 3 more months of full access`,
    ]);
    expect(await fullAccess(paul)).toBe(true);
  });

  it('answers bad arguments by name, from the server, with nothing done', async () => {
    await expect(
      cli('access', 'grant', '--email', 'nobody@example.org', '--months', '3'),
    ).rejects.toThrow('No account for nobody@example.org');
    await expect(
      cli('gift-codes', 'create', '--count', '0', '--expires', '2099-12-31'),
    ).rejects.toThrow('--count must be a whole number from 1 to 10000');
  });

  it('keeps what it did through a restart, and works directly once the server is stopped', async () => {
    await stopServer();
    const listed = (await cli('gift-codes', 'list')).join('\n');
    expect(listed.match(/2099-12-31/g)).toHaveLength(2);
    expect(listed).toMatch(/used \d{4}-\d{2}-\d{2}/);
    expect(listed).toMatch(/unused/);
  });
});

// `--role=api` and `--role=worker` as separate processes on one PostgreSQL database: the API queues
// mail jobs, only the worker process runs them, and both stop cleanly on SIGTERM. Runs with the
// PostgreSQL suite (TEST_DATABASE_URL), since these roles need a shared database.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { signupBody } from '../support/factories.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(adminUrl)('separate API and worker processes', () => {
  const name = `chapitres_test_${randomBytes(6).toString('hex')}`;
  let dataDir = '';
  let databaseUrl = '';
  let port = 0;
  const children: ChildProcess[] = [];

  function start(role: 'api' | 'worker') {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts', `--role=${role}`], {
      cwd: join(repoRoot, 'server'),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'roles-test-secret-roles-test-secret-0123',
        LOG_LEVEL: 'warn',
        SERVE_APP: 'false',
        RATE_LIMIT_MULTIPLIER: '100',
      },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  }

  async function stop(child: ChildProcess) {
    if (child.exitCode !== null) return child.exitCode;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    return code as number;
  }

  const api = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init);
  async function mailCount(email: string) {
    const response = await api(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    return ((await response.json()) as { count: number }).count;
  }
  async function signup() {
    const body = signupBody();
    const response = await api('/api/v1/users/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return body.email as string;
  }

  beforeAll(async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'chapitres-roles-'));
  });

  afterAll(async () => {
    for (const child of children) await stop(child);
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the API queues, only the worker sends, and both shut down cleanly', async () => {
    const apiProcess = start('api');
    await until('the API to be ready', async () => ((await api('/readyz')).ok ? true : null));

    // No worker yet: the API process keeps the mail queued and does not send it itself.
    const first = await signup();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await mailCount(first)).toBe(0);

    const worker = start('worker');
    await until('the worker to send the queued mail', async () =>
      (await mailCount(first)) === 1 ? true : null,
    );
    const second = await signup();
    await until('the worker to send the next mail', async () =>
      (await mailCount(second)) === 1 ? true : null,
    );

    expect(await stop(worker)).toBe(0);
    expect(await stop(apiProcess)).toBe(0);
  });
});

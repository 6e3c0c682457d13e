// Server processes for the tests that need several of them (API and workers apart) on one PostgreSQL
// database: a fresh database, a free port, `--role` processes started and stopped, and polling.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/config.ts';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `probe` until it answers something other than null (errors count as null). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null>,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A database of its own on the PostgreSQL server at `adminUrl`, a data folder, a port, and processes. */
export function processCluster(adminUrl: string, prefix: string) {
  const name = `chapitres_test_${randomBytes(6).toString('hex')}`;
  const children: ChildProcess[] = [];
  const cluster = {
    databaseUrl: '',
    dataDir: '',
    port: 0,
    async setUp() {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      cluster.databaseUrl = url.toString();
      cluster.port = await freePort();
      cluster.dataDir = mkdtempSync(join(tmpdir(), `chapitres-${prefix}-`));
    },
    start(role: 'api' | 'worker', env: Record<string, string> = {}) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/server.ts', `--role=${role}`],
        {
          cwd: join(repoRoot, 'server'),
          env: {
            ...process.env,
            DATABASE_URL: cluster.databaseUrl,
            DATA_DIR: cluster.dataDir,
            PORT: String(cluster.port),
            HOST: '127.0.0.1',
            PUBLIC_URL: `http://127.0.0.1:${cluster.port}`,
            JWT_SECRET: `${prefix}-test-secret-${prefix}-test-secret-0123456789`,
            LOG_LEVEL: 'warn',
            SERVE_APP: 'false',
            RATE_LIMIT_MULTIPLIER: '100',
            ...env,
          },
          stdio: 'ignore',
        },
      );
      children.push(child);
      return child;
    },
    /** SIGTERM and wait; the exit code (null when it was already gone by a signal). */
    async stop(child: ChildProcess): Promise<number | null> {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      return code as number | null;
    },
    api(path: string, init?: RequestInit) {
      return fetch(`http://127.0.0.1:${cluster.port}${path}`, init);
    },
    async tearDown() {
      for (const child of children) await cluster.stop(child);
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      if (cluster.dataDir) rmSync(cluster.dataDir, { recursive: true, force: true });
    },
  };
  return cluster;
}

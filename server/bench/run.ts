// `npm run bench`: requests/s and p99 of GET /api/v1/users/me (a valid token: JWT check + one indexed
// select) next to a bare hello-world route in the same process and run, on PGlite and on PostgreSQL
// (when reachable), then start-up time and memory of the real server. Prints numbers; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig, repoRoot } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchDatabase(label: string, databaseUrl: string | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_APP: 'false',
    RATE_LIMIT_MULTIPLIER: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({
    databaseUrl,
    dataDir: databaseUrl ? null : join(dataDir, 'db'),
  });
  const app = await buildApp(config, { database, logger: false });
  app.get('/bench/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;
  const email = `bench.${Date.now()}@example.org`;
  await app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    payload: {
      email,
      password: 'Souvenir1!',
      cgu_validated: true,
      cgv_validated: true,
      pdc_validated: true,
    },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `username=${encodeURIComponent(email)}&password=Souvenir1!`,
  });
  const token = login.json().access_token as string;
  const hello = await load(`${base}/bench/hello`);
  const me = await load(`${base}/api/v1/users/me`, { authorization: `Bearer ${token}` });
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `${label.padEnd(10)} hello-world ${String(hello.rps).padStart(6)} req/s p99 ${hello.p99} ms | users/me ${String(me.rps).padStart(6)} req/s p99 ${me.p99} ms | ratio ${(me.rps / hello.rps).toFixed(2)}${hello.errors + me.errors ? ` | errors ${hello.errors + me.errors}` : ''}`,
  );
}

async function postgresReachable(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Starts the real server (`--role=all`) and measures the time until /readyz answers, and its RSS. */
async function startup(dataDir: string, label: string) {
  const port = 3900 + Math.floor(Math.random() * 50);
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(repoRoot, 'server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ready = Date.now() - started;
  const { readFileSync } = await import('node:fs');
  const rssKb = Number(
    /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0,
  );
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  console.log(`${label.padEnd(14)} ready in ${ready} ms, RSS ${Math.round(rssKb / 1024)} MB`);
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
console.log(`autocannon: ${connections} connections, ${duration} s per route, same process`);
await benchDatabase('PGlite', null);
if (await postgresReachable(pgUrl)) await benchDatabase('PostgreSQL', pgUrl);
else console.log('PostgreSQL  not reachable: skipped');

const startDir = mkdtempSync(join(tmpdir(), 'chapitres-start-'));
await startup(startDir, 'first start');
await startup(startDir, 'restart');
rmSync(startDir, { recursive: true, force: true });

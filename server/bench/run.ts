// `npm run bench`: requests/s and p99 of GET /api/v1/users/me (JWT check + one indexed select) for 50
// people, one per connection, and of the chapter list (GET /api/v1/conversations, as the app asks it) of
// 10 people with 50 chapters each, five connections each, next to a
// bare hello-world route of the same server, in the same run, on PGlite and on PostgreSQL (when
// reachable; a throwaway database), then start-up time and memory of the real server (startup.ts;
// BENCH_SKIP_STARTUP=1 leaves it out).
// The server runs in a child process (bench/server.ts), autocannon here. Prints numbers; asserts nothing.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { repoRoot } from '../src/config.ts';
import { measureStartup } from './startup.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

// Every load asks as a browser does (they all send gzip and br): the chapter list is answered compressed,
// the hello-world and the bare payload routes are not compressed by the app.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** The part of autocannon's client (lib/httpClient.js) its types leave out. */
interface ClientQueue {
  pipelinedRequests: { addBody(data: Buffer): void };
}

/** `tokens`: each connection is one of these people (in turn), as many people use a server at once. */
async function load(url: string, tokens: string[] = []) {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: BROWSER_HEADERS,
    setupClient: (client) => {
      // autocannon keeps each answer's body as a string it never reads; decoding a compressed
      // answer as UTF-8 took half of its process's time on the chapter list, time taken from the
      // server on a two-core machine. Bytes are still counted (throughput) without it.
      (client as unknown as ClientQueue).pipelinedRequests.addBody = () => {};
      if (tokens.length > 0)
        client.setHeaders({
          ...BROWSER_HEADERS,
          authorization: `Bearer ${tokens[next++ % tokens.length]}`,
        });
    },
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchServer(label: string, databaseUrl: string | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], {
    cwd: join(repoRoot, 'server'),
    env: { ...process.env, BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const lines = createInterface({ input: child.stdout! });
    const [line] = (await Promise.race([
      once(lines, 'line'),
      once(child, 'exit').then(() => {
        throw new Error('the bench server exited before listening');
      }),
    ])) as [string];
    const { port, tokens, chaptersTokens, chaptersUrl } = JSON.parse(line) as {
      port: number;
      tokens: string[];
      chaptersTokens: string[];
      chaptersUrl: string;
    };
    const base = `http://127.0.0.1:${port}`;
    const hello = await load(`${base}/bench/hello`);
    const print = (name: string, result: Awaited<ReturnType<typeof load>>) =>
      console.log(
        `${label.padEnd(10)} ${name.padEnd(14)} ${String(result.rps).padStart(6)} req/s p99 ${String(result.p99).padStart(4)} ms | ratio ${(result.rps / hello.rps).toFixed(2)}${result.errors ? ` | errors ${result.errors}` : ''}`,
      );
    print('hello-world', hello);
    print('users/me', await load(`${base}/api/v1/users/me`, tokens));
    print('chapters (50)', await load(`${base}${chaptersUrl}`, chaptersTokens));
    // The same answer from memory, serialised on every request and sent uncompressed (65 kB, one person):
    // what keeping the list's answer (conversations/list-cache.ts) saves.
    print('  serialised', await load(`${base}/bench/chapters-payload`));
  } finally {
    const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A database of its own on the server, dropped afterwards; null when PostgreSQL is not reachable. */
async function throwawayDatabase(adminUrl: string) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `chapitres_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

console.log(
  `autocannon: ${connections} connections, ${duration} s per route, server in a child process`,
);
await benchServer('PGlite', null);
const pg = await throwawayDatabase(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
);
if (pg) {
  try {
    await benchServer('PostgreSQL', pg.url);
  } finally {
    await pg.drop();
  }
} else console.log('PostgreSQL not reachable: skipped');

if (!process.env.BENCH_SKIP_STARTUP) await measureStartup();

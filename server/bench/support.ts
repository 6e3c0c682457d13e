// What the benches share: an app on PGlite in a fresh data folder, a signed-in person, a new chapter, and
// percentiles. Benches print numbers and assert nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, repoRoot } from '../src/config.ts';
import { MALLOC_ENV } from '../src/malloc-env.ts';
import { openDatabase } from '../src/db/client.ts';

export type Auth = Record<string, string>;

/** A storyteller's answers, long and short, as the chat benches send them in turn. */
export const ANSWERS = [
  'Je suis née à Saint-Étienne en 1946, dans une maison près de la gare.',
  'Mon père Henri était mineur, il rentrait tard le soir, couvert de poussière.',
  'Oui.',
  'Ma mère chantait en faisant la lessive, je me souviens de l’odeur du savon.',
  'Nous allions à la messe le dimanche puis chez ma grand-mère Lucie.',
  'À l’école, la maîtresse s’appelait Mademoiselle Roux, elle était sévère mais juste.',
  'Pendant la guerre, nous avions peu à manger, mais nous étions ensemble.',
  'Je ne sais plus.',
];

/** The whole API on embedded defaults (PGlite, files on disk, embedded providers), no rate limits. */
export async function startApp(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_APP: 'false',
    RATE_LIMIT_MULTIPLIER: '100000',
    FREE_CHAPTERS: '1000',
  });
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dataDir, 'db') });
  const app = await buildApp(config, { database, logger: false });
  return { app, database };
}

/** Runs `body` against an app in a temporary folder, then closes it and removes the folder. */
export async function withApp<T>(
  name: string,
  body: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `chapitres-bench-${name}-`));
  const { app, database } = await startApp(dataDir);
  try {
    await app.ready();
    return await body(app);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function signUp(
  app: FastifyInstance,
  fullName = 'Jeanne Martin',
  email = `bench.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`,
): Promise<Auth> {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    payload: {
      email,
      password: 'Souvenir1!',
      full_name: fullName,
      cgu_validated: true,
      cgv_validated: true,
      pdc_validated: true,
    },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `username=${encodeURIComponent(email)}&password=Souvenir1!`,
  });
  return { authorization: `Bearer ${login.json().access_token}` };
}

export async function createChapter(app: FastifyInstance, auth: Auth): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: auth,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().id as string;
}

/** The p-th percentile of ascending `sorted` values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

import { freePort } from '../test/support/processes.ts';

export { freePort, until } from '../test/support/processes.ts';

/** A process's resident memory now and at its peak, in MB, from /proc. */
/**
 * A process's resident memory, its peak, and of the resident memory what is mapped from files (Node's
 * and the native libraries' code: shared, and dropped by the system under pressure rather than swapped).
 */
export function memoryOf(pid: number): { rssMb: number; peakMb: number; filesMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    rssMb: Math.round(kb('VmRSS') / 1024),
    peakMb: Math.round(kb('VmHWM') / 1024),
    filesMb: Math.round(kb('RssFile') / 1024),
  };
}

/**
 * The compiled server (`node dist/server.js`, as `npm start` runs it, with its allocator settings) on
 * PGlite in `dataDir`, on a free port; resolves once /readyz answers, with the time that took.
 */
export async function startCompiledServer(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const started = Date.now();
  // BENCH_SERVER_LOG=/tmp/server.log: the server's log at info level there, with what its memory is made of every
  // 5 s (memory-report.ts), to see what a bench leaves behind.
  const logFile = process.env.BENCH_SERVER_LOG;
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: join(repoRoot, 'server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logFile ? 'info' : 'warn',
      DATABASE_URL: '',
      ...MALLOC_ENV,
      ...(logFile ? { MEMORY_LOG_SECONDS: '5' } : {}),
      ...env,
    },
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() - started > 120_000) throw new Error('the server did not become ready');
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, base, readyMs: Date.now() - started };
}

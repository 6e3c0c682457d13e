// `npm run bench:scale`: the README's « Run it at scale », shown. Two API processes and two job workers,
// each the compiled server (`node dist/server.js --role=api|worker`, with the allocator settings of
// `npm run start:api|start:worker`) on one throwaway PostgreSQL database, Redis for the rate limits, one
// shared DATA_DIR and one JWT_SECRET. A person signs up on one API and works on both (no sticky state),
// autocannon loads both APIs at once, a rate-limited route is called alternately on both and trips at
// the single-process limit (the count is in Redis), and four books are made by both workers while one
// of them is killed (SIGKILL) in the middle of a book: every book still ends `success` once, with one
// set of files and one "ready" mail. Prints numbers; asserts nothing.
//
// Where: DATABASE_URL names the PostgreSQL server and a database to connect to while creating and
// dropping the throwaway one (default postgres://postgres@127.0.0.1:5432/postgres); REDIS_URL the Redis
// (default redis://127.0.0.1:6379), where only this run's rate-limit counters are written and removed.
// The processes and the load stay on 127.0.0.1.
//
// Which worker made which book: pg-boss keeps no worker id, so each process connects to PostgreSQL with
// its own application_name (PGAPPNAME, read by node-postgres), and a trigger the bench adds to the
// throwaway database's `pgboss.job` records every state change of a `book.generate` or `mail.send` job
// with the application_name of the connection that made it (taken = `active`, finished = `completed`).
// BENCH_SECONDS (10) is each load run's length; BENCH_KILL_AFTER_MS (50) how long into a job the kill is.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import sharp from 'sharp';
import { freePort, until } from './support.ts';
import { repoRoot } from '../src/config.ts';
import { MALLOC_ENV } from '../src/malloc-env.ts';

const ADMIN_URL = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

/** An address as printed: without its password. */
function shown(address: string): string {
  try {
    const url = new URL(address);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return address;
  }
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BOOKS = 4;
const CHAPTERS = 4;
const PICTURES = 2;
const PASSWORD = 'Souvenir1!';
const KILL_AFTER_MS = Number(process.env.BENCH_KILL_AFTER_MS ?? 50);
const TEXT = [
  "Je suis née en 1932 à Douarnenez, dans une petite maison de pêcheur. Mon père partait en mer avant l'aube ; ma mère tenait l'épicerie du port.",
  'Ma grand-mère Louise disait : "Le bonheur, c\'est simple..." Elle avait raison !',
  "Nous étions six enfants. L'hiver, on se serrait autour du poêle et on écoutait la radio.",
].join('\n\n');

const startedAt = performance.now();
const step = (text: string) =>
  console.log(`[${((performance.now() - startedAt) / 1000).toFixed(1).padStart(5)} s] ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- 1. PostgreSQL and Redis reachable? -------------------------------------------------------------

const { default: pgModule } = await import('pg');
const { Redis } = await import('ioredis');

async function reachable(): Promise<string | null> {
  const admin = new pgModule.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query('select 1');
  } catch (error) {
    return `PostgreSQL at ${shown(ADMIN_URL)} is not reachable (${(error as Error).message})`;
  } finally {
    await admin.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    if ((await redis.ping()) !== 'PONG') return `Redis at ${shown(REDIS_URL)} did not answer PONG`;
  } catch (error) {
    return `Redis at ${shown(REDIS_URL)} is not reachable (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  if (!existsSync(join(repoRoot, 'server', 'dist', 'server.js')))
    return 'the server is not compiled (dist/server.js): run `node scripts/build.mjs` first';
  return null;
}

const problem = await reachable();
if (problem) {
  step(`${problem}.`);
  step('bench:scale did NOT run (nothing was measured).');
  process.exit(0);
}
step(`PostgreSQL (${shown(ADMIN_URL)}) and Redis (${shown(REDIS_URL)}) reachable`);

// ---- the cluster ------------------------------------------------------------------------------------

type Role = 'api' | 'worker';
interface Proc {
  name: string;
  role: Role;
  child: ChildProcess;
  port: number | null;
  output: string[];
}

const run = randomBytes(4).toString('hex');
const dbName = `chapitres_bench_scale_${run}`;
const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-bench-scale-'));
const jwtSecret = randomBytes(32).toString('hex');
const procs: Proc[] = [];
let databaseUrl = '';
let dbCreated = false;
/** A private address per run and purpose, sent as X-Forwarded-For (TRUST_PROXY). */
const address = () => `10.${[...randomBytes(3)].join('.')}`;
const guestIp = address();
const redisKeysOfRun: string[] = [];

function startProcess(name: string, role: Role, port: number | null, publicPort: number): Proc {
  const child = spawn(process.execPath, ['dist/server.js', `--role=${role}`], {
    cwd: join(repoRoot, 'server'),
    env: {
      ...process.env,
      ...MALLOC_ENV,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      PORT: String(port ?? 0),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${publicPort}`,
      // Each visitor's address from X-Forwarded-For: this run's rate-limit counters are its own.
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_MULTIPLIER: '1',
      JOB_TIMEOUT_SECONDS: '5',
      JOB_MAINTENANCE_SECONDS: '1',
      LOG_LEVEL: role === 'worker' ? 'info' : 'warn',
      SERVE_APP: 'false',
      // Built-in providers only: nothing leaves 127.0.0.1.
      OPENAI_BASE_URL: '',
      OPENAI_API_KEY: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_API_BASE: '',
      MAIL_TRANSPORT: 'outbox',
      STORAGE: 'disk',
      ANALYTICS_PROVIDER: 'embedded',
      PGAPPNAME: name,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { name, role, child, port, output: [] };
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) proc.output.push(line);
    if (proc.output.length > 200) proc.output.splice(0, proc.output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  procs.push(proc);
  return proc;
}

function alive(proc: Proc): boolean {
  return proc.child.exitCode === null && proc.child.signalCode === null;
}

async function stopProcess(proc: Proc): Promise<string> {
  if (!alive(proc))
    return `${proc.name} already gone (${proc.child.signalCode ?? proc.child.exitCode})`;
  const exited = new Promise<void>((resolve) => proc.child.once('exit', () => resolve()));
  const started = performance.now();
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  return `${proc.name} exited ${proc.child.exitCode ?? proc.child.signalCode} in ${Math.round(performance.now() - started)} ms`;
}

/** The CPU time a process has used, in ms, from /proc (0 once it is gone). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

type Api = (path: string, init?: RequestInit) => Promise<Response>;
const apiOf =
  (port: number): Api =>
  (path, init) =>
    fetch(`http://127.0.0.1:${port}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });

async function json<T>(response: Promise<Response>, expected: number): Promise<T> {
  const answer = await response;
  if (answer.status !== expected)
    throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

let admin: pg.Client | null = null;
let failed = false;
try {
  // ---- 2. database, processes ------------------------------------------------------------------
  admin = new pgModule.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  dbCreated = true;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
  const [portA, portB] = [await freePort(), await freePort()];
  const A = apiOf(portA);
  const B = apiOf(portB);

  let t = performance.now();
  // The first API creates the schema (migrations) alone, then everything else starts at once.
  startProcess('api-A', 'api', portA, portA);
  await until('api-A /readyz', async () => ((await A('/readyz')).ok ? true : null), 120_000, 50);
  const firstMs = performance.now() - t;
  t = performance.now();
  startProcess('api-B', 'api', portB, portA);
  const workers = [
    startProcess('worker-1', 'worker', null, portA),
    startProcess('worker-2', 'worker', null, portA),
  ];
  await until('api-B /readyz', async () => ((await B('/readyz')).ok ? true : null), 120_000, 50);
  for (const worker of workers)
    await until(
      `${worker.name} ready`,
      async () => {
        if (!alive(worker)) throw new Error(`${worker.name} exited: ${worker.output.join('\n')}`);
        return worker.output.some((l) => l.includes('worker ready')) ? true : null;
      },
      120_000,
      50,
    );
  step(
    `database ${dbName}, shared DATA_DIR ${dataDir}; api-A :${portA} ready in ${Math.round(firstMs)} ms (migrations), then api-B :${portB}, worker-1, worker-2 ready in ${Math.round(performance.now() - t)} ms — pids ${procs.map((p) => `${p.name}=${p.child.pid}`).join(', ')}`,
  );

  // The bench's own record of who changes a book job's state (see the header).
  const db = new pgModule.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`
      CREATE SCHEMA bench;
      CREATE TABLE bench.job_log (
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        job_id uuid NOT NULL, name text NOT NULL, book_id text, subject text, state text NOT NULL,
        retry_count int NOT NULL, by text NOT NULL);
      CREATE FUNCTION bench.log_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO bench.job_log (job_id, name, book_id, subject, state, retry_count, by)
        VALUES (NEW.id, NEW.name, NEW.data->>'bookId', NEW.data->>'subject', NEW.state::text,
                NEW.retry_count, current_setting('application_name'));
        RETURN NULL;
      END $$;
      CREATE TRIGGER bench_log_job AFTER INSERT OR UPDATE ON pgboss.job
        FOR EACH ROW WHEN (NEW.name IN ('book.generate', 'mail.send')) EXECUTE FUNCTION bench.log_job();
    `);

    // ---- 3. a person, on both APIs ----------------------------------------------------------------
    const email = `scale.${run}@example.org`;
    const guest = { 'x-forwarded-for': guestIp };
    await json(
      A('/api/v1/users/signup', {
        method: 'POST',
        headers: { ...guest, 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          password: PASSWORD,
          full_name: 'Jeanne Martin',
          current_language: 'fr-FR',
          cgu_validated: true,
          cgv_validated: true,
          pdc_validated: true,
        }),
      }),
      201,
    );
    const login = await json<{ access_token: string }>(
      B('/api/v1/login/access-token', {
        method: 'POST',
        headers: guest,
        body: new URLSearchParams({ username: email, password: PASSWORD }),
      }),
      200,
    );
    const auth = { authorization: `Bearer ${login.access_token}` };
    const me = await json<{ id: string }>(A('/api/v1/users/me', { headers: auth }), 200);
    const pack = await json<{ redirect_url: string }>(
      A('/api/v1/demo/checkout/premium-12-months-and-a-book', { method: 'POST', headers: auth }),
      200,
    );
    const paid = await A(`${pack.redirect_url}/complete`, { method: 'POST', redirect: 'manual' });
    if (paid.status !== 303) throw new Error(`the payment simulator answered ${paid.status}`);
    const photos = await Promise.all(
      Array.from({ length: PICTURES }, (_, i) =>
        sharp({
          create: { width: 1200, height: 900, channels: 3, background: i ? '#557799' : '#995577' },
        })
          .jpeg()
          .toBuffer(),
      ),
    );
    // Every request on the other API than the one before.
    let turn = 0;
    const next = () => (turn++ % 2 ? B : A);
    const chapterIds: string[] = [];
    for (let c = 0; c < CHAPTERS; c++) {
      const { id } = await json<{ id: string }>(
        next()('/api/v1/conversations', { method: 'POST', headers: auth }),
        201,
      );
      await json(
        next()(`/api/v1/conversations/${id}`, {
          method: 'PATCH',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Souvenir ${c + 1}`, summary: TEXT }),
        }),
        200,
      );
      for (const photo of photos) {
        const form = new FormData();
        form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
        await json(
          next()(`/api/v1/conversations/${id}/images`, {
            method: 'POST',
            headers: auth,
            body: form,
          }),
          201,
        );
      }
      chapterIds.push(id);
    }
    step(
      `signed up on A, logged in on B, B's token accepted by A, full access bought on A; ${CHAPTERS} chapters × ${PICTURES} pictures made in ${turn} requests alternating A/B`,
    );

    // ---- 4. load on both APIs ---------------------------------------------------------------------
    const load = async (port: number, connections: number) => {
      const result = await autocannon({
        url: `http://127.0.0.1:${port}/api/v1/users/me`,
        connections,
        duration: SECONDS,
        headers: auth,
      });
      return {
        rps: Math.round(result.requests.average),
        p99: result.latency.p99,
        total: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
    };
    const show = (r: Awaited<ReturnType<typeof load>>) =>
      `${String(r.rps).padStart(6)} req/s p99 ${String(r.p99).padStart(3)} ms (${r.total} requests, non-2xx ${r.non2xx}, errors ${r.errors})`;
    const alone = await load(portA, 50);
    step(`load, api-A alone, 50 connections, ${SECONDS} s: GET /users/me ${show(alone)}`);
    const [onA, onB] = await Promise.all([load(portA, 25), load(portB, 25)]);
    step(`load, api-A and api-B at once, 25 connections each, ${SECONDS} s:`);
    step(`    api-A ${show(onA)}`);
    step(`    api-B ${show(onB)}`);
    step(
      `    total ${String(onA.rps + onB.rps).padStart(6)} req/s, p99 ≤ ${Math.max(onA.p99, onB.p99)} ms, non-2xx ${onA.non2xx + onB.non2xx}, errors ${onA.errors + onB.errors} (vs ${alone.rps} req/s on one API; client and servers share this machine's CPUs)`,
    );

    // ---- 5. a rate limit shared through Redis -----------------------------------------------------
    // POST /password-recovery/:email: 3 an hour per email (and 10 per address), RATE_LIMIT_MULTIPLIER=1.
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', () => {});
    try {
      const tripAt = async (apis: Api[], who: string) => {
        const ip = address();
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) {
          const answer = await apis[i % apis.length]!(
            `/api/v1/password-recovery/${encodeURIComponent(who)}`,
            { method: 'POST', headers: { 'x-forwarded-for': ip } },
          );
          await answer.arrayBuffer();
          statuses.push(answer.status);
          if (answer.status === 429) break;
        }
        // This run's counters, to show them and remove them afterwards (never the whole server).
        for (const pattern of [`*${who}*`, `*${ip}`]) {
          let cursor = '0';
          for (let scans = 0; scans < 1000; scans++) {
            const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
            redisKeysOfRun.push(...keys);
            cursor = nextCursor;
            if (cursor === '0') break;
          }
        }
        const emailKey = redisKeysOfRun.find((k) => k.includes(who));
        return {
          allowed: statuses.findIndex((s) => s === 429),
          statuses,
          key: emailKey,
          counter: emailKey ? await redis.get(emailKey) : null,
        };
      };
      const shared = await tripAt([A, B], `nobody.ab.${run}@example.org`);
      const single = await tripAt([A], `nobody.a.${run}@example.org`);
      step(
        `rate limit (password recovery, per email), alternating A/B: ${shared.statuses.join(' ')} → 429 after ${shared.allowed} requests; Redis ${shared.key} = ${shared.counter}`,
      );
      step(
        `rate limit, api-A alone (one process's limit): ${single.statuses.join(' ')} → 429 after ${single.allowed} requests — ${shared.allowed === single.allowed ? 'the same: the limit is counted across both APIs' : 'NOT the same'}`,
      );
    } finally {
      redis.disconnect();
    }

    // ---- 6. books on both workers, one killed mid-book ---------------------------------------------
    const books: { id: string; title: string; postedAt: number; doneMs?: number }[] = [];
    for (let b = 0; b < BOOKS; b++) {
      const title = `Ma vie ${b + 1} (${run})`;
      const postedAt = performance.now();
      const { id } = await json<{ id: string }>(
        (b % 2 ? B : A)('/api/v1/books', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            title,
            subtitle: 'Souvenirs',
            author: 'Jeanne Martin',
            conversation_ids: chapterIds,
            summary: 'Une vie.',
            dedication: null,
            front_cover_image_id: null,
            back_cover_image_id: null,
          }),
        }),
        201,
      );
      books.push({ id, title, postedAt });
    }
    step(`${BOOKS} books posted alternately on A and B`);

    // The victim: a worker that has already finished a book (so both have worked) and has had its next
    // book job `active` for KILL_AFTER_MS while the book is still `ongoing` (a warm worker makes one of
    // these books in about 300 ms) — killed with SIGKILL. Should one worker take every job, any worker in
    // the middle of a book will do.
    const cpuBefore = new Map(workers.map((w) => [w.name, cpuMs(w.child.pid!)]));
    const activeJob = (afterACompletedBook: boolean) => async () => {
      const { rows } = await db.query<{ job_id: string; book_id: string; by: string; ms: number }>(
        `SELECT l.job_id, l.book_id, l.by,
                round(extract(epoch FROM clock_timestamp() - l.at) * 1000)::int AS ms
         FROM bench.job_log l JOIN pgboss.job j ON j.id = l.job_id JOIN books b ON b.id = l.book_id::uuid
         WHERE l.name = 'book.generate' AND l.state = 'active' AND j.state = 'active'
           AND b.generation_status = 'ongoing'
           AND l.at < clock_timestamp() - make_interval(secs => $2::float8 / 1000)
           AND (NOT $1 OR EXISTS (SELECT 1 FROM bench.job_log d
                                  WHERE d.name = 'book.generate' AND d.state = 'completed' AND d.by = l.by))
         ORDER BY l.at LIMIT 1`,
        [afterACompletedBook, KILL_AFTER_MS],
      );
      return rows[0] ?? null;
    };
    const victimJob = await until('a worker on its second book', activeJob(true), 30_000, 10).catch(
      () => until('a worker making a book', activeJob(false), 30_000, 10),
    );
    const victim = workers.find((w) => w.name === victimJob.by)!;
    const victimCpu = cpuMs(victim.child.pid!) - cpuBefore.get(victim.name)!;
    const exited = new Promise<void>((resolve) => victim.child.once('exit', () => resolve()));
    victim.child.kill('SIGKILL');
    await exited;
    const killedAt = performance.now();
    const after = await db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE id = $1`, [
      victimJob.job_id,
    ]);
    const bookRow = await db.query<{ generation_status: string }>(
      `SELECT generation_status FROM books WHERE id = $1`,
      [victimJob.book_id],
    );
    const victimBook = books.find((b) => b.id === victimJob.book_id)!;
    step(
      `kill -9 ${victim.name} (pid ${victim.child.pid}, ${Math.round(victimCpu)} ms CPU since the books were posted) ${victimJob.ms} ms into its job for « ${victimBook.title} »: right after the kill the job is ${after.rows[0]?.state ?? 'gone'} and the book ${bookRow.rows[0]?.generation_status ?? 'gone'}`,
    );

    // Every book to `success`, polled on both APIs, bounded.
    let polls = 0;
    await until(
      'every book to end',
      async () => {
        for (const book of books) {
          if (book.doneMs !== undefined) continue;
          const current = await json<{ generation_status: string; generation_error?: string }>(
            (polls++ % 2 ? B : A)(`/api/v1/books/${book.id}`, { headers: auth }),
            200,
          );
          if (current.generation_status === 'failure')
            throw new Error(`« ${book.title} » failed: ${current.generation_error}`);
          if (current.generation_status === 'success')
            book.doneMs = performance.now() - book.postedAt;
        }
        return books.every((b) => b.doneMs !== undefined) ? true : null;
      },
      120_000,
      50,
    );
    step(
      `every book success ${((performance.now() - killedAt) / 1000).toFixed(1)} s after the kill (${polls} polls alternating A/B)`,
    );

    // Mails: one "ready" mail per book, read from /dev/mailbox (127.0.0.1 is a private address).
    const readyMails = async () => {
      const box = await json<{ data: { subject: string; text: string }[] }>(
        A(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}&limit=100`),
        200,
      );
      return box.data.filter((m) => m.subject.includes('est prêt'));
    };
    await until(
      'the ready mails',
      async () => ((await readyMails()).length >= BOOKS ? true : null),
      30_000,
    ).catch(() => {});
    await sleep(2000); // a duplicate would come now, from a second run of a job
    const mails = await readyMails();

    const { rows: log } = await db.query<{
      book_id: string;
      state: string;
      retry_count: number;
      by: string;
      at: Date;
    }>(
      `SELECT book_id, state, retry_count, by, at FROM bench.job_log WHERE name = 'book.generate' ORDER BY at`,
    );
    const { rows: jobs } = await db.query<{ book_id: string; state: string; retry_count: number }>(
      `SELECT data->>'bookId' AS book_id, state::text, retry_count FROM pgboss.job WHERE name = 'book.generate'`,
    );
    const byWorker = new Map<string, number>();
    for (const book of books) {
      const events = log.filter((e) => e.book_id === book.id);
      const taken = events.filter((e) => e.state === 'active').map((e) => e.by);
      const completed = events.find((e) => e.state === 'completed');
      const finisher = completed?.by ?? 'unknown';
      const lastRun = events.filter((e) => e.state === 'active').at(-1);
      const ranMs =
        completed && lastRun ? completed.at.getTime() - lastRun.at.getTime() : Number.NaN;
      byWorker.set(finisher, (byWorker.get(finisher) ?? 0) + 1);
      const bookJobs = jobs.filter((j) => j.book_id === book.id);
      const folder = join(dataDir, 'files', 'users', me.id, 'books', book.id);
      const files = existsSync(folder)
        ? readdirSync(folder)
            .filter((f) => !f.endsWith('.meta.json'))
            .sort()
        : [];
      const mailCount = mails.filter((m) => m.text.includes(`/book/${book.id}`)).length;
      step(
        `« ${book.title} »: success ${((book.doneMs ?? 0) / 1000).toFixed(2)} s after POST; taken by ${taken.join(' then ') || '?'}, finished by ${finisher} (that run ${ranMs} ms); ${bookJobs.length} job (${bookJobs.map((j) => `${j.state}, retry ${j.retry_count}`).join('; ')}); files ${files.join(', ')} (${files.length}); ready mails ${mailCount}`,
      );
    }
    step(
      `books finished per worker: ${[...byWorker].map(([w, n]) => `${w} ${n}`).join(', ')}; ready mails in all ${mails.length} for ${BOOKS} books`,
    );
    // The "ready" mails' own jobs (mail.send): who took each, and any not delivered yet.
    const { rows: mailJobs } = await db.query<{ subject: string; state: string; by: string }>(
      `SELECT DISTINCT ON (j.id) j.data->>'subject' AS subject, j.state::text AS state, l.by
       FROM pgboss.job j LEFT JOIN bench.job_log l ON l.job_id = j.id AND l.state = 'active'
       WHERE j.name = 'mail.send' AND j.data->>'subject' LIKE '%est prêt%'
       ORDER BY j.id, l.at DESC`,
    );
    step(
      `"ready" mail jobs: ${mailJobs.length} (${mailJobs.map((m) => `${m.state} by ${m.by ?? '?'}`).join('; ')})`,
    );
    const unexpected = procs.filter((p) => p !== victim && !alive(p));
    if (unexpected.length)
      step(`processes that stopped on their own: ${unexpected.map((p) => p.name).join(', ')}`);
  } finally {
    await db.end().catch(() => {});
  }
} catch (error) {
  failed = true;
  step(`FAILED: ${(error as Error).stack ?? error}`);
  for (const proc of procs)
    if (proc.output.length)
      console.log(`--- last output of ${proc.name}:\n${proc.output.slice(-20).join('\n')}`);
} finally {
  // ---- 7. everything stopped and removed, whatever happened ---------------------------------------
  const stopped = await Promise.all(procs.map(stopProcess));
  step(`stopped: ${stopped.join('; ')}`);
  if (redisKeysOfRun.length) {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', () => {});
    const removed = await redis.del(...new Set(redisKeysOfRun)).catch(() => 0);
    redis.disconnect();
    step(`removed this run's ${removed} rate-limit counters from Redis (nothing else touched)`);
  }
  if (dbCreated && admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    step(`database ${dbName} dropped`);
  }
  await admin?.end().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  step(
    `temp DATA_DIR removed; bench:scale ${failed ? 'did not finish' : 'done'} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );
}

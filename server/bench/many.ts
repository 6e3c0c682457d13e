// `npm run bench:many` (issue 34): many storytellers at once on the real compiled server (`node
// dist/server.js`, as `npm start` runs it, its job worker in the same process).
//
// The people are made before the server starts, straight in its database (a bench-only bulk path: one
// person signs up through the API, the others are copies of her row with their own address, and their
// tokens are signed with the server's own key from DATA_DIR): the public sign-up limits stay as they are.
// Then each person opens a chapter (before the load, 16 at a time, timed apart), and during the load
// answers the biographer every 10–20 s and opens her chapter list every 30 s; a few (BENCH_BOOKERS) meanwhile pay through the simulator, upload a photo and make a book.
// Every request comes from this process over keep-alive connections.
//
// It prints, per kind of request, how many, the errors, p50 / p99 / max (ms, as this process saw them),
// and the server's RSS before the load, at its highest, and a minute after the load ended.
//
//   BENCH_PEOPLE=3000 BENCH_SECONDS=60 BENCH_BOOKERS=3 npm run bench:many          PGlite (embedded)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:many     PostgreSQL: a new
//     database is made on that server for the run and dropped after
//   BENCH_SETTLE_SECONDS=60   how long the idle server is watched after the load
//   BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof'   the server's Node options
// Prints numbers; asserts nothing. The load generator shares the machine's cores with the server: the
// line « load generator » says how much of them it took.
import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { TokenSigner } from '../src/auth/tokens.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, rowsOf } from '../src/db/client.ts';
import { ANSWERS, memoryOf, percentile, signUp, startCompiledServer } from './support.ts';

/** The CPU time a process has used, all threads, user and system (/proc/<pid>/stat, in clock ticks). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name (in parentheses, which may hold spaces): utime and stime are
  // the 14th and 15th of the line, the 12th and 13th after the name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The CPU time of each PostgreSQL process on this machine (none when the database is elsewhere). */
function postgresCpu(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        seconds.set(pid, cpuSecondsOf(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds;
}

/** What PostgreSQL's processes spent since `before` (a process started since counts whole). */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BOOKERS = Number(process.env.BENCH_BOOKERS ?? 3);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const POSTGRES = process.env.DATABASE_URL?.trim() || null;

const CHAPTER_TEXT =
  'Je suis née en 1938 à Lyon, dans le quartier de la Croix-Rousse, au-dessus de l’atelier de mon père qui était canut. Le dimanche, on descendait les pentes jusqu’à la Saône pour regarder les péniches.';

type Kind = 'create' | 'answer' | 'list' | 'pay' | 'photo' | 'book';

class Figures {
  readonly times = new Map<Kind, number[]>();
  readonly errors = new Map<Kind, Map<string, number>>();
  /** The slowest answer of each 5 s of the run, to see when a stall happened. */
  readonly slowest = new Map<number, number>();
  record(kind: Kind, ms: number) {
    const list = this.times.get(kind) ?? [];
    list.push(ms);
    this.times.set(kind, list);
    const slot = Math.floor(performance.now() / 5000);
    this.slowest.set(slot, Math.max(this.slowest.get(slot) ?? 0, ms));
  }
  fail(kind: Kind, what: string) {
    const counts = this.errors.get(kind) ?? new Map<string, number>();
    counts.set(what, (counts.get(what) ?? 0) + 1);
    this.errors.set(kind, counts);
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

/** One request over the keep-alive pool: its status and body. */
function call(
  base: URL,
  method: string,
  path: string,
  token: string | null,
  body?: { json: unknown } | { bytes: Buffer; type: string },
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const payload =
    body && 'json' in body ? Buffer.from(JSON.stringify(body.json)) : body ? body.bytes : null;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...extraHeaders,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? {
                'content-type':
                  body && 'json' in body ? 'application/json' : (body as { type: string }).type,
                'content-length': payload.length,
              }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}

/** Times one call; a status other than `expected` (or no answer) is an error of its kind. */
async function timed(
  figures: Figures,
  kind: Kind,
  expected: number,
  work: () => Promise<{ status: number; text: string }>,
): Promise<{ status: number; text: string } | null> {
  const started = performance.now();
  try {
    const answer = await work();
    if (answer.status !== expected) {
      figures.fail(kind, String(answer.status));
      return null;
    }
    figures.record(kind, performance.now() - started);
    return answer;
  } catch (error) {
    figures.fail(kind, (error as NodeJS.ErrnoException).code ?? 'no answer');
    return null;
  }
}

/** A new database on the PostgreSQL server of `url`, for this run only. */
async function freshPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `chapitres_bench_many_${Date.now()}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}

/**
 * The people, made before the server starts: one signs up through the API (so her row is what sign-up
 * writes), the others are copies of it with their own address; then everyone's token, signed with the
 * key the server will use.
 */
async function makePeople(dataDir: string, databaseUrl: string | null): Promise<string[]> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    SERVE_APP: 'false',
  });
  const database = await openDatabase({ databaseUrl, dataDir: join(dataDir, 'db') });
  const app = await buildApp(config, { database, logger: false });
  try {
    const template = 'bench.many.0@example.org';
    await signUp(app, 'Personne 0', template);
    await database.db.execute(sql`
      insert into users (email, password_hash, full_name, current_language, email_verified,
                         cgu_version, cgv_version, pdc_version)
      select 'bench.many.' || n || '@example.org', u.password_hash, 'Personne ' || n,
             u.current_language, true, u.cgu_version, u.cgv_version, u.pdc_version
      from users u, generate_series(1, ${PEOPLE - 1}) n where u.email = ${template}`);
    const people = rowsOf<{ id: string; token_version: number }>(
      await database.db.execute(
        sql`select id, token_version from users where email like 'bench.many.%' order by created_at, email`,
      ),
    );
    const signer = new TokenSigner(config.jwtSecret, 30);
    return Promise.all(
      people.map((person) =>
        signer.sign({ userId: person.id, tokenVersion: Number(person.token_version) }),
      ),
    );
  } finally {
    await app.close();
    await database.close();
  }
}

/** Reads the child's RSS every 100 ms and keeps the highest. */
function rssWatch(pid: number) {
  let highest = memoryOf(pid).rssMb;
  const timer = setInterval(() => {
    try {
      highest = Math.max(highest, memoryOf(pid).rssMb);
    } catch {
      // the process is gone
    }
  }, 100);
  return {
    highest: () => highest,
    stop: () => clearInterval(timer),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);

/** Everyone's chapter, opened before the load (`concurrency` at a time): their ids, in order. */
async function openChapters(
  base: URL,
  tokens: string[],
  figures: Figures,
  concurrency = 16,
): Promise<(string | null)[]> {
  const ids: (string | null)[] = new Array(tokens.length).fill(null);
  let next = 0;
  const lane = async () => {
    while (next < tokens.length) {
      const index = next++;
      const created = await timed(figures, 'create', 201, () =>
        call(base, 'POST', '/api/v1/conversations', tokens[index]!),
      );
      if (created) ids[index] = (JSON.parse(created.text) as { id: string }).id;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return ids;
}

/** One storyteller for the length of the run: an answer every 10–20 s, the list every 30 s. */
async function storyteller(
  base: URL,
  token: string,
  id: string | null,
  figures: Figures,
  until: number,
) {
  const answers = (async () => {
    if (!id) return;
    await pause(between(0, 15_000));
    for (let turn = 0; Date.now() < until; turn += 1) {
      await timed(figures, 'answer', 200, () =>
        // With its own key, as the app sends every answer (server/src/modules/chat/service.ts).
        call(
          base,
          'POST',
          `/api/v1/conversations/${id}/messages`,
          token,
          { json: { content: ANSWERS[turn % ANSWERS.length] } },
          { 'idempotency-key': randomUUID() },
        ),
      );
      await pause(Math.min(between(10_000, 20_000), Math.max(0, until - Date.now())));
    }
  })();
  const lists = (async () => {
    await pause(Math.min(between(0, 30_000), Math.max(0, until - Date.now())));
    while (Date.now() < until) {
      await timed(figures, 'list', 200, () =>
        call(base, 'GET', '/api/v1/conversations?sort_by=created_at&sort_order=descending', token),
      );
      await pause(Math.min(30_000, Math.max(0, until - Date.now())));
    }
  })();
  await Promise.all([answers, lists]);
}

/** A photo-like JPEG (noise compresses like a real picture), 8 megapixels as a phone takes them. */
function photo(): Promise<Buffer> {
  return sharp({
    create: {
      width: 3264,
      height: 2448,
      channels: 3,
      background: { r: 90, g: 110, b: 140 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Someone who, meanwhile, pays, writes a chapter, adds a photo and makes a book. */
async function booker(base: URL, token: string, picture: Buffer, figures: Figures) {
  await pause(between(2_000, 10_000));
  const checkout = await timed(figures, 'pay', 200, () =>
    call(base, 'POST', '/api/v1/demo/checkout/premium-12-months-and-a-book', token),
  );
  if (!checkout) return;
  const redirect = (JSON.parse(checkout.text) as { redirect_url: string }).redirect_url;
  if (!(await timed(figures, 'pay', 303, () => call(base, 'POST', `${redirect}/complete`, null))))
    return;
  // A book holds 4 to 10 chapters: four written ones, the first with a photo.
  const ids: string[] = [];
  for (let chapter = 0; chapter < 4; chapter += 1) {
    const created = await timed(figures, 'create', 201, () =>
      call(base, 'POST', '/api/v1/conversations', token),
    );
    if (!created) return;
    const id = (JSON.parse(created.text) as { id: string }).id;
    await call(base, 'PATCH', `/api/v1/conversations/${id}`, token, {
      json: {
        title: `Souvenirs de Lyon, partie ${chapter + 1}`,
        summary: Array(8).fill(CHAPTER_TEXT).join('\n\n'),
      },
    });
    ids.push(id);
  }
  const id = ids[0]!;
  const boundary = `----bench${Date.now()}`;
  const form = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="legend"\r\n\r\nLa maison\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    picture,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  if (
    !(await timed(figures, 'photo', 201, () =>
      call(base, 'POST', `/api/v1/conversations/${id}/images`, token, {
        bytes: form,
        type: `multipart/form-data; boundary=${boundary}`,
      }),
    ))
  )
    return;
  const started = performance.now();
  const book = await call(base, 'POST', '/api/v1/books', token, {
    json: {
      title: 'Une vie à Lyon',
      subtitle: 'Souvenirs',
      author: 'Personne',
      conversation_ids: ids,
      summary: CHAPTER_TEXT,
      dedication: 'À mes petits-enfants.',
      front_cover_image_id: null,
      back_cover_image_id: null,
    },
  }).catch(() => null);
  if (book?.status !== 201) {
    figures.fail('book', String(book?.status ?? 'no answer'));
    if (book) console.error(`  book refused: ${book.status} ${book.text.slice(0, 300)}`);
    return;
  }
  const bookId = (JSON.parse(book.text) as { id: string }).id;
  for (;;) {
    await pause(250);
    const state = await call(base, 'GET', `/api/v1/books/${bookId}`, token).catch(() => null);
    if (!state || state.status !== 200) continue;
    const status = (JSON.parse(state.text) as { generation_status: string }).generation_status;
    if (status === 'success') return figures.record('book', performance.now() - started);
    if (status === 'failure') return figures.fail('book', 'failure');
  }
}

function report(figures: Figures) {
  const kinds: Kind[] = ['create', 'answer', 'list', 'pay', 'photo', 'book'];
  for (const kind of kinds) {
    const times = (figures.times.get(kind) ?? []).sort((a, b) => a - b);
    const errors = [...(figures.errors.get(kind) ?? new Map<string, number>())];
    const failed = errors.reduce((sum, [, count]) => sum + count, 0);
    if (!times.length && !failed) continue;
    const ms = (value: number | undefined) =>
      value === undefined ? '—' : `${Math.round(value)} ms`;
    console.log(
      `  ${kind.padEnd(7)} ${String(times.length).padStart(6)} ok  ${String(failed).padStart(4)} errors` +
        `${errors.length ? ` (${errors.map(([what, count]) => `${what} × ${count}`).join(', ')})` : ''}` +
        `   p50 ${ms(times.length ? percentile(times, 50) : undefined)}  p99 ${ms(times.length ? percentile(times, 99) : undefined)}  max ${ms(times.at(-1))}`,
    );
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-bench-many-'));
  const postgres = POSTGRES ? await freshPostgres(POSTGRES) : null;
  let child: ChildProcess | null = null;
  try {
    const made = performance.now();
    const tokens = await makePeople(dataDir, postgres?.url ?? null);
    console.log(
      `many storytellers: ${tokens.length} people (made in ${((performance.now() - made) / 1000).toFixed(1)} s), ${SECONDS} s, ${postgres ? 'PostgreSQL' : 'PGlite (embedded)'}, ${BOOKERS} making a book`,
    );
    const server = await startCompiledServer(dataDir, {
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      SERVE_APP: 'false',
      BACKUP_EVERY_HOURS: '0',
      // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where the server's time goes.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
        : {}),
    });
    child = server.child;
    const base = new URL(server.base);
    const pid = child.pid!;
    await pause(2_000);
    const before = memoryOf(pid).rssMb;
    const watch = rssWatch(pid);
    const picture = await photo();
    // Everyone is in a chapter already when the load starts (16 at a time, timed apart).
    const opening = new Figures();
    const chapters = await openChapters(base, tokens, opening);
    console.log('  before the load, each person opens a chapter (16 at a time):');
    report(opening);
    const figures = new Figures();
    console.log('  during the load:');
    const cpuBefore = process.cpuUsage();
    const serverCpuBefore = cpuSecondsOf(pid);
    const postgresBefore = postgres ? postgresCpu() : null;
    const started = performance.now();
    const until = Date.now() + SECONDS * 1000;
    await Promise.all([
      ...tokens.map((token, index) => storyteller(base, token, chapters[index]!, figures, until)),
      ...tokens.slice(0, BOOKERS).map((token) => booker(base, token, picture, figures)),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpu = cpuSecondsOf(pid) - serverCpuBefore;
    const postgresSpent = postgresBefore ? postgresCpuSince(postgresBefore) : 0;
    const highest = watch.highest();
    watch.stop();
    const answered = figures.times.get('answer')?.length ?? 0;
    console.log(
      `  ${(answered / SECONDS).toFixed(0)} answers/s over the run (${elapsed.toFixed(0)} s with the last requests)`,
    );
    report(figures);
    const slots = [...figures.slowest].sort((a, b) => a[0] - b[0]);
    console.log(
      `  slowest request of each 5 s: ${slots.map(([, ms]) => Math.round(ms)).join(' ')} ms`,
    );
    console.log(
      `  load generator: ${(((cpu.user + cpu.system) / 1e6 / elapsed) * 100).toFixed(0)} % of one core`,
    );
    // Steadier than the latencies on a box whose speed varies: what the server's process (all its
    // threads) spent per request of the run, books and photos included when there are bookers.
    const requests = [...figures.times.values()].reduce((sum, times) => sum + times.length, 0);
    console.log(
      `  server CPU: ${serverCpu.toFixed(1)} s over the run, ${((serverCpu / Math.max(1, requests)) * 1000).toFixed(2)} ms per request`,
    );
    // The database's share on a box of two cores: every round trip costs its processes too. Only when
    // PostgreSQL runs on this machine (its processes are read in /proc).
    if (postgres && postgresSpent > 0)
      console.log(
        `  PostgreSQL CPU: ${postgresSpent.toFixed(1)} s over the run, ${((postgresSpent / Math.max(1, requests)) * 1000).toFixed(2)} ms per request`,
      );
    agent.destroy();
    await pause(SETTLE_SECONDS * 1000);
    const { rssMb: after, filesMb } = memoryOf(pid);
    // With BENCH_SERVER_NODE_OPTIONS='--heapsnapshot-signal=SIGUSR2 …', what the idle server holds.
    if (process.env.BENCH_HEAP_SNAPSHOT) {
      child.kill('SIGUSR2');
      await pause(20_000);
    }
    console.log(
      `  server RSS: ${before} MB before, ${highest} MB at the highest, ${after} MB ${SETTLE_SECONDS} s after the load (${filesMb} MB of it program files)`,
    );
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

// `npm run bench:book`: wall time from `POST /books` to `success` for books of 4 and of 10 chapters with 5
// photos each (12-megapixel-like JPEGs uploaded through the API, so stored at 3000 px), median of 5, next to
// the bare Typst compile of the same book's source (print, screen and front cover documents, pictures
// already prepared, a fresh compiler each time, run after each book so that both see the same load) and
// their ratio (issue 18: at most 3×), the memory of the server while it typesets, and each phase of the
// job as it timed it (BOOK_PHASES_LOG).
// The server is the real one, compiled (`node dist/server.js`, as `npm start` runs it), on embedded
// defaults (PGlite, files on disk, the queue's worker in its process), in a child process whose RSS is
// read from /proc every 20 ms: idle before the books, the highest while a book is typeset, and the
// process's peak over its whole life (uploads included). Then the EPUB of the 10-chapter book (issue 33:
// under 1 s), built alone from the same material, median of the runs, and its size. Prints; asserts nothing.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { memoryOf, percentile, startCompiledServer } from './support.ts';
import { buildEpub } from '../src/modules/books/epub.ts';
import { interiorJob, type BookMaterial } from '../src/modules/books/render.ts';
import type { TypesetJob } from '../src/modules/books/typesetter.ts';
import { processImage } from '../src/modules/images/processing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** How long the idle server is watched after the books (issue 34: under 300 MB within a minute). */
const SETTLE_SECONDS = Math.max(2, Number(process.env.BENCH_SETTLE_SECONDS ?? 60));
const PARAGRAPH =
  'Je suis née en 1938 à Lyon, dans le quartier de la Croix-Rousse, au-dessus de l\'atelier de mon père qui était canut. Le dimanche, on descendait les pentes jusqu\'à la Saône pour regarder les péniches ; ma mère disait : "on reviendra avant la nuit !"';

/** A photo-like JPEG: noise compresses like a real picture, unlike a flat colour. */
function photo(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 3600,
      height: 2700,
      channels: 3,
      background: { r: 60 + seed * 7, g: 90, b: 140 - seed * 5 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

type Api = (path: string, init?: RequestInit) => Promise<Response>;

async function startServer(dataDir: string): Promise<{ child: ChildProcess; api: Api }> {
  const { child, base } = await startCompiledServer(dataDir, {
    // Each book's phases, timed inside the job (see BooksService.generate).
    BOOK_PHASES_LOG: join(dataDir, 'phases.jsonl'),
    SERVE_APP: 'false',
    RATE_LIMIT_MULTIPLIER: '100000',
    FREE_CHAPTERS: '1000',
    // The numbers are the book's: no automatic backup of the 50 photos in the middle.
    BACKUP_EVERY_HOURS: '0',
  });
  return { child, api: (path, init) => fetch(`${base}${path}`, init) };
}

async function json<T>(response: Promise<Response>, expected: number): Promise<T> {
  const answer = await response;
  if (answer.status !== expected)
    throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** A person with full access, the way people get it: the 12-month pack paid in the simulator. */
async function personWithFullAccess(api: Api): Promise<Record<string, string>> {
  const email = `bench.${Date.now()}@example.org`;
  await json(
    api('/api/v1/users/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'Souvenir1!',
        full_name: 'Jeanne Martin',
        cgu_validated: true,
        cgv_validated: true,
        pdc_validated: true,
      }),
    }),
    201,
  );
  const login = await json<{ access_token: string }>(
    api('/api/v1/login/access-token', {
      method: 'POST',
      body: new URLSearchParams({ username: email, password: 'Souvenir1!' }),
    }),
    200,
  );
  const auth = { authorization: `Bearer ${login.access_token}` };
  const pack = await json<{ redirect_url: string }>(
    api('/api/v1/demo/checkout/premium-12-months-and-a-book', { method: 'POST', headers: auth }),
    200,
  );
  const paid = await api(`${pack.redirect_url}/complete`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303)
    throw new Error(`the simulator did not take the payment: ${paid.status}`);
  return auth;
}

const CHAPTER_TEXT = Array(12).fill(PARAGRAPH).join('\n\n');
const chapterTitle = (c: number) => `Souvenirs de Lyon, partie ${c + 1}`;
const legendOf = (p: number, c: number) => `Photo ${p + 1} du chapitre ${c + 1}`;

async function chapters(
  api: Api,
  auth: Record<string, string>,
  photos: Buffer[],
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let c = 0; c < count; c++) {
    const { id } = await json<{ id: string }>(
      api('/api/v1/conversations', { method: 'POST', headers: auth }),
      201,
    );
    await json(
      api(`/api/v1/conversations/${id}`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: chapterTitle(c),
          summary: CHAPTER_TEXT,
        }),
      }),
      200,
    );
    for (let p = 0; p < 5; p++) {
      const form = new FormData();
      form.set('file', new Blob([photos[p]!], { type: 'image/jpeg' }), 'p.jpg');
      form.set('legend', legendOf(p, c));
      await json(
        api(`/api/v1/conversations/${id}/images`, { method: 'POST', headers: auth, body: form }),
        201,
      );
    }
    ids.push(id);
  }
  return ids;
}

/** Reads the child's RSS every 20 ms; `window()` gives the highest reading since the last call. */
function rssSampler(pid: number) {
  let highest = 0;
  const timer = setInterval(() => {
    try {
      highest = Math.max(highest, memoryOf(pid).rssMb);
    } catch {
      // the process is gone
    }
  }, 20);
  return {
    window(): number {
      const value = Math.max(highest, memoryOf(pid).rssMb);
      highest = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

async function timeBook(
  api: Api,
  auth: Record<string, string>,
  ids: string[],
): Promise<{ ms: number; pages: number; id: string; answered: number }> {
  const started = performance.now();
  const { id } = await json<{ id: string }>(
    api('/api/v1/books', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Une vie à Lyon',
        subtitle: 'Souvenirs',
        author: 'Jeanne Martin',
        conversation_ids: ids,
        summary: PARAGRAPH,
        dedication: 'À mes petits-enfants.',
        front_cover_image_id: null,
        back_cover_image_id: null,
      }),
    }),
    201,
  );
  const answered = performance.now() - started;
  for (;;) {
    const book = await json<{
      generation_status: string;
      page_count: number;
      generation_error?: string;
    }>(api(`/api/v1/books/${id}`, { headers: auth }), 200);
    if (book.generation_status === 'success')
      return { ms: performance.now() - started, pages: book.page_count, id, answered };
    if (book.generation_status === 'failure')
      throw new Error(`book failed: ${book.generation_error}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The material the job reads for the first `count` chapters, built here as the server stores it: the same
 * photos through the same upload pipeline (print and screen renditions), the titles, texts and legends as
 * sent. So the bare compile typesets the same Typst source as the server, without reading its database.
 */
async function materialOf(photos: Buffer[], count: number): Promise<BookMaterial> {
  const pictures = await Promise.all(
    photos.map((bytes) => processImage(bytes, { maxPixels: 50_000_000 })),
  );
  return {
    language: 'fr',
    title: 'Une vie à Lyon',
    subtitle: 'Souvenirs',
    author: 'Jeanne Martin',
    summary: PARAGRAPH,
    dedication: 'À mes petits-enfants.',
    largePrint: false,
    chapters: Array.from({ length: count }, (_, c) => ({
      title: chapterTitle(c),
      author: null,
      text: CHAPTER_TEXT,
      images: pictures.map((picture, p) => ({
        bytes: picture.print,
        printReady: true,
        screen: picture.screen,
        legend: legendOf(p, c),
        width: picture.width,
        height: picture.height,
      })),
    })),
    cover: null,
    portrait: null,
    createdAt: new Date(),
  };
}

/**
 * One bare compile of the book: only Typst, in its own thread, on material already prepared (print,
 * screen and front cover documents, as the job's first typesetting), in the process of bare-compile.ts.
 */
function bareCompiler() {
  const child = fork(fileURLToPath(new URL('./bare-compile.ts', import.meta.url)), [], {
    serialization: 'advanced',
    execArgv: ['--import', 'tsx'],
  });
  return {
    compile: (job: TypesetJob, warmUp: TypesetJob) =>
      new Promise<number>((resolve, reject) => {
        const ended = () => reject(new Error('the bare compile process ended'));
        child.once('exit', ended);
        child.once('message', (ms) => {
          child.off('exit', ended);
          resolve(ms as number);
        });
        child.send({ job, warmUp });
      }),
    end: () => child.kill(),
  };
}

interface Measured {
  count: number;
  ms: number[];
  bookIds: string[];
  compileMs: number;
  /** Median time for the POST to be answered (the job may start before). */
  postMs: number;
}

/**
 * Per book size: POST → success against the bare compile (the ratio issue 18 bounds), then the median of
 * each phase the job timed (ms): `pickup` is the POST's row creation to the job's start (the queue), the
 * `<document>.compile` / `.export` lines are inside the typesetter's thread and part of `typeset*`; what
 * no phase covers (the POST itself, the answer reaching the poller) is `unaccounted`.
 */
function phaseTable(file: string, measured: Measured[]): string {
  const all = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, number | string>);
  const out: string[] = [];
  for (const { count, ms, bookIds, compileMs, postMs } of measured) {
    const rows = all.filter((row) => bookIds.includes(row.bookId as string));
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
      (k) => k !== 'bookId',
    );
    const median = (key: string) =>
      percentile(
        rows.map((row) => Number(row[key] ?? 0)).sort((a, b) => a - b),
        50,
      );
    const total = percentile(ms, 50);
    const ratio = compileMs ? ` = ${(total / compileMs).toFixed(2)}× the bare compile` : '';
    out.push(
      `${count} chapters: POST → success p50 ${total.toFixed(0)} ms${ratio}; phases (median ms):`,
    );
    const phases = keys.filter((k) => !k.includes('.'));
    const line = (indent: string, key: string, value: number) =>
      `${indent}${key.padEnd(26 - indent.length)} ${value.toFixed(1).padStart(8)}`;
    // A `typeset*` phase is followed by the typesetter thread's own steps; what they leave of the phase
    // is the hand-off (the job's and the answer's trip between threads, the pool's bookkeeping).
    let open: { name: string; worker: number } | null = null;
    const close = () => {
      if (open && open.worker > 0)
        out.push(line('    ', 'hand-off', median(open.name) - open.worker));
    };
    for (const key of keys) {
      if (key.includes('.')) {
        out.push(line('    ', key, median(key)));
        if (open) open.worker += median(key);
        continue;
      }
      close();
      open = key.startsWith('typeset') ? { name: key, worker: 0 } : null;
      out.push(line('  ', key, median(key)));
    }
    close();
    const covered = phases.reduce((sum, key) => sum + median(key), 0);
    out.push(line('  ', 'unaccounted', total - covered));
    out.push(line('  ', '(POST answered after)', postMs));
  }
  return out.join('\n');
}

/** The EPUB of the book (issue 33): its build time, median of RUNS after a warm-up, and its size. */
async function epubLine(material: BookMaterial): Promise<string> {
  await buildEpub(material, { id: crypto.randomUUID() });
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    bytes = (await buildEpub(material, { id: crypto.randomUUID() })).byteLength;
    times.push(performance.now() - started);
  }
  const photos = material.chapters.reduce((sum, chapter) => sum + chapter.images.length, 0);
  return `EPUB of ${material.chapters.length} chapters × ${photos} photos: p50 ${percentile(
    times.sort((a, b) => a - b),
    50,
  ).toFixed(0)} ms | ${(bytes / 1024 / 1024).toFixed(2)} MB (${bytes} bytes)`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-bench-book-'));
try {
  const { child, api } = await startServer(dataDir);
  const sampler = rssSampler(child.pid!);
  const bare = bareCompiler();
  const lines: string[] = [];
  const measured: Measured[] = [];
  try {
    const auth = await personWithFullAccess(api);
    const photos = await Promise.all([0, 1, 2, 3, 4].map(photo));
    const all = await chapters(api, auth, photos, 10);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    sampler.window();
    lines.push(`server RSS before the books, idle: ${memoryOf(child.pid!).rssMb} MB`);
    for (const count of [4, 10]) {
      const ids = all.slice(0, count);
      const material = await materialOf(photos, count);
      const job = await interiorJob(material);
      const warmUp = await interiorJob({ ...material, chapters: material.chapters.slice(0, 1) });
      await timeBook(api, auth, ids); // warm-up: the typesetter's worker starts and loads its fonts
      const runs = [];
      const compiles: number[] = [];
      sampler.window();
      let highest = 0;
      // Each book, then the bare compile of the same source (the server idle meanwhile): both under the
      // same load from whatever else the machine runs, so that their ratio is meaningful.
      for (let run = 0; run < RUNS; run++) {
        runs.push(await timeBook(api, auth, ids));
        highest = Math.max(highest, sampler.window());
        compiles.push(await bare.compile(job, warmUp));
        sampler.window();
      }
      const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
      const compileMs = percentile(
        compiles.sort((a, b) => a - b),
        50,
      );
      const answers = runs.map((r) => r.answered).sort((a, b) => a - b);
      measured.push({
        count,
        ms,
        bookIds: runs.map((r) => r.id),
        compileMs,
        postMs: percentile(answers, 50),
      });
      lines.push(
        `book of ${count} chapters × 5 photos (${runs[0]!.pages} pages): POST → success p50 ${percentile(ms, 50).toFixed(0)} ms (min ${ms[0]!.toFixed(0)}, max ${ms.at(-1)!.toFixed(0)}) | server RSS while typesetting, highest ${highest} MB` +
          ` | bare Typst compile p50 ${compileMs.toFixed(0)} ms (min ${compiles[0]!.toFixed(0)}, max ${compiles.at(-1)!.toFixed(0)}) | ratio ${(percentile(ms, 50) / compileMs).toFixed(2)}×`,
      );
      if (count === 10) lines.push(await epubLine(material));
    }
    bare.end();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { rssMb, peakMb } = memoryOf(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, (SETTLE_SECONDS - 2) * 1000));
    const settled = memoryOf(child.pid!);
    lines.push(
      `server RSS after the books, idle: ${rssMb} MB 2 s after, ${settled.rssMb} MB ${SETTLE_SECONDS} s after (${settled.filesMb} MB of it program files) | peak over its life (uploads of 50 photos included): ${peakMb} MB`,
    );
  } finally {
    bare.end();
    sampler.stop();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  for (const line of lines) console.log(line);
  console.log(phaseTable(join(dataDir, 'phases.jsonl'), measured));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

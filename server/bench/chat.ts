// `npx tsx bench/chat.ts` (npm run bench:chat): the server time of a chat turn with the embedded interviewer
// (p50/p99, through app.inject on PGlite), the embedded voice's synthesis time for a 40-word reply, and the
// requests/s of the chapter list of a person with 50 chapters next to a hello-world route of the same
// server in the same run (the server in a child process, autocannon here). Prints numbers; asserts nothing.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { EmbeddedVoiceProvider } from '../src/providers/voice/embedded.ts';
import { ANSWERS, createChapter, percentile, signUp, startApp } from './support.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const CHAPTERS_IN_LIST = 50;
const FORTY_WORDS =
  'Merci Jeanne, c’est un très beau souvenir. Vous parlez de la maison près de la gare : ' +
  'pouvez-vous me décrire la cuisine, les bruits du soir, et ce que votre mère préparait ' +
  'quand votre père rentrait de la mine avec ses camarades ?';

/** Child process: the app with one person owning 50 chapters, plus a hello-world route. */
async function serve() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const { app, database } = await startApp(dataDir);
  app.get('/bench/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const auth = await signUp(app, 'Jeanne Martin');
  for (let i = 0; i < CHAPTERS_IN_LIST; i++) {
    const id = await createChapter(app, auth);
    await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages`,
      headers: auth,
      payload: { content: ANSWERS[i % ANSWERS.length] },
    });
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}`,
      headers: auth,
      payload: { title: `Chapitre ${i + 1}` },
    });
  }
  const { port } = app.server.address() as { port: number };
  console.log(JSON.stringify({ port, authorization: auth.authorization }));
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

async function chatTurns() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-bench-chat-'));
  const { app, database } = await startApp(dataDir);
  try {
    const auth = await signUp(app, 'Jeanne Martin');
    const times: number[] = [];
    for (let chapter = 0; chapter < 10; chapter++) {
      const id = await createChapter(app, auth);
      for (let turn = 0; turn < 20; turn++) {
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: `/api/v1/conversations/${id}/messages`,
          headers: auth,
          payload: { content: ANSWERS[(chapter + turn) % ANSWERS.length] },
        });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`turn failed: ${response.body}`);
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      `chat turn (embedded interviewer, PGlite, ${times.length} turns over 10 chapters): p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function voice() {
  const provider = new EmbeddedVoiceProvider();
  try {
    const words = FORTY_WORDS.split(/\s+/).length;
    let started = performance.now();
    const first = await provider.synthesize(FORTY_WORDS, 'fr');
    const cold = performance.now() - started;
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      started = performance.now();
      await provider.synthesize(`${FORTY_WORDS} ${i}`, 'fr');
      warm.push(performance.now() - started);
    }
    warm.sort((a, b) => a - b);
    console.log(
      `voice (embedded espeak-ng, ${words} words, ${(first.durationMs / 1000).toFixed(1)} s of speech): first ${cold.toFixed(0)} ms, then median ${percentile(warm, 50).toFixed(0)} ms, max ${warm.at(-1)!.toFixed(0)} ms`,
    );
  } finally {
    await provider.close();
  }
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 50, duration, headers });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function list() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-bench-list-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'],
    {
      env: { ...process.env, BENCH_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const lines = createInterface({ input: child.stdout! });
    const [line] = (await Promise.race([
      once(lines, 'line'),
      once(child, 'exit').then(() => {
        throw new Error('the bench server exited before listening');
      }),
    ])) as [string];
    const { port, authorization } = JSON.parse(line) as { port: number; authorization: string };
    const base = `http://127.0.0.1:${port}`;
    const hello = await load(`${base}/bench/hello`);
    const chapters = await load(
      `${base}/api/v1/conversations?sort_by=created_at&sort_order=descending`,
      { authorization },
    );
    console.log(
      `chapter list (${CHAPTERS_IN_LIST} chapters, PGlite, 50 connections, ${duration} s): hello-world ${hello.rps} req/s p99 ${hello.p99} ms | GET /conversations ${chapters.rps} req/s p99 ${chapters.p99} ms | ratio ${(chapters.rps / hello.rps).toFixed(2)}${hello.errors + chapters.errors ? ` | errors ${hello.errors + chapters.errors}` : ''}`,
    );
  } finally {
    const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  await chatTurns();
  await voice();
  await list();
}

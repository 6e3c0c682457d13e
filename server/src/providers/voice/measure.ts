// Measures the built-in voice on this machine: cold first call, warm p50/p99 for a 40-word French reply,
// per-call overhead, and event-loop delay while 4 syntheses run. Run: `npx tsx src/providers/voice/measure.ts`.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { EmbeddedVoiceProvider, defaultPoolSize } from './embedded.ts';

const REPLY =
  "Merci Marie, c'est vraiment un très beau souvenir. Vous m'avez parlé de la ferme de vos grands-parents, tout près de Lyon. Qui vous accompagnait, le mercredi matin, quand vous alliez chercher le lait ? Racontez-moi une odeur, un bruit, un visage.";
const RUNS = 20;
const WARM_UP = 3;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

async function measureConcurrency(poolSize: number): Promise<string> {
  const voice = new EmbeddedVoiceProvider({ poolSize });
  try {
    await Promise.all(
      Array.from({ length: poolSize }, () => voice.synthesize('Préchauffage.', 'fr')),
    );
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    const elapsed = await time(() =>
      Promise.all(Array.from({ length: 4 }, () => voice.synthesize(REPLY, 'fr'))),
    );
    histogram.disable();
    const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1);
    return `pool of ${poolSize}: 4 concurrent 40-word replies in ${elapsed.toFixed(0)} ms; event-loop delay max ${ms(histogram.max)} ms, p99 ${ms(histogram.percentile(99))} ms (5 ms resolution included)`;
  } finally {
    await voice.close();
  }
}

export interface VoiceMeasurement {
  words: number;
  audioMs: number;
  coldMs: number;
  p50Ms: number;
  p99Ms: number;
  oneWordP50Ms: number;
}

/** The numbers `npm run bench` reports for the voice: cold first call, then warm p50/p99 over 20 runs. */
export async function measureEmbeddedVoice(): Promise<VoiceMeasurement> {
  const words = REPLY.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  const voice = new EmbeddedVoiceProvider();
  try {
    let audioMs = 0;
    const coldMs = await time(async () => {
      audioMs = (await voice.synthesize(REPLY, 'fr')).durationMs;
    });
    for (let i = 0; i < WARM_UP; i += 1) await voice.synthesize(REPLY, 'fr');
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i += 1) samples.push(await time(() => voice.synthesize(REPLY, 'fr')));
    samples.sort((a, b) => a - b);
    const oneWord: number[] = [];
    for (let i = 0; i < 10; i += 1) oneWord.push(await time(() => voice.synthesize('Oui.', 'fr')));
    oneWord.sort((a, b) => a - b);
    return {
      words,
      audioMs,
      coldMs,
      p50Ms: percentile(samples, 50),
      p99Ms: percentile(samples, 99),
      oneWordP50Ms: percentile(oneWord, 50),
    };
  } finally {
    await voice.close();
  }
}

async function main(): Promise<void> {
  const result = await measureEmbeddedVoice();
  console.log(
    `espeak-ng, ${result.words}-word French reply (${(result.audioMs / 1000).toFixed(1)} s of audio), pool of ${defaultPoolSize()}:`,
  );
  console.log(
    `  cold first call (worker start, WASM compile, engine init, synthesis): ${result.coldMs.toFixed(0)} ms`,
  );
  console.log(
    `  warm, ${RUNS} runs: p50 ${result.p50Ms.toFixed(0)} ms, p99 ${result.p99Ms.toFixed(0)} ms`,
  );
  console.log(
    `  one-word reply (per-call fixed cost: memory reset and engine start): p50 ${result.oneWordP50Ms.toFixed(0)} ms`,
  );
  for (const poolSize of [1, 2]) console.log(`  ${await measureConcurrency(poolSize)}`);
  console.log(`  process RSS at the end: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
}

// Importable by the bench; runs only when executed directly.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

// The espeak-ng voice end to end: real WASM synthesis in worker threads, French and English.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EmbeddedVoiceProvider, MAX_CHUNK_CHARS } from '../../../src/providers/voice/embedded.ts';
import { prepareSpeechText, splitIntoChunks } from '../../../src/providers/voice/text.ts';
import { EmptySpeechTextError, VoiceUnavailableError } from '../../../src/providers/voice/types.ts';

const FRENCH_REPLY =
  "Merci Marie. Vous m'avez parlé de la ferme de vos grands-parents, près de Lyon. Qui vous accompagnait, le mercredi, quand vous alliez chercher le lait ? Racontez-moi un souvenir précis : une odeur, un bruit, un visage.";
const ENGLISH_REPLY =
  'Thank you, Margaret. You told me about the farm in Devon where you grew up. Who walked with you to fetch the milk in the morning? Tell me about one moment you remember well.';

/** Checks the bytes themselves, independently of the module's own parser. */
function expectValidWav(wav: Buffer, durationMs: number) {
  expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
  expect(wav.readUInt16LE(20)).toBe(1); // PCM
  expect(wav.readUInt16LE(22)).toBe(1); // mono
  expect(wav.readUInt32LE(24)).toBe(22050);
  expect(wav.readUInt16LE(34)).toBe(16);
  expect(wav.toString('ascii', 36, 40)).toBe('data');
  const dataBytes = wav.readUInt32LE(40);
  expect(dataBytes).toBe(wav.length - 44);
  expect(durationMs).toBe(Math.round((dataBytes / (22050 * 2)) * 1000));
  let peak = 0;
  for (let offset = 44; offset < wav.length; offset += 2)
    peak = Math.max(peak, Math.abs(wav.readInt16LE(offset)));
  expect(peak).toBeGreaterThan(3000); // speech, not silence
}

let voice: EmbeddedVoiceProvider;

beforeAll(() => {
  voice = new EmbeddedVoiceProvider();
});

afterAll(async () => {
  await voice.close();
});

describe('EmbeddedVoiceProvider', () => {
  test('speaks French as a valid WAV whose length fits the words', async () => {
    const { wav, durationMs } = await voice.synthesize(FRENCH_REPLY, 'fr');
    expectValidWav(wav, durationMs);
    const words = FRENCH_REPLY.split(/\s+/u).length;
    // Slow enough for older listeners: between 100 and 160 words a minute, pauses included.
    expect((words / durationMs) * 60_000).toBeGreaterThan(100);
    expect((words / durationMs) * 60_000).toBeLessThan(160);
  });

  test('speaks English as a valid WAV', async () => {
    const { wav, durationMs } = await voice.synthesize(ENGLISH_REPLY, 'en');
    expectValidWav(wav, durationMs);
    expect(durationMs).toBeGreaterThan(8_000);
  });

  test('uses a different voice for each language', async () => {
    const text = 'Bonjour Marie, comment allez-vous ?';
    const [french, english] = await Promise.all([
      voice.synthesize(text, 'fr'),
      voice.synthesize(text, 'en'),
    ]);
    expect(french.wav.equals(english.wav)).toBe(false);
  });

  test('each synthesis starts from a clean engine: the same text gives the same audio whatever came before', async () => {
    const first = await voice.synthesize('Où avez-vous grandi ?', 'fr');
    await voice.synthesize(ENGLISH_REPLY, 'en');
    await voice.synthesize(FRENCH_REPLY, 'fr');
    const again = await voice.synthesize('Où avez-vous grandi ?', 'fr');
    expect(again.wav.equals(first.wav)).toBe(true);
  });

  test.each(['fr', 'en'] as const)(
    'duration grows with the length of the text (%s)',
    async (language) => {
      const sentence =
        language === 'fr' ? 'Parlez-moi de votre maison. ' : 'Tell me about your home. ';
      const durations: number[] = [];
      for (const count of [1, 3, 6])
        durations.push((await voice.synthesize(sentence.repeat(count), language)).durationMs);
      expect(durations[1]).toBeGreaterThan(durations[0]! * 2);
      expect(durations[2]).toBeGreaterThan(durations[1]! * 1.5);
    },
  );

  test('strips markdown and emoji: the audio is the same as for the clean text', async () => {
    const decorated = await voice.synthesize(
      '## Bonjour\n\n**Marie** 😊, parlez-moi de _votre_ [village](https://exemple.fr) 🏡 !',
      'fr',
    );
    const clean = await voice.synthesize('Bonjour. Marie, parlez-moi de votre village !', 'fr');
    expect(decorated.wav.equals(clean.wav)).toBe(true);
  });

  test.each(['', '   ', '😊 👍🏽 🎉', '** __ **'])(
    'rejects text with nothing to say (%j) with a clear error',
    async (text) => {
      const attempt = voice.synthesize(text, 'fr');
      await expect(attempt).rejects.toBeInstanceOf(EmptySpeechTextError);
      await expect(attempt).rejects.toThrow(/Nothing to synthesise/u);
    },
  );

  test('a text longer than a chunk comes back as ONE valid WAV holding every chunk', async () => {
    const long = Array.from(
      { length: 25 },
      (_, i) => `Voici le souvenir numéro ${i + 1}, celui de la maison au bord de la rivière.`,
    ).join(' ');
    const chunks = splitIntoChunks(prepareSpeechText(long), MAX_CHUNK_CHARS);
    expect(chunks.length).toBeGreaterThan(2);
    const whole = await voice.synthesize(long, 'fr');
    expectValidWav(whole.wav, whole.durationMs);
    let sum = 0;
    for (const chunk of chunks) sum += (await voice.synthesize(chunk, 'fr')).wav.length - 44;
    expect(whole.wav.length - 44).toBe(sum);
  });

  test('an aborted synthesis rejects with the abort reason, not a voice outage', async () => {
    const controller = new AbortController();
    const attempt = voice.synthesize(FRENCH_REPLY.repeat(4), 'fr', controller.signal);
    controller.abort();
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    await expect(voice.synthesize('Toujours là.', 'fr')).resolves.toMatchObject({
      durationMs: expect.any(Number),
    });
  });

  test('the event loop stays responsive during 4 concurrent syntheses', async () => {
    await voice.synthesize('Préchauffage.', 'fr');
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    let immediates = 0;
    let firstImmediateBeforeAnyResult: boolean | undefined;
    let settled = 0;
    let spinning = true;
    const spin = () => {
      immediates += 1;
      if (firstImmediateBeforeAnyResult === undefined)
        firstImmediateBeforeAnyResult = settled === 0;
      if (spinning) setTimeout(spin, 1);
    };
    const started = performance.now();
    const jobs = Array.from({ length: 4 }, (_, i) =>
      voice
        .synthesize(`${i + 1}. ${FRENCH_REPLY} ${FRENCH_REPLY} ${FRENCH_REPLY}`, 'fr')
        .then((result) => {
          settled += 1;
          return result;
        }),
    );
    setImmediate(spin);
    const results = await Promise.all(jobs);
    spinning = false;
    const elapsed = performance.now() - started;
    histogram.disable();
    for (const { wav, durationMs } of results) expectValidWav(wav, durationMs);
    console.log(
      `4 concurrent syntheses (${voice.stats().workers} worker(s)): ${elapsed.toFixed(0)} ms; timer ticks ${immediates}; ` +
        `event-loop delay max ${(histogram.max / 1e6).toFixed(1)} ms, p99 ${(histogram.percentile(99) / 1e6).toFixed(1)} ms, mean ${(histogram.mean / 1e6).toFixed(1)} ms`,
    );
    expect(firstImmediateBeforeAnyResult).toBe(true);
    // A loop blocked by synthesis would tick a handful of times between jobs, not once every few ms.
    expect(immediates).toBeGreaterThan(Math.min(50, elapsed / 20));
  });
});

describe('EmbeddedVoiceProvider start-up', () => {
  test('starts no worker until asked, and warmUp starts one ahead of the first reply', async () => {
    const provider = new EmbeddedVoiceProvider({ poolSize: 1 });
    try {
      expect(provider.stats().workers).toBe(0);
      await provider.warmUp();
      expect(provider.stats()).toMatchObject({ workers: 1, busy: 0 });
    } finally {
      await provider.close();
    }
  });
});

describe('EmbeddedVoiceProvider recovery', () => {
  test('a worker that dies mid-synthesis fails that request only; the next one gets a fresh worker', async () => {
    // A loaded machine can take more than the default 10 s to start a worker: this test is about crashes.
    const provider = new EmbeddedVoiceProvider({ poolSize: 1, jobTimeoutMs: 60_000 });
    try {
      await provider.synthesize('Bonjour.', 'fr');
      // Reach the live worker the way a crash would: it vanishes while a job runs.
      const { slots } = (provider as unknown as { pool: { slots: { worker: Worker }[] } }).pool;
      // The job is handed to the worker synchronously, so the worker dies while it holds the job.
      const attempt = provider.synthesize(FRENCH_REPLY.repeat(5), 'fr');
      expect(provider.stats().busy).toBe(1);
      void slots[0]!.worker.terminate();
      await expect(attempt).rejects.toBeInstanceOf(VoiceUnavailableError);
      await expect(attempt).rejects.toThrow(/worker died/u);
      const after = await provider.synthesize(FRENCH_REPLY, 'fr');
      expectValidWav(after.wav, after.durationMs);
      expect(provider.stats()).toMatchObject({ workers: 1, replaced: 1 });
    } finally {
      await provider.close();
    }
  });

  test('an engine error fails that request with its message and the worker keeps serving', async () => {
    const provider = new EmbeddedVoiceProvider({
      poolSize: 1,
      jobTimeoutMs: 60_000,
      voices: { en: { voice: 'xx-nowhere', wordsPerMinute: 140, pitch: 50, wordGapMs: 10 } },
    });
    try {
      const attempt = provider.synthesize('Hello.', 'en');
      await expect(attempt).rejects.toBeInstanceOf(VoiceUnavailableError);
      await expect(attempt).rejects.toThrow(/voice does not exist/u);
      const after = await provider.synthesize('Bonjour.', 'fr');
      expectValidWav(after.wav, after.durationMs);
      expect(provider.stats()).toMatchObject({ workers: 1, replaced: 0 });
    } finally {
      await provider.close();
    }
  });

  test('a synthesis that exceeds its time limit becomes VoiceUnavailableError', async () => {
    const provider = new EmbeddedVoiceProvider({ poolSize: 1, jobTimeoutMs: 1 });
    try {
      const attempt = provider.synthesize(FRENCH_REPLY, 'fr');
      await expect(attempt).rejects.toBeInstanceOf(VoiceUnavailableError);
      await expect(attempt).rejects.toThrow(/longer than 1 ms/u);
      expect(provider.stats().replaced).toBe(1);
    } finally {
      await provider.close();
    }
  });
});

// The built-in voice: espeak-ng (WASM) in a small worker pool, French and English, tuned slow and low for older listeners.
import { availableParallelism } from 'node:os';
import type { EspeakJob, EspeakResult } from './espeak-worker.ts';
import { prepareSpeechText, splitIntoChunks } from './text.ts';
import {
  VoiceUnavailableError,
  type Language,
  type SynthesisResult,
  type VoiceProvider,
} from './types.ts';
import { concatWavs, parseWav, type ParsedWav } from './wav.ts';
import { WorkerPool, workerModule } from '../../workers/pool.ts';

export interface EspeakVoiceSettings {
  /** espeak-ng voice and variant, e.g. `fr+m3`. */
  voice: string;
  wordsPerMinute: number;
  /** 0–99; 50 keeps the variant's own pitch. */
  pitch: number;
  wordGapMs: number;
}

/**
 * Age-related hearing loss takes the high frequencies first, so the voice is the low, steady male variant m3
 * (80–122 Hz, without the flutter, roughness or breath noise of other variants), and slower than espeak's
 * 175 wpm default: 145 wpm measures about 143 words a minute of French audio, pauses included. A small word gap
 * helps separate words. This build has no MBROLA (`mb-*`) voices, and its klatt variants need a synthesiser it
 * was built without, so plain variants are the choice.
 */
export const DEFAULT_VOICES: Readonly<Record<Language, EspeakVoiceSettings>> = {
  fr: { voice: 'fr+m3', wordsPerMinute: 145, pitch: 50, wordGapMs: 10 },
  en: { voice: 'en+m3', wordsPerMinute: 140, pitch: 50, wordGapMs: 10 },
};

/** About 40 s of speech: one job stays short, and other requests get a worker between the chunks of a long text. */
export const MAX_CHUNK_CHARS = 600;

export interface EmbeddedVoiceOptions {
  poolSize?: number;
  /** Per chunk, from the moment a worker takes it. */
  jobTimeoutMs?: number;
  maxQueue?: number;
  voices?: Partial<Record<Language, EspeakVoiceSettings>>;
}

/** One worker on a 2-core machine leaves a core to the API thread; two where there is room. */
export function defaultPoolSize(): number {
  return availableParallelism() > 2 ? 2 : 1;
}

export class EmbeddedVoiceProvider implements VoiceProvider {
  readonly kind = 'embedded';
  private readonly pool: WorkerPool<EspeakJob, EspeakResult>;
  private readonly voices: Record<Language, EspeakVoiceSettings>;

  constructor(options: EmbeddedVoiceOptions = {}) {
    this.voices = { ...DEFAULT_VOICES, ...options.voices };
    this.pool = new WorkerPool<EspeakJob, EspeakResult>({
      workerUrl: workerModule(import.meta.url, './espeak-worker'),
      size: options.poolSize ?? defaultPoolSize(),
      jobTimeoutMs: options.jobTimeoutMs ?? 10_000,
      maxQueue: options.maxQueue ?? 64,
      name: 'espeak-ng',
      // A conversation speaks every few seconds; a minute without any, the threads and their heaps go.
      idleMs: 60_000,
    });
  }

  async synthesize(
    text: string,
    language: Language,
    signal?: AbortSignal,
  ): Promise<SynthesisResult> {
    const spoken = prepareSpeechText(text);
    // The product is French-first: a language without a voice of its own is spoken in French.
    const settings = this.voices[language] ?? this.voices.fr;
    const parts: ParsedWav[] = [];
    // Chunks are queued one after another, not all at once, so a long reply never holds the whole queue.
    for (const chunk of splitIntoChunks(spoken, MAX_CHUNK_CHARS)) {
      parts.push(await this.synthesizeChunk(chunk, settings, signal));
    }
    return concatWavs(parts);
  }

  /** Starts the worker and its engine (~0.7 s) ahead of the first reply; optional, for servers that want it. */
  async warmUp(): Promise<void> {
    await this.synthesize('Bonjour.', 'fr');
  }

  stats() {
    return this.pool.stats();
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async synthesizeChunk(
    text: string,
    settings: EspeakVoiceSettings,
    signal?: AbortSignal,
  ): Promise<ParsedWav> {
    let result: EspeakResult;
    try {
      result = await this.pool.run({ text, ...settings }, { signal });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new VoiceUnavailableError(
        `espeak-ng synthesis failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    try {
      return parseWav(Buffer.from(result.wav));
    } catch (error) {
      throw new VoiceUnavailableError('espeak-ng produced an invalid WAV', { cause: error });
    }
  }
}

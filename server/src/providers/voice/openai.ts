// The remote voice: any OpenAI-compatible `/audio/speech` endpoint, asked for WAV, checked and normalised.
import type OpenAI from 'openai';
import { prepareSpeechText, splitIntoChunks } from './text.ts';
import {
  VoiceUnavailableError,
  type Language,
  type SynthesisResult,
  type VoiceProvider,
} from './types.ts';
import { concatWavs, parseWav, type ParsedWav } from './wav.ts';

export interface OpenAIVoiceOptions {
  apiKey?: string;
  baseUrl?: string;
  model?: string;
  voice?: string;
  /** Per attempt; one retry follows a 429, a 5xx or a dropped connection. */
  timeoutMs?: number;
}

export const DEFAULT_TTS_MODEL = 'gpt-4o-mini-tts';
export const DEFAULT_TTS_VOICE = 'coral';
const DEFAULT_TIMEOUT_MS = 30_000;
// The API refuses more than 4096 characters per request; longer replies go as several requests joined into one WAV.
const MAX_INPUT_CHARS = 4000;
// Models that take spoken-style instructions; the older `tts-1` family only understands a speed.
const TAKES_INSTRUCTIONS = /^gpt-4o/u;
const SLOWER_SPEED = 0.9;

const INSTRUCTIONS: Record<Language, string> = {
  fr: "Parle en français, lentement et chaleureusement, d'une voix calme et bien articulée : tu t'adresses à une personne âgée qui te raconte sa vie.",
  en: 'Speak slowly and warmly, in a calm and clearly articulated voice: you are talking to an older person who is telling you their life story.',
};

function describe(error: unknown): string {
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' ? `HTTP ${status}: ${error.message}` : error.message;
  }
  return String(error);
}

export class OpenAIVoiceProvider implements VoiceProvider {
  readonly kind = 'openai';
  private client?: Promise<OpenAI>;

  constructor(private readonly options: OpenAIVoiceOptions) {}

  async synthesize(
    text: string,
    language: Language,
    signal?: AbortSignal,
  ): Promise<SynthesisResult> {
    const spoken = prepareSpeechText(text);
    const parts: ParsedWav[] = [];
    for (const chunk of splitIntoChunks(spoken, MAX_INPUT_CHARS)) {
      parts.push(await this.request(chunk, language, signal));
    }
    try {
      return concatWavs(parts);
    } catch (error) {
      throw new VoiceUnavailableError(
        'The speech server answered parts in different audio formats',
        { cause: error },
      );
    }
  }

  async close(): Promise<void> {
    this.client = undefined;
  }

  private getClient(): Promise<OpenAI> {
    this.client ??= import('openai').then(
      ({ default: OpenAIClient }) =>
        new OpenAIClient({
          // Local model servers need no key, but the SDK refuses to start without one.
          apiKey: this.options.apiKey || 'no-key',
          baseURL: this.options.baseUrl,
          timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          maxRetries: 1,
        }),
    );
    return this.client;
  }

  private async request(
    input: string,
    language: Language,
    signal?: AbortSignal,
  ): Promise<ParsedWav> {
    const model = this.options.model || DEFAULT_TTS_MODEL;
    let body: Buffer;
    try {
      const client = await this.getClient();
      const response = await client.audio.speech.create(
        {
          model,
          voice: this.options.voice || DEFAULT_TTS_VOICE,
          input,
          response_format: 'wav',
          ...(TAKES_INSTRUCTIONS.test(model)
            ? { instructions: INSTRUCTIONS[language] ?? INSTRUCTIONS.fr }
            : { speed: SLOWER_SPEED }),
        },
        { signal },
      );
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new VoiceUnavailableError(`The speech server failed: ${describe(error)}`, {
        cause: error,
      });
    }
    try {
      // Streamed WAVs carry unknown sizes in their header; parsing and re-encoding gives exact ones.
      return parseWav(body);
    } catch (error) {
      throw new VoiceUnavailableError('The speech server did not answer with a WAV file', {
        cause: error,
      });
    }
  }
}

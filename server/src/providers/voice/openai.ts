// The remote voice: any OpenAI-compatible `/audio/speech` endpoint, asked for WAV, checked and normalised.
import { ModelServer } from '../model-server.ts';
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
  /** Per attempt; one retry follows a 408, 409, 429, a 5xx, a dropped connection or a timeout. */
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

export class OpenAIVoiceProvider implements VoiceProvider {
  readonly kind = 'openai';
  private readonly server: ModelServer;

  constructor(private readonly options: OpenAIVoiceOptions) {
    this.server = new ModelServer({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      server: 'speech server',
      unavailable: VoiceUnavailableError,
      attemptMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: 1,
      retryBaseDelayMs: 500,
      maxRetryDelayMs: 8_000,
    });
  }

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
    this.server.close();
  }

  private async request(
    input: string,
    language: Language,
    signal?: AbortSignal,
  ): Promise<ParsedWav> {
    const model = this.options.model || DEFAULT_TTS_MODEL;
    const client = await this.server.client();
    const body = await this.server.run(
      async (attempt) => {
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
          { signal: attempt.signal, timeout: attempt.remainingMs, maxRetries: 0 },
        );
        return Buffer.from(await response.arrayBuffer());
      },
      { signal },
    );
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

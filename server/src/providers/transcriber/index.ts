// Picks the transcriber from configuration: TRANSCRIBE_BASE_URL / TRANSCRIBE_API_KEY, else the OPENAI_*
// model server (like every other provider), else none — the app then keeps the typed path.
import type { Config } from '../../config.ts';
import { OpenAITranscriber } from './openai.ts';
import type { Transcriber } from './types.ts';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Where transcriptions go, or null when none is configured. */
export function transcriberSettings(
  config: Pick<Config, 'transcribe' | 'openai'>,
): { baseUrl: string; apiKey: string | null; model: string } | null {
  const { transcribe, openai } = config;
  if (transcribe.baseUrl || transcribe.apiKey)
    return {
      baseUrl: transcribe.baseUrl ?? OPENAI_BASE_URL,
      apiKey: transcribe.apiKey,
      model: transcribe.model,
    };
  if (openai.baseUrl || openai.apiKey)
    return {
      baseUrl: openai.baseUrl ?? OPENAI_BASE_URL,
      apiKey: openai.apiKey,
      model: transcribe.model,
    };
  return null;
}

export function createTranscriber(
  config: Pick<Config, 'transcribe' | 'openai'>,
  options: { timeoutMs?: number } = {},
): Transcriber | null {
  const settings = transcriberSettings(config);
  return settings ? new OpenAITranscriber({ ...settings, ...options }) : null;
}

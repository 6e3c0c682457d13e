// Picks the voice provider from configuration: a remote OpenAI-compatible speech API when one is configured,
// else the built-in espeak-ng voice.
import { EmbeddedVoiceProvider } from './embedded.ts';
import { OpenAIVoiceProvider } from './openai.ts';
import type { VoiceProvider } from './types.ts';

export interface VoiceProviderOptions {
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  ttsModel?: string;
  ttsVoice?: string;
  /** Remote: per HTTP attempt. Embedded: per synthesis job (one chunk of at most ~40 s of speech). */
  timeoutMs?: number;
}

export function createVoiceProvider(options: VoiceProviderOptions = {}): VoiceProvider {
  if (options.openaiApiKey || options.openaiBaseUrl) {
    return new OpenAIVoiceProvider({
      apiKey: options.openaiApiKey,
      baseUrl: options.openaiBaseUrl,
      model: options.ttsModel,
      voice: options.ttsVoice,
      timeoutMs: options.timeoutMs,
    });
  }
  return new EmbeddedVoiceProvider({ jobTimeoutMs: options.timeoutMs });
}

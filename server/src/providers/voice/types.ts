// The voice seam: what the chat routes need to turn a biographer's reply into spoken audio.
export type Language = 'fr' | 'en';

export interface SynthesisResult {
  /** A complete RIFF/WAVE file (PCM), header sizes exact. */
  wav: Buffer;
  durationMs: number;
}

export interface VoiceProvider {
  readonly kind: 'embedded' | 'openai';
  synthesize(text: string, language: Language, signal?: AbortSignal): Promise<SynthesisResult>;
  close(): Promise<void>;
}

/** The voice engine could not produce audio (crashed, timed out, remote failure); the core maps it to 503 `voice_unavailable`. */
export class VoiceUnavailableError extends Error {
  override readonly name = 'VoiceUnavailableError';
}

/**
 * Nothing speakable is left once markdown, emoji and symbols are removed. This is a caller error
 * (there is nothing to say), not an outage, so it is kept apart from VoiceUnavailableError.
 */
export class EmptySpeechTextError extends Error {
  override readonly name = 'EmptySpeechTextError';
  constructor() {
    super('Nothing to synthesise: the text is empty once markdown, emoji and symbols are removed');
  }
}

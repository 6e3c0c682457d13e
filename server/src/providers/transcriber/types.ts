// Speech-to-text: what the transcription endpoint asks of a provider, and how a provider fails.

export type Language = 'fr' | 'en';

export interface TranscriptionInput {
  /** The recording as the browser made it (WebM/Opus, Ogg, MP4/AAC). */
  bytes: Buffer;
  /** Its type, checked by its first bytes (`audio/webm`, `audio/ogg`, `audio/mp4`, `audio/aac`). */
  mimeType: string;
  language: Language;
}

export interface Transcriber {
  readonly kind: 'openai';
  /** The text said, trimmed; an empty string when nothing was understood (silence). */
  transcribe(input: TranscriptionInput, signal?: AbortSignal): Promise<string>;
}

/** The transcription server could not be reached, timed out, refused, or answered something unreadable. */
export class TranscriberUnavailableError extends Error {
  override readonly name = 'TranscriberUnavailableError';
}

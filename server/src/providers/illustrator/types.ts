// The illustrator seam: what the chapter products hand over to get one picture for a chapter.
export type Language = 'fr' | 'en';

export interface IllustrationRequest {
  language: Language;
  title: string | null;
  keywords: string[];
  summary: string | null;
  /** Stable per picture (e.g. the chapter id plus the image count), so a refresh draws a new one. */
  seed: string;
}

export interface Illustration {
  /** A complete PNG file. */
  png: Buffer;
  width: number;
  height: number;
  /** What the remote image model was asked; null for the built-in artwork. */
  prompt: string | null;
}

export interface Illustrator {
  readonly kind: 'embedded' | 'openai';
  illustrate(input: IllustrationRequest, signal?: AbortSignal): Promise<Illustration>;
}

/** The image server failed, timed out or answered garbage; the core maps it to 503. */
export class IllustratorUnavailableError extends Error {
  constructor(message = 'The illustrator is unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IllustratorUnavailableError';
  }
}

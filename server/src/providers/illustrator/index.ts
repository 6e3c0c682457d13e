// Picks the illustrator from config: a remote image model when one is configured, else the built-in artwork.
import { EmbeddedIllustrator } from './embedded.ts';
import { OpenAIIllustrator } from './openai.ts';
import type { Illustrator } from './types.ts';

export interface IllustratorOptions {
  /** OPENAI_API_KEY */
  openaiApiKey?: string | null;
  /** OPENAI_BASE_URL */
  openaiBaseUrl?: string | null;
  /** OPENAI_IMAGE_MODEL, e.g. gpt-image-1; no default */
  openaiImageModel?: string | null;
  /** budget of one picture, retries included (default 120 000) */
  timeoutMs?: number;
  /** retries on 429, 5xx and connection failures (default 2) */
  maxRetries?: number;
}

/**
 * A key or a base URL alone does not switch the pictures to a remote model: OPENAI_IMAGE_MODEL must
 * be set too. An image costs far more than a chat turn, and most OpenAI-compatible servers that
 * people plug in for the interviewer (Ollama, vLLM, llama.cpp) have no images endpoint at all, so
 * guessing a default model would turn every chapter picture into a failure or a surprise bill.
 */
export function createIllustrator(options: IllustratorOptions = {}): Illustrator {
  if ((options.openaiApiKey || options.openaiBaseUrl) && options.openaiImageModel) {
    return new OpenAIIllustrator({
      apiKey: options.openaiApiKey || undefined,
      baseURL: options.openaiBaseUrl || undefined,
      model: options.openaiImageModel,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }
  return new EmbeddedIllustrator();
}

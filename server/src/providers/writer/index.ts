// Picks the writer from config: a model server when one is configured, else the built-in writer.
import type { Writer } from './types.ts';
import { EmbeddedWriter } from './embedded.ts';
import { OpenAIWriter } from './openai.ts';

export interface WriterOptions {
  /** OPENAI_API_KEY */
  openaiApiKey?: string;
  /** OPENAI_BASE_URL, e.g. http://localhost:11434/v1 for Ollama */
  openaiBaseUrl?: string;
  /** the chat model (default gpt-4o-mini) */
  openaiModel?: string;
  /** budget of one model call, retries included (default 90 000) */
  timeoutMs?: number;
  /** retries on 429, 5xx and connection failures (default 2) */
  maxRetries?: number;
}

export function createWriter(options: WriterOptions = {}): Writer {
  if (options.openaiApiKey || options.openaiBaseUrl) {
    return new OpenAIWriter({
      apiKey: options.openaiApiKey,
      baseURL: options.openaiBaseUrl,
      model: options.openaiModel,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }
  return new EmbeddedWriter();
}

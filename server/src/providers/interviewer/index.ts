// Picks the interviewer from config: a model server when one is configured, else the built-in guided interview.
import type { Interviewer } from './types.ts';
import { EmbeddedInterviewer } from './embedded.ts';
import { OpenAIInterviewer } from './openai.ts';

export interface InterviewerOptions {
  /** OPENAI_API_KEY */
  openaiApiKey?: string;
  /** OPENAI_BASE_URL, e.g. http://localhost:11434/v1 for Ollama */
  openaiBaseUrl?: string;
  /** the chat model (default gpt-4o-mini) */
  openaiModel?: string;
  /** budget of one interviewer call, retries included (default 30 000) */
  timeoutMs?: number;
  /** retries on 429, 5xx and connection failures (default 2) */
  maxRetries?: number;
}

export function createInterviewer(options: InterviewerOptions = {}): Interviewer {
  if (options.openaiApiKey || options.openaiBaseUrl) {
    return new OpenAIInterviewer({
      apiKey: options.openaiApiKey,
      baseURL: options.openaiBaseUrl,
      model: options.openaiModel,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }
  return new EmbeddedInterviewer();
}

// The interviewer backed by any OpenAI-compatible chat API (OpenAI, Mistral, Ollama, vLLM, llama.cpp…).
//
// One call has one time budget (`timeoutMs`) that retries share: the person is waiting in front of the
// screen, so a slow server is given up on rather than tried again for another full timeout.
import type OpenAI from 'openai';
import type { InterviewContext, Interviewer, InterviewerReply } from './types.ts';
import { InterviewerUnavailableError } from './types.ts';
import type { ChatMessage, PromptTemplates } from './prompt.ts';
import { buildChatMessages, loadPromptTemplates } from './prompt.ts';
import {
  describeError,
  isRetryable,
  retryDelay,
  sleep,
  type OpenAIModule,
} from '../openai-retry.ts';

export interface OpenAIInterviewerOptions {
  apiKey?: string;
  baseURL?: string;
  model?: string;
  /** the whole budget of one opening or reply, retries included (default 30 s) */
  timeoutMs?: number;
  /** retries after a 408, 409, 429, 5xx or a connection failure (default 2) */
  maxRetries?: number;
  /** first backoff delay, doubled at each retry (default 500 ms) */
  retryBaseDelayMs?: number;
  temperature?: number;
}

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_RETRY_BASE_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;
/** A biographer's turn is a sentence or two; this leaves room for reasoning models' hidden preamble too. */
const MAX_COMPLETION_TOKENS = 400;
const MAX_REPLY_CHARS = 1_500;

export class OpenAIInterviewer implements Interviewer {
  readonly kind = 'openai' as const;
  private readonly templates: PromptTemplates;
  private readonly model: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly retryBaseDelayMs: number;
  private readonly temperature: number;
  private sdk: Promise<{ module: OpenAIModule; client: OpenAI }> | null = null;

  constructor(private readonly options: OpenAIInterviewerOptions = {}) {
    this.templates = loadPromptTemplates();
    this.model = options.model || DEFAULT_OPENAI_MODEL;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = Math.max(0, options.maxRetries ?? DEFAULT_MAX_RETRIES);
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
    this.temperature = options.temperature ?? 0.7;
  }

  opening(ctx: InterviewContext, signal?: AbortSignal): Promise<InterviewerReply> {
    // The opening instruction is the first user turn; a new chapter has no transcript after it.
    return this.complete(buildChatMessages({ ...ctx, messages: [] }, this.templates), signal);
  }

  reply(ctx: InterviewContext, signal?: AbortSignal): Promise<InterviewerReply> {
    return this.complete(buildChatMessages(ctx, this.templates), signal);
  }

  private loadSdk(): Promise<{ module: OpenAIModule; client: OpenAI }> {
    // The SDK is loaded on first use only, so the embedded setup never pays for it.
    this.sdk ??= import('openai').then((module) => ({
      module,
      client: new module.OpenAI({
        // Local servers (Ollama, llama.cpp) need no key, but the SDK refuses to start without one.
        apiKey: this.options.apiKey || 'no-key',
        baseURL: this.options.baseURL || undefined,
        maxRetries: 0,
        timeout: this.timeoutMs,
      }),
    }));
    return this.sdk;
  }

  private async complete(messages: ChatMessage[], signal?: AbortSignal): Promise<InterviewerReply> {
    signal?.throwIfAborted();
    const { module, client } = await this.loadSdk();
    const deadline = Date.now() + this.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new InterviewerUnavailableError('The model server did not answer in time');
      const timeout = AbortSignal.timeout(remaining);
      const attemptSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
      try {
        const completion = await client.chat.completions.create(
          {
            model: this.model,
            messages,
            temperature: this.temperature,
            max_tokens: MAX_COMPLETION_TOKENS,
          },
          { signal: attemptSignal, timeout: Math.max(1, remaining), maxRetries: 0 },
        );
        return { content: readReply(completion), questionId: null, theme: null };
      } catch (error) {
        // The caller gave up (the person left): that is not the model server's failure.
        if (signal?.aborted) throw signal.reason ?? error;
        if (error instanceof InterviewerUnavailableError) throw error;
        if (Date.now() >= deadline || timeout.aborted) {
          throw new InterviewerUnavailableError('The model server did not answer in time', {
            cause: error,
          });
        }
        if (attempt >= this.maxRetries || !isRetryable(error, module)) {
          throw new InterviewerUnavailableError(
            `The model server failed: ${describeError(error)}`,
            {
              cause: error,
            },
          );
        }
        const wait = Math.min(
          retryDelay(error, attempt, this.retryBaseDelayMs),
          MAX_RETRY_DELAY_MS,
        );
        if (Date.now() + wait >= deadline) {
          throw new InterviewerUnavailableError('The model server did not recover in time', {
            cause: error,
          });
        }
        await sleep(wait, signal);
      }
    }
  }
}

/** The reply text, or InterviewerUnavailableError when the server answered something that is not one. */
export function readReply(completion: unknown): string {
  const choice = (completion as { choices?: { message?: { content?: unknown } }[] } | null)
    ?.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content !== 'string')
    throw new InterviewerUnavailableError('The model server returned no text');
  const text = content
    // Reasoning models (DeepSeek, Qwen…) served raw put their thinking before the answer.
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .replace(/^[\s\S]*<\/think>/i, '')
    .replace(/^\s*(?:\*\*)?(?:biographe|biographer|assistant|interviewer)(?:\*\*)?\s*:\s*/i, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(/^["“«]\s*([\s\S]*?)\s*["”»]$/u, '$1');
  if (!text) throw new InterviewerUnavailableError('The model server returned an empty reply');
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 2 || letters / text.length < 0.4)
    throw new InterviewerUnavailableError('The model server returned garbage');
  if (text.length <= MAX_REPLY_CHARS) return text;
  // A runaway model: keep whole sentences up to the limit.
  const cut = text.slice(0, MAX_REPLY_CHARS);
  const end = Math.max(cut.lastIndexOf('?'), cut.lastIndexOf('.'), cut.lastIndexOf('!'));
  return end > MAX_REPLY_CHARS / 2 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}

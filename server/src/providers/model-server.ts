// One client for the OpenAI-compatible servers the providers talk to (interviewer, writer, illustrator,
// voice, transcriber — issue 30): the SDK loaded on first use, one call's time limits, which failures are
// tried again and after how long (Retry-After first, else exponential backoff with jitter), and the
// errors each provider reports, written once here. A provider only says what one attempt does.
//
// Time: a call has a budget shared by its retries (`budgetMs`: the person is waiting, a slow server is
// given up on rather than tried for another full timeout), a limit per attempt (`attemptMs`), or both.
import type OpenAI from 'openai';

export interface ModelServerOptions {
  apiKey?: string | null;
  baseURL?: string | null;
  /** How the provider's errors name the server: « model server », « image server »… */
  server: string;
  /** The provider's own error class (InterviewerUnavailableError…): every failure of a call is one. */
  unavailable: new (message: string, options?: { cause?: unknown }) => Error;
  /** The whole time one call may take, retries included. */
  budgetMs?: number;
  /** The time one attempt may take; a timed-out attempt is tried again while retries are left. */
  attemptMs?: number;
  /** Retries after a 408, 409, 429, 5xx, a dropped connection or a timed-out attempt. */
  maxRetries: number;
  /** First backoff delay, doubled at each retry. */
  retryBaseDelayMs: number;
  /** No wait is longer than this, whatever the server asks. */
  maxRetryDelayMs?: number;
}

/** What one attempt gets: the signal that ends it, and the time it has left. */
export interface Attempt {
  signal: AbortSignal;
  remainingMs: number;
}

export interface RunOptions {
  /** The caller's own signal (the person left): passed through, never reported as an outage. */
  signal?: AbortSignal;
  /**
   * Asked first about every failure: true tries again at once without counting a retry (the writer's
   * fallback when a server refuses structured output).
   */
  retryAtOnce?: (error: unknown) => boolean;
}

/** What a chat provider's settings say of its server (OPENAI_* and the provider's own variables). */
export interface ChatServerSettings {
  apiKey?: string;
  baseURL?: string;
  model?: string;
  /** the whole budget of one call, retries included (each provider has its default) */
  timeoutMs?: number;
  /** retries after a 408, 409, 429, 5xx or a connection failure (default 2) */
  maxRetries?: number;
  /** first backoff delay, doubled at each retry (default 500 ms) */
  retryBaseDelayMs?: number;
  temperature?: number;
}

export const DEFAULT_CHAT_MODEL = 'gpt-4o-mini';

/** A chat provider's server: one budget for a call and its retries, 2 retries from 500 ms, ≤ 8 s waits. */
export function chatServer(
  settings: ChatServerSettings,
  defaultTimeoutMs: number,
  unavailable: ModelServerOptions['unavailable'],
): ModelServer {
  return new ModelServer({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    server: 'model server',
    unavailable,
    budgetMs: settings.timeoutMs ?? defaultTimeoutMs,
    maxRetries: Math.max(0, settings.maxRetries ?? 2),
    retryBaseDelayMs: settings.retryBaseDelayMs ?? 500,
    maxRetryDelayMs: 8_000,
  });
}

const CONNECTION_ERRORS = new Set(['APIConnectionError', 'APIConnectionTimeoutError']);

/** Whether another try may help: overload, rate limit, server error, or a connection that failed. */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number')
    return status === 408 || status === 409 || status === 429 || status >= 500;
  const name = (error as { name?: unknown } | null)?.name;
  if (typeof name === 'string' && CONNECTION_ERRORS.has(name)) return true;
  // fetch's own failures (refused, reset, DNS) carry no status.
  return error instanceof TypeError && /fetch failed/iu.test(error.message);
}

/** Exponential backoff with jitter, or what the server asked for in Retry-After(-ms). */
export function retryDelay(error: unknown, attempt: number, base: number): number {
  const headers = (error as { headers?: Headers } | null)?.headers;
  const asked = headers?.get?.('retry-after-ms') ?? null;
  if (asked !== null && Number.isFinite(Number(asked))) return Math.max(0, Number(asked));
  const retryAfter = headers?.get?.('retry-after') ?? null;
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return base * 2 ** attempt * (0.8 + Math.random() * 0.2);
}

/** "503 Service Unavailable", or the message when there was no HTTP status. */
export function describeError(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  const message = error instanceof Error ? error.message : String(error);
  return typeof status === 'number' ? `${status} ${message}` : message;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class ModelServer {
  private sdk: Promise<OpenAI> | null = null;

  constructor(private readonly options: ModelServerOptions) {}

  /** The OpenAI SDK's client, loaded on first use (the embedded setup never pays for it). */
  client(): Promise<OpenAI> {
    this.sdk ??= import('openai').then(
      (module) =>
        new module.OpenAI({
          // Local servers (Ollama, llama.cpp, speaches) need no key, but the SDK refuses to start without one.
          apiKey: this.options.apiKey || 'no-key',
          baseURL: this.options.baseURL || undefined,
          // Retries and time limits are this class's: the SDK's own would multiply them.
          maxRetries: 0,
          timeout: this.options.budgetMs ?? this.options.attemptMs,
        }),
    );
    return this.sdk;
  }

  /** Forgets the client (a provider closing). */
  close(): void {
    this.sdk = null;
  }

  /** Runs `attempt` until it succeeds, retrying what may pass, within the call's time limits. */
  async run<T>(attempt: (current: Attempt) => Promise<T>, options: RunOptions = {}): Promise<T> {
    const { signal, retryAtOnce } = options;
    const { budgetMs, attemptMs, maxRetries, retryBaseDelayMs, maxRetryDelayMs } = this.options;
    signal?.throwIfAborted();
    const deadline = budgetMs === undefined ? Infinity : Date.now() + budgetMs;
    for (let retries = 0; ;) {
      const left = deadline - Date.now();
      if (left <= 0) throw this.fail('did not answer in time');
      const remainingMs = Math.min(left, attemptMs ?? Infinity);
      const timeout = Number.isFinite(remainingMs) ? AbortSignal.timeout(remainingMs) : null;
      const signals = [signal, timeout].filter((s): s is AbortSignal => Boolean(s));
      const attemptSignal = signals.length
        ? AbortSignal.any(signals)
        : new AbortController().signal;
      try {
        return await attempt({ signal: attemptSignal, remainingMs });
      } catch (error) {
        if (signal?.aborted) throw signal.reason ?? error;
        if (this.isOwn(error)) throw error;
        if (Date.now() >= deadline) throw this.fail('did not answer in time', error);
        if (retryAtOnce?.(error)) continue;
        const timedOut = timeout?.aborted === true;
        if (retries >= maxRetries || !(timedOut || isRetryable(error)))
          throw timedOut
            ? this.fail('did not answer in time', error)
            : this.fail(`failed: ${describeError(error)}`, error);
        const wait = Math.min(
          retryDelay(error, retries, retryBaseDelayMs),
          maxRetryDelayMs ?? Infinity,
        );
        if (Date.now() + wait >= deadline) throw this.fail('did not recover in time', error);
        await sleep(wait, signal);
        retries += 1;
      }
    }
  }

  /** « The model server did not answer in time », as the provider's own error. */
  fail(what: string, cause?: unknown): Error {
    return new this.options.unavailable(
      `The ${this.options.server} ${what}`,
      cause === undefined ? undefined : { cause },
    );
  }

  private isOwn(error: unknown): boolean {
    return error instanceof this.options.unavailable;
  }
}

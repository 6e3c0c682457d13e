// What the OpenAI-compatible providers (interviewer, writer, illustrator, voice) share about talking to a
// remote model server: which failures are worth another try, how long to wait before it (Retry-After
// first, else exponential backoff with jitter), an abortable sleep, and a short description for logs.
export type OpenAIModule = typeof import('openai');

export function isRetryable(error: unknown, module: OpenAIModule): boolean {
  if (error instanceof module.APIConnectionError) return true;
  const status = (error as { status?: unknown })?.status;
  return (
    typeof status === 'number' &&
    (status === 408 || status === 409 || status === 429 || status >= 500)
  );
}

/** Exponential backoff with jitter, or what the server asked for in Retry-After. */
export function retryDelay(error: unknown, attempt: number, base: number): number {
  const headers = (error as { headers?: Headers })?.headers;
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
  const status = (error as { status?: unknown })?.status;
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

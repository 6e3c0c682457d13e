// The one client every OpenAI-compatible provider calls through (issue 30, item 7): which failures are
// tried again, the time limits, Retry-After, and the provider's own error for everything else.
import { describe, expect, test } from 'vitest';
import { ModelServer, isRetryable, retryDelay } from '../../src/providers/model-server.ts';

class SpeakerUnavailable extends Error {
  override readonly name = 'SpeakerUnavailable';
}

function httpError(status: number, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`HTTP ${status}`), { status, headers: new Headers(headers) });
}

function server(options: Partial<ConstructorParameters<typeof ModelServer>[0]> = {}) {
  return new ModelServer({
    server: 'test server',
    unavailable: SpeakerUnavailable,
    maxRetries: 2,
    retryBaseDelayMs: 5,
    ...options,
  });
}

describe('which failures are tried again', () => {
  test.each([408, 409, 429, 500, 502, 503])('%i is retried', (status) => {
    expect(isRetryable(httpError(status))).toBe(true);
  });
  test.each([400, 401, 404, 413, 422])('%i is not', (status) => {
    expect(isRetryable(httpError(status))).toBe(false);
  });
  test('a dropped connection is; a parse error is not', () => {
    expect(isRetryable(new TypeError('fetch failed'))).toBe(true);
    expect(isRetryable(Object.assign(new Error('x'), { name: 'APIConnectionError' }))).toBe(true);
    expect(isRetryable(new SyntaxError('Unexpected token'))).toBe(false);
  });
  test('Retry-After (seconds, a date, or -ms) comes before the backoff', () => {
    expect(retryDelay(httpError(429, { 'retry-after-ms': '120' }), 0, 500)).toBe(120);
    expect(retryDelay(httpError(429, { 'retry-after': '2' }), 0, 500)).toBe(2000);
    const inAMoment = new Date(Date.now() + 3_000).toUTCString();
    expect(retryDelay(httpError(503, { 'retry-after': inAMoment }), 0, 500)).toBeGreaterThan(1000);
    const backoff = retryDelay(httpError(503), 2, 100);
    expect(backoff).toBeGreaterThanOrEqual(320);
    expect(backoff).toBeLessThanOrEqual(400);
  });
});

describe('a call', () => {
  test('retries what may pass, then succeeds', async () => {
    const failures = [httpError(503), httpError(429, { 'retry-after-ms': '1' })];
    let attempts = 0;
    const answer = await server().run(async () => {
      attempts += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'ok';
    });
    expect(answer).toBe('ok');
    expect(attempts).toBe(3);
  });

  test('gives up after its retries with the provider’s error, naming the server and the status', async () => {
    let attempts = 0;
    const call = server({ maxRetries: 1 }).run(async () => {
      attempts += 1;
      throw httpError(500);
    });
    await expect(call).rejects.toBeInstanceOf(SpeakerUnavailable);
    await expect(call).rejects.toThrow('The test server failed: 500 HTTP 500');
    expect(attempts).toBe(2);
  });

  test('a refusal is not tried again', async () => {
    let attempts = 0;
    await expect(
      server().run(async () => {
        attempts += 1;
        throw httpError(400);
      }),
    ).rejects.toThrow(/failed: 400/u);
    expect(attempts).toBe(1);
  });

  test('the provider’s own error passes through untouched', async () => {
    const own = new SpeakerUnavailable('garbage');
    await expect(
      server().run(async () => {
        throw own;
      }),
    ).rejects.toBe(own);
  });

  test('a budget is shared by the retries', async () => {
    const started = Date.now();
    let attempts = 0;
    const call = server({ budgetMs: 150, maxRetries: 5 }).run(
      ({ signal }) =>
        new Promise((_, reject) => {
          attempts += 1;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    await expect(call).rejects.toThrow('The test server did not answer in time');
    expect(attempts).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  test('a limit per attempt: a hung attempt is tried again, then reported as a timeout', async () => {
    let attempts = 0;
    const call = server({ attemptMs: 50, maxRetries: 1 }).run(
      ({ signal }) =>
        new Promise((_, reject) => {
          attempts += 1;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    await expect(call).rejects.toThrow('The test server did not answer in time');
    expect(attempts).toBe(2);
  });

  test('a wait that would pass the budget is not waited', async () => {
    const call = server({ budgetMs: 200 }).run(async () => {
      throw httpError(429, { 'retry-after': '30' });
    });
    await expect(call).rejects.toThrow('The test server did not recover in time');
  });

  test('the caller leaving is passed through, not reported as an outage', async () => {
    const controller = new AbortController();
    const call = server().run(
      ({ signal }) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted by the SDK')));
        }),
      { signal: controller.signal },
    );
    controller.abort(new DOMException('The person left', 'AbortError'));
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('retryAtOnce tries again without spending a retry', async () => {
    let attempts = 0;
    let structured = true;
    const answer = await server({ maxRetries: 0 }).run(
      async () => {
        attempts += 1;
        if (structured) throw httpError(400);
        return 'plain';
      },
      {
        retryAtOnce: (error) => {
          if (!structured || (error as { status?: number }).status !== 400) return false;
          structured = false;
          return true;
        },
      },
    );
    expect(answer).toBe('plain');
    expect(attempts).toBe(2);
  });
});

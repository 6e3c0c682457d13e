// The analytics queue on its own: nothing kept while disabled, batches of 50, a flush every 5 s, one
// request at a time, failed batches kept (at most 500), refusals dropped, the 90 s timeout, keepalive.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_MAX_QUEUED,
  cleanProperties,
  createAnalyticsClient,
  type BatchSender,
} from '../../../src/features/privacy/analytics';
import {
  AnalyticsSendError,
  type AnalyticsEventWire,
} from '../../../src/features/privacy/api/send-analytics-batch';

type SendCall = Parameters<BatchSender>;

function sender(impl?: (...args: SendCall) => Promise<void>) {
  return vi.fn<BatchSender>(impl ?? (async () => {}));
}

function trackMany(client: ReturnType<typeof createAnalyticsClient>, count: number, from = 0) {
  for (let i = from; i < from + count; i += 1) client.track('feature_used', { n: i });
}

const numbers = (events: AnalyticsEventWire[]) => events.map((e) => e.properties.n);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('analytics client', () => {
  it('keeps and sends nothing while disabled, even after its timers would have run', async () => {
    const send = sender();
    const client = createAnalyticsClient({ send, sessionId: 'session-1234' });
    trackMany(client, 120);
    await vi.advanceTimersByTimeAsync(60_000);
    await client.flush();
    await client.flush({ keepalive: true });
    expect(client.queued).toBe(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a batch as soon as 50 events are waiting, then the rest every 5 s', async () => {
    const send = sender();
    const client = createAnalyticsClient({ send, sessionId: 'session-1234' });
    client.enable();
    trackMany(client, 49);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).not.toHaveBeenCalled();
    trackMany(client, 1, 49);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(numbers(send.mock.calls[0][0])).toEqual([...Array(50).keys()]);
    expect(send.mock.calls[0][1].keepalive).toBe(false);

    trackMany(client, 3, 50);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(numbers(send.mock.calls[1][0])).toEqual([50, 51, 52]);

    // Nothing waiting: the timer sends nothing.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('stamps each event with the time, the visit id and the WebApp platform', async () => {
    const send = sender();
    const client = createAnalyticsClient({
      send,
      sessionId: 'session-1234',
      now: () => new Date('2025-03-04T10:00:00.000Z'),
    });
    client.enable();
    client.track('login');
    await client.flush();
    expect(send.mock.calls[0][0]).toEqual([
      {
        event: 'login',
        timestamp: '2025-03-04T10:00:00.000Z',
        session_id: 'session-1234',
        properties: { platform: 'WebApp' },
      },
    ]);
  });

  it('sends one batch at a time', async () => {
    let release: () => void = () => {};
    const send = sender(() => new Promise<void>((resolve) => (release = resolve)));
    const client = createAnalyticsClient({ send, sessionId: 'session-1234' });
    client.enable();
    trackMany(client, 50);
    trackMany(client, 60, 50);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(send).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    // The next full batch follows at once; the 10 left wait for the timer.
    expect(send).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(send.mock.calls.map((c) => c[0].length)).toEqual([50, 50, 10]);
  });

  it('keeps a batch that did not arrive for the next try, at most 500 events', async () => {
    let fail = true;
    const send = sender(async () => {
      if (fail) throw new AnalyticsSendError(null);
    });
    const client = createAnalyticsClient({ send, sessionId: 'session-1234' });
    client.enable();
    trackMany(client, 3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(client.queued).toBe(3);

    trackMany(client, 600, 3);
    expect(client.queued).toBe(ANALYTICS_MAX_QUEUED);
    fail = false;
    await vi.advanceTimersByTimeAsync(5_000);
    const sent = send.mock.calls.slice(1).flatMap((c) => numbers(c[0]));
    // The oldest were dropped; the newest 500 arrive in order, in batches of 50.
    expect(sent).toEqual([...Array(500).keys()].map((i) => i + 103));
    expect(send.mock.calls.slice(1).every((c) => c[0].length === 50)).toBe(true);
    expect(client.queued).toBe(0);
  });

  it('drops a batch the server refused', async () => {
    const send = sender(async () => {
      throw new AnalyticsSendError(422);
    });
    const client = createAnalyticsClient({ send, sessionId: 'session-1234' });
    client.enable();
    trackMany(client, 2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(client.queued).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('gives up on a request after 90 s and keeps its events', async () => {
    // The platform's timeout signal runs on real timers: stand in for it with a faked one.
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('Timed out', 'TimeoutError')), ms);
      return controller.signal;
    });
    const send = sender(
      (_events, { signal }) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new AnalyticsSendError(null))),
        ),
    );
    const client = createAnalyticsClient({ send, sessionId: 'session-1234' });
    client.enable();
    trackMany(client, 2);
    await vi.advanceTimersByTimeAsync(5_000);
    const signal = send.mock.calls[0][1].signal;
    await vi.advanceTimersByTimeAsync(89_000);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(signal.aborted).toBe(true);
    expect(timeout).toHaveBeenCalledWith(90_000);
    expect(client.queued).toBe(2);
  });

  it('on withdrawal drops what waits, cancels what is on its way and sends nothing more', async () => {
    const send = sender(
      (_events, { signal }) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new AnalyticsSendError(null))),
        ),
    );
    const client = createAnalyticsClient({ send, sessionId: 'session-1234' });
    client.enable();
    trackMany(client, 50);
    trackMany(client, 7, 50);
    expect(send).toHaveBeenCalledTimes(1);
    client.disable();
    expect(send.mock.calls[0][1].signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.queued).toBe(0);
    trackMany(client, 80);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.queued).toBe(0);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends everything waiting with keepalive when the page is hidden', async () => {
    const send = sender();
    const client = createAnalyticsClient({ send, sessionId: 'session-1234' });
    client.enable();
    trackMany(client, 30);
    await client.flush({ keepalive: true });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toHaveLength(30);
    expect(send.mock.calls[0][1].keepalive).toBe(true);
    expect(client.queued).toBe(0);
  });
});

describe('event properties', () => {
  it('keeps flat values within the server limits, platform always WebApp', () => {
    const many = Object.fromEntries([...Array(30).keys()].map((i) => [`k${i}`, i]));
    const cleaned = cleanProperties({
      platform: 'iOS',
      long: 'x'.repeat(300),
      nan: Number.NaN,
      nested: { a: 1 } as unknown as string,
      ok: true,
      none: null,
      ...many,
    });
    expect(cleaned.platform).toBe('WebApp');
    expect(cleaned.long).toHaveLength(200);
    expect('nan' in cleaned).toBe(false);
    expect('nested' in cleaned).toBe(false);
    expect(cleaned.ok).toBe(true);
    expect(cleaned.none).toBeNull();
    expect(Object.keys(cleaned)).toHaveLength(20);
  });
});

// The analytics client as the app runs it: consent from chapitres.consent applied at once, the real
// destinations (POST /api/v1/analytics/batch or PostHog's /batch/), route changes as page_view, the
// session as login/logout, the onboarding wizard's abandonment notices.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportRouteChange, track } from '../../../src/lib/analytics';
import { reloadConsent, saveConsent } from '../../../src/lib/consent';
import { clearSession } from '../../../src/lib/session';
import {
  startAnalytics,
  type OnboardingAbandonment,
} from '../../../src/features/privacy/analytics';
import { resetAnalyticsDestination } from '../../../src/features/privacy/api/get-analytics-destination';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { signInAs } from '../support/render-app';

const embeddedConfig = {
  payment_provider: 'demo',
  analytics: { provider: 'embedded', posthog_host: null, posthog_key: null },
};

let stop: (() => void) | null = null;

function start(options?: Parameters<typeof startAnalytics>[0]) {
  stop = startAnalytics(options);
}

function batches(net: ReturnType<typeof mockFetch>) {
  return net
    .callsTo('POST /api/v1/analytics/batch')
    .map((call) => JSON.parse(call.body ?? '') as { consent: boolean; events: Event[] });
}

interface Event {
  event: string;
  timestamp: string;
  session_id: string;
  properties: Record<string, unknown>;
}

beforeEach(() => {
  vi.useFakeTimers();
  clearSession();
  reloadConsent();
  resetAnalyticsDestination();
  reportRouteChange('/');
});

afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
});

describe('without consent', () => {
  it.each([
    ['no choice yet', null],
    ['refused', false],
  ])('sends nothing at all (%s), whatever happens', async (_label, choice) => {
    if (choice !== null) saveConsent(choice);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    start();
    for (let i = 0; i < 120; i += 1) track('feature_used', { n: i });
    reportRouteChange('/books');
    signInAs();
    clearSession();
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('drops events tracked before consent instead of keeping them', async () => {
    const net = mockFetch({
      'GET /api/v1/config': jsonReply(embeddedConfig),
      'POST /api/v1/analytics/batch': jsonReply({ accepted: 1 }, 202),
    });
    start();
    track('feature_used', { feature: 'before' });
    saveConsent(true);
    await vi.advanceTimersByTimeAsync(5_000);
    const events = batches(net).flatMap((b) => b.events);
    expect(events.map((e) => e.event)).toEqual(['page_view']);
  });
});

describe('with consent', () => {
  it('sends batches of the exact shape, with the bearer token when signed in', async () => {
    signInAs();
    const net = mockFetch({
      'GET /api/v1/config': jsonReply(embeddedConfig),
      'POST /api/v1/analytics/batch': jsonReply({ accepted: 3 }, 202),
    });
    reportRouteChange('/conversations/6f1c2f7e-0000-4000-8000-000000000001');
    start();
    expect(net.calls).toHaveLength(0);
    saveConsent(true);
    track('feature_used', { feature: 'summary_edited' });
    reportRouteChange('/book/9b2d7c1e-1111-4222-8333-444455556666');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(batches(net)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches(net)).toHaveLength(1);

    const [body] = batches(net);
    const sessionId = body.events[0].session_id;
    expect(body).toEqual({
      consent: true,
      events: [
        {
          event: 'page_view',
          timestamp: expect.any(String),
          session_id: sessionId,
          properties: { platform: 'WebApp', path: '/conversations/:id' },
        },
        {
          event: 'feature_used',
          timestamp: expect.any(String),
          session_id: sessionId,
          properties: { platform: 'WebApp', feature: 'summary_edited' },
        },
        {
          event: 'page_view',
          timestamp: expect.any(String),
          session_id: sessionId,
          properties: { platform: 'WebApp', path: '/book/:id' },
        },
      ],
    });
    expect(sessionId.length).toBeGreaterThanOrEqual(8);
    expect(sessionId.length).toBeLessThanOrEqual(64);
    for (const event of body.events)
      expect(new Date(event.timestamp).toISOString()).toBe(event.timestamp);
    const call = net.callsTo('POST /api/v1/analytics/batch')[0];
    expect(call.headers.get('Authorization')).toBe('Bearer test-token');
    expect(call.headers.get('Content-Type')).toBe('application/json');
  });

  it('flushes at once when 50 events wait', async () => {
    saveConsent(true);
    const net = mockFetch({
      'GET /api/v1/config': jsonReply(embeddedConfig),
      'POST /api/v1/analytics/batch': jsonReply({ accepted: 50 }, 202),
    });
    start();
    // The page on screen is the first event.
    for (let i = 0; i < 49; i += 1) track('feature_used', { n: i });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches(net)).toHaveLength(1);
    expect(batches(net)[0].events).toHaveLength(50);
    expect(batches(net)[0].events[0]).toMatchObject({ event: 'page_view' });
  });

  it('stops at once when consent is withdrawn, and drops what was waiting', async () => {
    saveConsent(true);
    const net = mockFetch({
      'GET /api/v1/config': jsonReply(embeddedConfig),
      'POST /api/v1/analytics/batch': jsonReply({ accepted: 1 }, 202),
    });
    start();
    track('feature_used', { feature: 'a' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches(net)).toHaveLength(1);
    track('feature_used', { feature: 'waiting' });
    saveConsent(false);
    track('feature_used', { feature: 'after' });
    reportRouteChange('/books');
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches(net)).toHaveLength(1);
  });

  it('notes sign-in, sign-out and an abandoned onboarding', async () => {
    saveConsent(true);
    const net = mockFetch({
      'GET /api/v1/config': jsonReply(embeddedConfig),
      'POST /api/v1/analytics/batch': jsonReply({ accepted: 1 }, 202),
    });
    const listeners = new Set<(event: OnboardingAbandonment) => void>();
    start({
      subscribeOnboardingAbandoned: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    signInAs();
    reportRouteChange('/onboarding');
    for (const listener of listeners) listener({ step: 3, totalSteps: 7 });
    clearSession();
    await vi.advanceTimersByTimeAsync(5_000);
    const events = batches(net).flatMap((b) => b.events);
    expect(events.map((e) => [e.event, e.properties])).toEqual([
      ['page_view', { platform: 'WebApp', path: '/' }],
      ['login', { platform: 'WebApp' }],
      ['page_view', { platform: 'WebApp', path: '/onboarding' }],
      ['onboarding_abandoned', { platform: 'WebApp', step: 3, total_steps: 7 }],
      ['logout', { platform: 'WebApp' }],
    ]);
  });

  it('treats a server without analytics in its config as embedded', async () => {
    saveConsent(true);
    const net = mockFetch({
      'GET /api/v1/config': errorReply(404),
      'POST /api/v1/analytics/batch': jsonReply({ accepted: 1 }, 202),
    });
    start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches(net)).toHaveLength(1);
  });

  it('keeps the events while the server cannot be reached, and sends them later', async () => {
    saveConsent(true);
    let online = false;
    const net = mockFetch({
      'GET /api/v1/config': () =>
        online ? jsonReply({ payment_provider: 'demo' }) : 'network-error',
      'POST /api/v1/analytics/batch': jsonReply({ accepted: 1 }, 202),
    });
    start();
    track('feature_used', { feature: 'offline' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(batches(net)).toHaveLength(0);
    online = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches(net)).toHaveLength(1);
    expect(batches(net)[0].events).toHaveLength(2);
  });

  it('sends what is left with keepalive when the page is hidden', async () => {
    saveConsent(true);
    const inits: RequestInit[] = [];
    const net = mockFetch({
      'GET /api/v1/config': jsonReply(embeddedConfig),
      'POST /api/v1/analytics/batch': jsonReply({ accepted: 1 }, 202),
    });
    const recorded = vi.mocked(fetch);
    start();
    await vi.advanceTimersByTimeAsync(5_000);
    track('feature_used', { feature: 'last' });
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    for (const [, init] of recorded.mock.calls) if (init) inits.push(init);
    expect(batches(net)).toHaveLength(2);
    expect(batches(net)[1].events.map((e) => e.properties.feature)).toEqual(['last']);
    expect(inits.at(-1)?.keepalive).toBe(true);
  });
});

describe('PostHog destination', () => {
  it("sends PostHog's batch format to the configured host, without our token", async () => {
    signInAs();
    saveConsent(true);
    const requests: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        requests.push({ url, init });
        if (url.endsWith('/api/v1/config'))
          return new Response(
            JSON.stringify({
              analytics: {
                provider: 'posthog',
                posthog_host: 'https://eu.posthog.example/',
                posthog_key: 'phc_test',
              },
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          );
        return new Response('{}', { status: 200 });
      }),
    );
    start();
    track('feature_used', { feature: 'book_created' });
    await vi.advanceTimersByTimeAsync(5_000);
    const sent = requests.filter((r) => r.url.includes('posthog'));
    expect(sent.map((r) => r.url)).toEqual(['https://eu.posthog.example/batch/']);
    expect(requests.some((r) => r.url.includes('/analytics/batch'))).toBe(false);
    expect(new Headers(sent[0].init?.headers).get('Authorization')).toBeNull();
    const body = JSON.parse(String(sent[0].init?.body));
    const sessionId = body.batch[0].properties.$session_id;
    expect(body).toEqual({
      api_key: 'phc_test',
      batch: [
        {
          event: 'page_view',
          properties: {
            platform: 'WebApp',
            path: '/',
            distinct_id: '6f1c2f7e-0000-4000-8000-000000000001',
            $session_id: sessionId,
          },
          timestamp: expect.any(String),
        },
        {
          event: 'feature_used',
          properties: {
            platform: 'WebApp',
            feature: 'book_created',
            distinct_id: '6f1c2f7e-0000-4000-8000-000000000001',
            $session_id: sessionId,
          },
          timestamp: expect.any(String),
        },
      ],
    });
  });
});

// The analytics client (spec §9), the only part of the app that keeps or sends measurement, and only
// with the person's consent (spec §4). Before consent, and after a refusal, every event is dropped on
// the spot: nothing is queued, stored or sent. With consent, events wait in memory (never on disk),
// leave in batches of at most 50 — when 50 are waiting or every 5 s — one request at a time with a
// 90 s timeout; a failed batch is kept for the next try (at most 500 events), and what is left goes
// with a keepalive request when the page is hidden. Recording of visits, offered only with PostHog and
// only to people who ticked it, is in session-recording.ts and started from here.
import {
  currentRoutePath,
  onRouteChange,
  setAnalyticsSink,
  type AnalyticsEventName,
  type AnalyticsProperties,
} from '../../lib/analytics';
import { hasAnalyticsConsent, hasRecordingConsent, subscribeConsent } from '../../lib/consent';
import { getSession, subscribeSession } from '../../lib/session';
import {
  getAnalyticsDestination,
  knownAnalyticsDestination,
} from './api/get-analytics-destination';
import {
  AnalyticsSendError,
  sendAnalyticsBatch,
  type AnalyticsEventWire,
  type SendOptions,
} from './api/send-analytics-batch';
import { sendRecordingBatch } from './api/send-recording-batch';
import { normalisePath } from './page-path';
import { requestSignal } from './request-signal';
import { createSessionRecorder, type SessionRecorder } from './session-recording';

export const ANALYTICS_PLATFORM = 'WebApp';
export const ANALYTICS_BATCH_SIZE = 50;
export const ANALYTICS_FLUSH_INTERVAL_MS = 5_000;
export const ANALYTICS_REQUEST_TIMEOUT_MS = 90_000;
/** Events kept while the destination cannot be reached; the oldest go first beyond this. */
export const ANALYTICS_MAX_QUEUED = 500;
const MAX_PROPERTIES = 20;
const MAX_KEY_LENGTH = 40;
const MAX_STRING_LENGTH = 200;

/** Sends one batch (at most 50 events); rejects with AnalyticsSendError when it did not arrive. */
export type BatchSender = (
  events: AnalyticsEventWire[],
  options: Required<Pick<SendOptions, 'keepalive'>> & { signal: AbortSignal },
) => Promise<void>;

export interface AnalyticsClient {
  /** Consent given: start keeping and sending events. */
  enable(): void;
  /** Consent refused or withdrawn: drop what is waiting, cancel what is on its way, keep nothing. */
  disable(): void;
  readonly enabled: boolean;
  /** Number of events waiting (not counting a batch on its way). */
  readonly queued: number;
  track(event: AnalyticsEventName, properties?: AnalyticsProperties): void;
  /** Sends what is waiting. `keepalive` (page hidden) sends it all at once and does not wait. */
  flush(options?: { keepalive?: boolean }): Promise<void>;
}

export function newSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only on secure origins; a LAN test install may be plain http.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Flat, bounded properties (server limits), with the platform tag always set. */
export function cleanProperties(properties: AnalyticsProperties = {}): AnalyticsProperties {
  const clean: AnalyticsProperties = { platform: ANALYTICS_PLATFORM };
  let count = 1;
  for (const [rawKey, value] of Object.entries(properties)) {
    if (count >= MAX_PROPERTIES) break;
    const key = rawKey.slice(0, MAX_KEY_LENGTH);
    if (key === 'platform' || key === '') continue;
    if (typeof value === 'string') clean[key] = value.slice(0, MAX_STRING_LENGTH);
    else if (typeof value === 'number' && Number.isFinite(value)) clean[key] = value;
    else if (typeof value === 'boolean' || value === null) clean[key] = value;
    else continue;
    count += 1;
  }
  return clean;
}

function isRetryable(error: unknown): boolean {
  return !(error instanceof AnalyticsSendError) || error.retryable;
}

export function createAnalyticsClient(options: {
  send: BatchSender;
  sessionId?: string;
  now?: () => Date;
}): AnalyticsClient {
  const sessionId = options.sessionId ?? newSessionId();
  const now = options.now ?? (() => new Date());
  let enabled = false;
  let queue: AnalyticsEventWire[] = [];
  let inFlight: Promise<void> | null = null;
  // Aborted by disable(): a withdrawn consent also stops the batch on its way.
  let cancel = new AbortController();
  let timer: ReturnType<typeof setInterval> | undefined;
  let failing = false;

  function keepBounded() {
    if (queue.length > ANALYTICS_MAX_QUEUED) queue = queue.slice(-ANALYTICS_MAX_QUEUED);
  }

  /** Sends batches one after the other; false when one did not arrive (the rest waits for the timer). */
  async function drain(everything: boolean): Promise<boolean> {
    while (enabled && (queue.length >= ANALYTICS_BATCH_SIZE || (everything && queue.length > 0))) {
      const batch = queue.splice(0, ANALYTICS_BATCH_SIZE);
      const { signal, done } = requestSignal(cancel.signal, ANALYTICS_REQUEST_TIMEOUT_MS);
      try {
        await options.send(batch, { keepalive: false, signal });
      } catch (error) {
        // Kept for the next tick unless consent went away meanwhile or the server refused the batch.
        if (enabled && isRetryable(error)) {
          queue = [...batch, ...queue];
          keepBounded();
        }
        failing = true;
        return false;
      } finally {
        done();
      }
      failing = false;
    }
    return true;
  }

  function flush({ keepalive = false } = {}): Promise<void> {
    if (!enabled || queue.length === 0) return inFlight ?? Promise.resolve();
    if (keepalive) {
      // The page may be going away: everything waiting leaves now, without waiting for a batch on
      // its way (those events are not in the queue, so nothing is sent twice).
      while (queue.length > 0) {
        const batch = queue.splice(0, ANALYTICS_BATCH_SIZE);
        const { signal, done } = requestSignal(cancel.signal, ANALYTICS_REQUEST_TIMEOUT_MS);
        options
          .send(batch, { keepalive: true, signal })
          .catch((error: unknown) => {
            // Still here (the page came back from the back-forward cache): try again later.
            if (enabled && isRetryable(error)) {
              queue = [...batch, ...queue];
              keepBounded();
            }
          })
          .finally(done);
      }
      return Promise.resolve();
    }
    if (inFlight) return inFlight;
    const run = drain(true).then(() => {
      inFlight = null;
    });
    inFlight = run;
    return run;
  }

  function flushFullBatches() {
    // After a failure only the timer tries again, so an unreachable server is asked every 5 s at most.
    if (inFlight || failing) return;
    inFlight = drain(false).then((delivered) => {
      inFlight = null;
      // Events that reached 50 while this batch was on its way.
      if (delivered && enabled && queue.length >= ANALYTICS_BATCH_SIZE) flushFullBatches();
    });
  }

  return {
    get enabled() {
      return enabled;
    },
    get queued() {
      return queue.length;
    },
    enable() {
      if (enabled) return;
      enabled = true;
      cancel = new AbortController();
      failing = false;
      timer = setInterval(() => void flush(), ANALYTICS_FLUSH_INTERVAL_MS);
    },
    disable() {
      enabled = false;
      queue = [];
      clearInterval(timer);
      timer = undefined;
      cancel.abort();
    },
    track(event, properties) {
      if (!enabled) return;
      queue.push({
        event,
        timestamp: now().toISOString(),
        session_id: sessionId,
        properties: cleanProperties(properties),
      });
      keepBounded();
      if (queue.length >= ANALYTICS_BATCH_SIZE) flushFullBatches();
    },
    flush,
  };
}

/** The step reached when someone leaves the onboarding wizard early (from the onboarding feature). */
export interface OnboardingAbandonment {
  step: number;
  totalSteps: number;
}

export type SubscribeOnboardingAbandoned = (
  listener: (event: OnboardingAbandonment) => void,
) => () => void;

/** The real sender: the destination from GET /config, the account id or the visit id for PostHog. */
function destinationSender(sessionId: string): BatchSender {
  return async (events, options) => {
    // The pagehide flush cannot wait for GET /config: it only goes when the destination is known.
    const destination =
      knownAnalyticsDestination() ??
      (options.keepalive ? null : await getAnalyticsDestination().catch(() => null));
    if (!destination) throw new AnalyticsSendError(null);
    if (options.signal.aborted) throw new AnalyticsSendError(null);
    const distinctId = getSession()?.user?.id ?? sessionId;
    await sendAnalyticsBatch(destination, events, distinctId, options);
  };
}

/**
 * Connects the client to the app, once (the privacy feature's root component does it): consent turns it
 * on and off at once; the shell's route changes become page_view; signing in and out become login and
 * logout (watched on the session, so every way in or out counts); track() from any feature comes here.
 *
 * onboarding_abandoned: the onboarding wizard already notes leaving before its final step, with the
 * step reached, on route change, unmount and pagehide (src/features/onboarding/onboarding-events.ts).
 * The app passes that subscription in (features do not import each other). Watching routes alone
 * could not tell the step, nor a finished wizard going to / from the person pressing the home link.
 */
export function startAnalytics(
  options: {
    subscribeOnboardingAbandoned?: SubscribeOnboardingAbandoned;
    send?: BatchSender;
    /** Tests: a recorder of their own instead of rrweb's. */
    recorder?: SessionRecorder;
  } = {},
): () => void {
  const sessionId = newSessionId();
  const windowId = newSessionId();
  const client = createAnalyticsClient({
    send: options.send ?? destinationSender(sessionId),
    sessionId,
  });
  const recorder =
    options.recorder ??
    createSessionRecorder({
      loadRecord: () => import('./recorder').then((module) => module.record),
      send: sendRecordingBatch,
    });
  let leaving = false;

  /** Records visits only for someone who ticked it, on a server set up for it (PostHog). */
  function applyRecording() {
    if (!hasRecordingConsent()) {
      recorder.stop();
      return;
    }
    if (recorder.recording) return;
    getAnalyticsDestination().then(
      (destination) => {
        if (destination.kind !== 'posthog' || !destination.sessionRecording) return;
        if (!hasRecordingConsent()) return;
        recorder.start({
          host: destination.host,
          apiKey: destination.apiKey,
          distinctId: () => getSession()?.user?.id ?? sessionId,
          sessionId,
          windowId,
        });
      },
      () => {
        // Offline: asked again when the connection returns.
      },
    );
  }

  function record(event: AnalyticsEventName, properties?: AnalyticsProperties) {
    client.track(event, properties);
    // Events noted while the page is being hidden (the wizard's own pagehide) go at once.
    if (leaving) void client.flush({ keepalive: true });
  }

  function applyConsent() {
    if (hasAnalyticsConsent() && !client.enabled) {
      client.enable();
      // The page on screen when consent arrives (or when the app starts with it) counts as viewed.
      record('page_view', { path: normalisePath(currentRoutePath()) });
      void getAnalyticsDestination().catch(() => {});
    } else if (!hasAnalyticsConsent()) {
      client.disable();
    }
    applyRecording();
  }

  let signedIn = getSession() !== null;
  const onSessionChange = () => {
    const now = getSession() !== null;
    if (now && !signedIn) record('login');
    if (!now && signedIn) record('logout');
    signedIn = now;
  };
  const onPageHide = () => {
    leaving = true;
    void client.flush({ keepalive: true });
    void recorder.flush({ keepalive: true });
  };
  const onPageShow = () => {
    leaving = false;
  };

  applyConsent();
  const stops = [
    subscribeConsent(applyConsent),
    setAnalyticsSink(record),
    onRouteChange((pathname) => record('page_view', { path: normalisePath(pathname) })),
    subscribeSession(onSessionChange),
    options.subscribeOnboardingAbandoned?.((event) =>
      record('onboarding_abandoned', { step: event.step, total_steps: event.totalSteps }),
    ) ?? (() => {}),
  ];
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  window.addEventListener('online', applyRecording);

  return () => {
    for (const stop of stops) stop();
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    window.removeEventListener('online', applyRecording);
    client.disable();
    recorder.stop();
  };
}

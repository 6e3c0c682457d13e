// Where consented analytics go, read from the public GET /config: the app's own server (embedded) or
// a PostHog instance. Asked once per visit, and only once the person has accepted measurement.
import { ApiError } from '../../../lib/api-client';
import {
  forgetPublicConfig,
  getPublicConfig,
  type PublicConfigWire,
} from '../../../lib/public-config';

/** The part of GET /config this feature reads (servers before analytics existed leave it out). */
export type AnalyticsConfigWire = Pick<PublicConfigWire, 'analytics'>;

export type AnalyticsDestination =
  | { kind: 'embedded' }
  | { kind: 'posthog'; host: string; apiKey: string; sessionRecording: boolean };

export function destinationFromConfig(
  config: AnalyticsConfigWire | null | undefined,
): AnalyticsDestination {
  const analytics = config?.analytics;
  if (analytics?.provider === 'posthog' && analytics.posthog_host && analytics.posthog_key) {
    return {
      kind: 'posthog',
      host: analytics.posthog_host.replace(/\/+$/, ''),
      apiKey: analytics.posthog_key,
      sessionRecording: analytics.session_recording === true,
    };
  }
  return { kind: 'embedded' };
}

let known: AnalyticsDestination | null = null;
let pending: Promise<AnalyticsDestination> | null = null;

/** The destination when already known, without waiting (the pagehide flush cannot wait). */
export function knownAnalyticsDestination(): AnalyticsDestination | null {
  return known;
}

/**
 * Reads the destination once. A server that answers with an error (an older one without analytics in
 * its config) means embedded; no answer at all (offline) rejects, and the next flush asks again.
 */
export function getAnalyticsDestination(): Promise<AnalyticsDestination> {
  if (known) return Promise.resolve(known);
  pending ??= getPublicConfig()
    .then(
      (config) => destinationFromConfig(config),
      (error: unknown) => {
        if (error instanceof ApiError && error.status !== null) return destinationFromConfig(null);
        throw error;
      },
    )
    .then((destination) => {
      known = destination;
      return destination;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Forgets the destination (tests; a new visit asks again anyway). */
export function resetAnalyticsDestination(): void {
  known = null;
  pending = null;
  forgetPublicConfig();
}

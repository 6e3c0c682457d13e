// The two ways a batch of consented events leaves the device: POST /api/v1/analytics/batch (with the
// bearer token when signed in) or PostHog's /batch/ capture endpoint. Plain fetch rather than
// apiRequest: the pagehide flush needs `keepalive`, and a PostHog host is not our API.
import type { AnalyticsBatch, AnalyticsEvent } from '@contract/analytics';
import { apiUrl } from '../../../lib/api-client';
import type { AnalyticsProperties } from '../../../lib/analytics';
import { getToken } from '../../../lib/session';
import type { AnalyticsDestination } from './get-analytics-destination';

/** One event as POST /analytics/batch takes it (server/src/contract/analytics.ts). */
export type AnalyticsEventWire = AnalyticsEvent;

/** The contract's batch; `consent` is always true here: nothing is sent without the person's consent. */
export type AnalyticsBatchWire = Omit<AnalyticsBatch, 'consent'> & { consent: true };

/** PostHog's batch capture body (https://posthog.com/docs/api/capture). */
export interface PostHogBatchWire {
  api_key: string;
  batch: {
    event: string;
    properties: AnalyticsProperties & { distinct_id: string; $session_id: string };
    timestamp: string;
  }[];
}

export interface SendOptions {
  /** Lets the request outlive the page (pagehide). */
  keepalive?: boolean;
  signal?: AbortSignal;
}

/** The destination refused or did not answer; `status` is null when no answer came back. */
export class AnalyticsSendError extends Error {
  constructor(readonly status: number | null) {
    super(
      status === null ? 'Analytics batch not delivered' : `Analytics batch refused (${status})`,
    );
    this.name = 'AnalyticsSendError';
  }

  /** Worth another try later: no answer, a timeout, a busy or failing server. A refusal is not. */
  get retryable(): boolean {
    return this.status === null || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export function embeddedBatch(events: AnalyticsEventWire[]): AnalyticsBatchWire {
  return { consent: true, events };
}

export function postHogBatch(
  events: AnalyticsEventWire[],
  apiKey: string,
  distinctId: string,
): PostHogBatchWire {
  return {
    api_key: apiKey,
    batch: events.map((e) => ({
      event: e.event,
      properties: { ...e.properties, distinct_id: distinctId, $session_id: e.session_id },
      timestamp: e.timestamp,
    })),
  };
}

/** POSTs JSON; rejects with AnalyticsSendError when no answer came back or the answer was not 2xx. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      keepalive: options.keepalive ?? false,
      signal: options.signal,
    });
  } catch {
    throw new AnalyticsSendError(null);
  }
  if (!response.ok) throw new AnalyticsSendError(response.status);
}

/**
 * Sends one batch. `distinctId` names the person for PostHog (the account id when signed in, else the
 * visit's id); the embedded server knows the account from the bearer token instead.
 */
export function sendAnalyticsBatch(
  destination: AnalyticsDestination,
  events: AnalyticsEventWire[],
  distinctId: string,
  options: SendOptions = {},
): Promise<void> {
  if (destination.kind === 'posthog') {
    return postJson(
      `${destination.host}/batch/`,
      postHogBatch(events, destination.apiKey, distinctId),
      {},
      options,
    );
  }
  const token = getToken();
  return postJson(
    apiUrl('/analytics/batch'),
    embeddedBatch(events),
    { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    options,
  );
}

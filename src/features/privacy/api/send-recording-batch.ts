// Where recorded visits go: PostHog's session-recording capture endpoint (/s/), as `$snapshot` events
// holding rrweb's events, the same way PostHog's own SDKs send them. Only ever called with events
// already scrubbed of every word (../session-recording.ts).
import type { RecordingEvent, SessionRecordingDestination } from '../recording-types';
import { postJson, type SendOptions } from './send-analytics-batch';

export interface PostHogSnapshotWire {
  api_key: string;
  batch: {
    event: '$snapshot';
    properties: {
      distinct_id: string;
      $session_id: string;
      $window_id: string;
      $snapshot_source: 'web';
      $snapshot_data: RecordingEvent[];
      $lib: 'chapitres-web';
    };
    timestamp: string;
  }[];
}

export function postHogSnapshot(
  destination: SessionRecordingDestination,
  events: RecordingEvent[],
): PostHogSnapshotWire {
  const first = events[0]?.timestamp ?? Date.now();
  return {
    api_key: destination.apiKey,
    batch: [
      {
        event: '$snapshot',
        properties: {
          distinct_id: destination.distinctId(),
          $session_id: destination.sessionId,
          $window_id: destination.windowId,
          $snapshot_source: 'web',
          $snapshot_data: events,
          $lib: 'chapitres-web',
        },
        timestamp: new Date(first).toISOString(),
      },
    ],
  };
}

export function sendRecordingBatch(
  destination: SessionRecordingDestination,
  events: RecordingEvent[],
  options: SendOptions = {},
): Promise<void> {
  return postJson(`${destination.host}/s/`, postHogSnapshot(destination, events), {}, options);
}

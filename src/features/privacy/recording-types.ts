// The types the visit recorder (session-recording.ts) and its sender (api/send-recording-batch.ts) share,
// in a file of their own so that neither imports the other.

/** One rrweb event, as loosely as it is handled here (its exact shape is rrweb's). */
export interface RecordingEvent {
  type: number;
  data: unknown;
  timestamp: number;
}

/** Where recorded visits go: a PostHog project. */
export interface SessionRecordingDestination {
  host: string;
  apiKey: string;
  /** The account id when signed in, else the visit's id (as for analytics events). */
  distinctId: () => string;
  /** One per visit: the recording PostHog shows. */
  sessionId: string;
  /** One per tab. */
  windowId: string;
}

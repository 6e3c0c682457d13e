// Wire types of first-party analytics (spec §9): batches of at most 50 events, sent only with consent.
import { Type, type Static } from '@sinclair/typebox';

export const ANALYTICS_EVENTS = [
  'sign_up',
  'login',
  'logout',
  'page_view',
  'feature_used',
  'onboarding_abandoned',
] as const;
export const MAX_BATCH = 50;

const Property = Type.Union([
  Type.String({ maxLength: 200 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
]);

export const AnalyticsEvent = Type.Object(
  {
    event: Type.Unsafe<(typeof ANALYTICS_EVENTS)[number]>({
      type: 'string',
      enum: [...ANALYTICS_EVENTS],
    }),
    /** ISO date-time of the event on the device. */
    timestamp: Type.String({ format: 'date-time' }),
    /** A random id per visit (no personal data). */
    session_id: Type.String({ minLength: 8, maxLength: 64 }),
    /** Flat properties: path, feature name, step…; 'platform' is 'WebApp'. At most 20. */
    properties: Type.Record(Type.String({ maxLength: 40 }), Property, { maxProperties: 20 }),
  },
  { additionalProperties: false },
);
export type AnalyticsEvent = Static<typeof AnalyticsEvent>;

export const AnalyticsBatch = Type.Object(
  {
    /** The app sends nothing without the person's consent; a batch without `true` here is dropped unread. */
    consent: Type.Boolean(),
    events: Type.Array(AnalyticsEvent, { minItems: 1, maxItems: MAX_BATCH }),
  },
  { additionalProperties: false },
);
export type AnalyticsBatch = Static<typeof AnalyticsBatch>;

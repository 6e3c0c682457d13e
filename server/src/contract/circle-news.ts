// Wire types of Web Push subscriptions and the weekly question (issue 31; docs/api.md « News, the weekly
// question and notifications »).
import { Type, type Static } from '@sinclair/typebox';

/** `GET /push/key`: the server's VAPID public key, the browser's `applicationServerKey`. */
export const PushKey = Type.Object({ public_key: Type.String() });
export type PushKey = Static<typeof PushKey>;

const Base64Url = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$' });

/** `POST /push/subscriptions`: what `PushSubscription.toJSON()` gives. */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: 2048 }),
    expirationTime: Type.Optional(Type.Unsafe<number | null>({ type: ['number', 'null'] })),
    keys: Type.Object(
      { p256dh: Base64Url(200), auth: Base64Url(100) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

/** `DELETE /push/subscriptions`: this browser's subscription. */
export const PushEndpointBody = Type.Object(
  { endpoint: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
export type PushEndpointBody = Static<typeof PushEndpointBody>;

/** `GET|PUT /users/me/rhythm`: the day (ISO: 1 Monday … 7 Sunday, Paris time) and the channels. */
export const StoryRhythm = Type.Object(
  {
    weekday: Type.Integer({ minimum: 1, maximum: 7 }),
    by_email: Type.Boolean(),
    by_push: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type StoryRhythm = Static<typeof StoryRhythm>;

/** What the push notifications carry (JSON, encrypted): the service worker shows it and opens `url`. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

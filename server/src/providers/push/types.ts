// The Web Push seam: one encrypted message (RFC 8291) signed with the server's VAPID key (RFC 8292) to
// one browser subscription, through the push service named by its endpoint.
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), from PushSubscription.getKey(). */
  p256dh: string;
  auth: string;
}

/** `delivered`; `gone`: the push service no longer knows this subscription (404, 410): forget it. */
export type PushOutcome = 'delivered' | 'gone';

export interface PushSender {
  /** Throws when the push service could not take it (network, 429, 5xx…): the job tries again. */
  send(target: PushTarget, payload: string, options: { ttlSeconds: number }): Promise<PushOutcome>;
}

// Web Push through the `web-push` library for what it is for (aes128gcm encryption of the payload and
// the VAPID JWT), and fetch for the request itself: web-push's own sender speaks only https, which a
// test's local push service does not, and fetch gives one deadline to the whole exchange.
import type { PushOutcome, PushSender, PushTarget } from './types.ts';

/** A push service that does not answer within this is tried again later by the job. */
const PUSH_TIMEOUT_MS = 30_000;

export class PushServiceError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`The push service answered ${status}: ${body.slice(0, 200)}`);
  }
}

export class WebPushSender implements PushSender {
  /** Loaded at the first notification, not at start. */
  private library: Promise<typeof import('web-push')> | null = null;

  constructor(private readonly vapid: { subject: string; publicKey: string; privateKey: string }) {}

  async send(target: PushTarget, payload: string, options: { ttlSeconds: number }) {
    this.library ??= import('web-push').then((module) => module.default ?? module);
    const webPush = await this.library;
    const request = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      { vapidDetails: this.vapid, TTL: options.ttlSeconds, contentEncoding: 'aes128gcm' },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
    // fetch sets the length itself.
    delete headers['Content-Length'];
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    const body = await response.text().catch(() => '');
    if (response.status === 404 || response.status === 410) return 'gone' satisfies PushOutcome;
    if (!response.ok) throw new PushServiceError(response.status, body);
    return 'delivered' satisfies PushOutcome;
  }
}

export type { PushSender, PushTarget };

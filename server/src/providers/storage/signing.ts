// Capability URLs: HMAC signatures over a key and an expiry rounded up to a 7-day window, so one file keeps
// one URL for days (browsers and the service worker can cache it) and the signature sits in the query.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const URL_WINDOW_SECONDS = 7 * 24 * 60 * 60;

export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the app secret: a file signature can never pass for a token's.
    this.key = createHmac('sha256', secret).update('chapitres:file-urls').digest();
  }

  /** The expiry (Unix seconds) of URLs issued now: at least one window ahead, on a window boundary. */
  static expiryFor(nowMs: number): number {
    const now = Math.floor(nowMs / 1000);
    return (Math.floor(now / URL_WINDOW_SECONDS) + 2) * URL_WINDOW_SECONDS;
  }

  sign(key: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${expires}`).digest('base64url');
  }

  /** True when the signature matches and the expiry is still ahead. */
  verify(key: string, expires: number, signature: string, nowMs = Date.now()): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

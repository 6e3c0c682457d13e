// Capability URLs: HMAC signatures over a key and an expiry rounded up to a 7-day window, so one file keeps
// one URL for days (browsers and the service worker can cache it) and the signature sits in the query.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const URL_WINDOW_SECONDS = 7 * 24 * 60 * 60;

/** Signatures remembered (about 2 MB): a week's URLs of a family's pictures, or the most recent ones. */
const REMEMBERED_SIGNATURES = 10_000;

export class UrlSigner {
  private readonly key: Buffer;
  /**
   * A signature depends only on the file's key and the expiry, which holds for a week: a list of 50
   * chapters signs the same 200 URLs at every request. Remembered, oldest forgotten first; what is
   * remembered is exactly what the HMAC gives, so nothing stale or of another person can come out.
   */
  private readonly signatures = new Map<string, string>();

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
    const input = `${key}\n${expires}`;
    const known = this.signatures.get(input);
    if (known !== undefined) return known;
    const signature = createHmac('sha256', this.key).update(input).digest('base64url');
    if (this.signatures.size >= REMEMBERED_SIGNATURES)
      this.signatures.delete(this.signatures.keys().next().value!);
    this.signatures.set(input, signature);
    return signature;
  }

  /** True when the signature matches and the expiry is still ahead. */
  verify(key: string, expires: number, signature: string, nowMs = Date.now()): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

// Access tokens (JWT HS256 carrying the user id and token version) and single-use link tokens.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isUuid } from '../input.ts';

export interface AccessClaims {
  userId: string;
  tokenVersion: number;
}

/** How many verified tokens are remembered (one per active session is plenty). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenSigner {
  private readonly key: Uint8Array;
  // A token string that verified once verifies again until it expires: remembering it skips the
  // HMAC on every request. Revocation is unaffected (the token version is checked against the
  // database on each request); a forged token never matches a remembered string.
  private readonly verified = new Map<string, AccessClaims & { expiresAt: number }>();

  constructor(
    secret: string,
    private readonly ttlDays: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlDays}d`)
      .sign(this.key);
  }

  /** Null for anything that is not a valid, unexpired token of ours. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now())
        return { userId: known.userId, tokenVersion: known.tokenVersion };
      this.verified.delete(token);
    }
    const claims = await this.verifySignature(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        // Map keeps insertion order: drop the oldest.
        this.verified.delete(this.verified.keys().next().value!);
      }
      this.verified.set(token, claims);
    }
    return claims ? { userId: claims.userId, tokenVersion: claims.tokenVersion } : null;
  }

  private async verifySignature(
    token: string,
  ): Promise<(AccessClaims & { expiresAt: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      // Checked here so a malformed id never reaches a uuid column as a query error.
      if (typeof payload.sub !== 'string' || !isUuid(payload.sub)) return null;
      if (typeof payload.ver !== 'number' || !Number.isInteger(payload.ver)) return null;
      if (typeof payload.exp !== 'number') return null;
      return { userId: payload.sub, tokenVersion: payload.ver, expiresAt: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
}

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The token of a public link kept as a row (a shared story, a book's listening page): derived from the
 * row's id and the secret, so the link can be shown again while only its hash is stored (`hashLinkToken`).
 * `purpose` keeps the tokens of two kinds of link apart.
 */
export function derivedLinkToken(secret: string, purpose: string, id: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url');
}

// Access tokens: what verifies, what does not, and that remembering verified tokens never outlives
// their expiry or accepts a lookalike.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner, hashLinkToken, newLinkToken } from '../../src/auth/tokens.ts';

const userId = '7f2c1d7e-3b8a-4c59-9d2e-0a1b2c3d4e5f';

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenSigner', () => {
  it('verifies its own tokens, again and again, with the same claims', async () => {
    const signer = new TokenSigner('k'.repeat(40), 30);
    const token = await signer.sign({ userId, tokenVersion: 3 });
    expect(await signer.verify(token)).toEqual({ userId, tokenVersion: 3 });
    expect(await signer.verify(token)).toEqual({ userId, tokenVersion: 3 });
  });

  it('refuses a token once it has expired, even after verifying it before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const signer = new TokenSigner('k'.repeat(40), 1);
    const token = await signer.sign({ userId, tokenVersion: 0 });
    expect(await signer.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-02T00:00:01Z'));
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses tampered tokens and another key’s tokens', async () => {
    const signer = new TokenSigner('k'.repeat(40), 30);
    const token = await signer.sign({ userId, tokenVersion: 0 });
    await signer.verify(token);
    const [head, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: userId, ver: 99, exp: 4_000_000_000 }),
    ).toString('base64url');
    expect(await signer.verify(`${head}.${payload}.${signature}`)).toBeNull();
    expect(await signer.verify(`${token}x`)).toBeNull();
    const other = await new TokenSigner('o'.repeat(40), 30).sign({ userId, tokenVersion: 0 });
    expect(await signer.verify(other)).toBeNull();
  });
});

describe('link tokens', () => {
  it('are random and stored only as their hash', () => {
    const a = newLinkToken();
    const b = newLinkToken();
    expect(a.token).not.toBe(b.token);
    expect(a.token.length).toBeGreaterThanOrEqual(43);
    expect(a.hash).toBe(hashLinkToken(a.token));
    expect(a.hash).not.toContain(a.token);
  });
});

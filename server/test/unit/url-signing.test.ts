// File URL signatures: remembered for speed, always exactly the HMAC of the key and the expiry.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UrlSigner } from '../../src/providers/storage/signing.ts';

function hmac(secret: string, key: string, expires: number): string {
  const derived = createHmac('sha256', secret).update('chapitres:file-urls').digest();
  return createHmac('sha256', derived).update(`${key}\n${expires}`).digest('base64url');
}

describe('UrlSigner', () => {
  it('gives the HMAC of the key and expiry, the same when asked again, another for another key', () => {
    const signer = new UrlSigner('secret');
    const first = signer.sign('users/a/images/1.jpg', 1_800_000_000);
    expect(first).toBe(hmac('secret', 'users/a/images/1.jpg', 1_800_000_000));
    expect(signer.sign('users/a/images/1.jpg', 1_800_000_000)).toBe(first);
    expect(signer.sign('users/b/images/1.jpg', 1_800_000_000)).not.toBe(first);
    expect(signer.sign('users/a/images/1.jpg', 1_800_604_800)).not.toBe(first);
    // Another secret never answers with what this one remembered.
    expect(new UrlSigner('other').sign('users/a/images/1.jpg', 1_800_000_000)).not.toBe(first);
  });

  it('stays right past what it remembers', () => {
    const signer = new UrlSigner('secret');
    for (let i = 0; i < 10_050; i++) signer.sign(`users/a/images/${i}.jpg`, 1_800_000_000);
    for (const i of [0, 49, 50, 10_049])
      expect(signer.sign(`users/a/images/${i}.jpg`, 1_800_000_000)).toBe(
        hmac('secret', `users/a/images/${i}.jpg`, 1_800_000_000),
      );
    expect(signer.verify('users/a/images/7.jpg', 1_800_000_000, 'bad', 0)).toBe(false);
    expect(
      signer.verify(
        'users/a/images/7.jpg',
        1_800_000_000,
        hmac('secret', 'users/a/images/7.jpg', 1_800_000_000),
        0,
      ),
    ).toBe(true);
  });
});

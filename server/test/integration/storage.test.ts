// Disk storage and its capability URLs served at /files/*: content, headers, stable URLs within a window,
// signature tampering, expiry, deleted files, and keys that could escape the storage folder.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { useTestApp } from '../support/build.ts';
import { DiskStorage } from '../../src/providers/storage/disk.ts';
import { URL_WINDOW_SECONDS, UrlSigner } from '../../src/providers/storage/signing.ts';

const ctx = useTestApp();

function pathOf(url: string): string {
  const parsed = new URL(url, 'http://any.host');
  return parsed.pathname + parsed.search;
}

describe('disk storage', () => {
  it('stores, reads, replaces and deletes files and folders', async () => {
    const storage = ctx.app.services.storage;
    await storage.put('users/a/one.txt', Buffer.from('un'), 'text/plain; charset=utf-8');
    await storage.put('users/a/sub/two.png', Buffer.from('deux'), 'image/png');
    await storage.put('users/b/three.txt', Buffer.from('trois'), 'text/plain');
    expect(await storage.get('users/a/one.txt')).toEqual({
      bytes: Buffer.from('un'),
      contentType: 'text/plain; charset=utf-8',
    });
    await storage.put('users/a/one.txt', Buffer.from('uno'), 'text/plain');
    expect((await storage.get('users/a/one.txt'))!.bytes.toString()).toBe('uno');
    expect(await storage.has('users/a/one.txt')).toBe(true);
    // A folder is not a file.
    expect(await storage.has('users/a/sub')).toBe(false);
    await storage.delete('users/a/one.txt');
    expect(await storage.get('users/a/one.txt')).toBeNull();
    expect(await storage.has('users/a/one.txt')).toBe(false);
    await storage.deletePrefix('users/a/');
    expect(await storage.get('users/a/sub/two.png')).toBeNull();
    expect((await storage.get('users/b/three.txt'))!.bytes.toString()).toBe('trois');
    await storage.delete('users/missing.txt');
  });

  it('refuses keys that could leave the storage folder', async () => {
    const storage = ctx.app.services.storage;
    for (const key of [
      '../secrets.json',
      'a/../../b',
      '/etc/passwd',
      'a//b',
      '',
      'a/b.meta.json',
      'a\\b',
    ])
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /invalid storage key/,
      );
    await expect(storage.deletePrefix('../')).rejects.toThrow(/invalid storage key/);
  });
});

describe('signed URLs', () => {
  it('serves the file with its type, private caching up to the expiry, and no token', async () => {
    const storage = ctx.app.services.storage;
    await storage.put('users/u/audio/reply.wav', Buffer.from('RIFFdata'), 'audio/wav');
    const url = await storage.signedUrl('users/u/audio/reply.wav');
    // A same-origin path, whatever PUBLIC_URL says: it works at any address the app is opened at.
    expect(url.startsWith('/files/users/u/audio/reply.wav?expires=')).toBe(true);
    const response = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.rawPayload.toString()).toBe('RIFFdata');
    const expires = Number(new URL(url, 'http://any.host').searchParams.get('expires'));
    const maxAge = Number(
      /private, max-age=(\d+)/.exec(String(response.headers['cache-control']))![1],
    );
    const now = Math.floor(Date.now() / 1000);
    expect(maxAge).toBeGreaterThanOrEqual(URL_WINDOW_SECONDS - 5);
    expect(maxAge).toBeLessThanOrEqual(expires - now + 1);
    // The same file keeps the same URL (browsers and the service worker can cache it).
    expect(await storage.signedUrl('users/u/audio/reply.wav')).toBe(url);
  });

  it('rounds the expiry up to a 7-day window: stable within a window, at least 7 days ahead', () => {
    const start = 1_700_000_000_000;
    const expiry = UrlSigner.expiryFor(start);
    expect(expiry % URL_WINDOW_SECONDS).toBe(0);
    expect(expiry * 1000 - start).toBeGreaterThanOrEqual(URL_WINDOW_SECONDS * 1000);
    expect(expiry * 1000 - start).toBeLessThanOrEqual(2 * URL_WINDOW_SECONDS * 1000);
    const sameWindow = Math.floor(start / 1000 / URL_WINDOW_SECONDS) * URL_WINDOW_SECONDS * 1000;
    expect(UrlSigner.expiryFor(sameWindow)).toBe(
      UrlSigner.expiryFor(sameWindow + URL_WINDOW_SECONDS * 1000 - 1),
    );
    expect(UrlSigner.expiryFor(sameWindow + URL_WINDOW_SECONDS * 1000)).toBe(
      UrlSigner.expiryFor(sameWindow) + URL_WINDOW_SECONDS,
    );
  });

  it('404s a tampered signature, path or expiry, a missing signature, and a deleted file', async () => {
    const storage = ctx.app.services.storage;
    await storage.put('users/t/a.txt', Buffer.from('A'), 'text/plain');
    await storage.put('users/t/b.txt', Buffer.from('B'), 'text/plain');
    const url = new URL(await storage.signedUrl('users/t/a.txt'), 'http://any.host');
    const signature = url.searchParams.get('signature')!;
    const expires = url.searchParams.get('expires')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const attempts = [
      `/files/users/t/a.txt?expires=${expires}&signature=${flipped}`,
      `/files/users/t/b.txt?expires=${expires}&signature=${signature}`,
      `/files/users/t/a.txt?expires=${Number(expires) + URL_WINDOW_SECONDS}&signature=${signature}`,
      `/files/users/t/a.txt?expires=${expires}`,
      `/files/users/t/a.txt`,
      `/files/users/t/a.txt?expires=abc&signature=${signature}`,
    ];
    for (const attempt of attempts) {
      const response = await ctx.app.inject({ method: 'GET', url: attempt });
      expect(response.statusCode, attempt).toBe(404);
      expect(response.json().detail[0].type).toBe('not_found');
    }
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(url.toString()) })).statusCode).toBe(
      200,
    );
    await storage.delete('users/t/a.txt');
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(url.toString()) })).statusCode).toBe(
      404,
    );
  });

  it('refuses an expired URL', async () => {
    // A storage whose clock is three weeks behind signs URLs that have already expired.
    const past = Date.now() - 3 * URL_WINDOW_SECONDS * 1000;
    const signer = new UrlSigner(ctx.config.jwtSecret);
    const old = new DiskStorage(join(ctx.config.dataDir, 'files'), signer, () => past);
    await old.put('users/e/old.txt', Buffer.from('old'), 'text/plain');
    const url = await old.signedUrl('users/e/old.txt');
    const response = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(response.statusCode).toBe(404);
    expect(
      signer.verify(
        'users/e/old.txt',
        UrlSigner.expiryFor(past),
        new URL(url, 'http://any.host').searchParams.get('signature')!,
      ),
    ).toBe(false);
    // The same signer with a valid expiry accepts, so the refusal above is the expiry's.
    const fresh = UrlSigner.expiryFor(Date.now());
    expect(signer.verify('users/e/old.txt', fresh, signer.sign('users/e/old.txt', fresh))).toBe(
      true,
    );
    // A signature made with another secret never passes.
    const foreign = new UrlSigner('another-secret-another-secret-another-secret');
    expect(signer.verify('users/e/old.txt', fresh, foreign.sign('users/e/old.txt', fresh))).toBe(
      false,
    );
  });

  it('keeps each storage inside its own folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'chapitres-storage-'));
    const storage = new DiskStorage(root, new UrlSigner('s'.repeat(40)));
    await storage.put('k/v.txt', Buffer.from('v'), 'text/plain');
    expect(await ctx.app.services.storage.get('k/v.txt')).toBeNull();
  });
});

// S3 storage against a local S3-compatible server (test/support/fake-s3.ts) that checks SigV4 signatures:
// the storage contract shared with disk storage, paginated prefix deletion, presigned URLs fetched with
// plain fetch, their stable expiry and their refusal once expired, and the provider's selection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskStorage } from '../../src/providers/storage/disk.ts';
import { createStorage } from '../../src/providers/storage/index.ts';
import {
  PRESIGN_MAX_SECONDS,
  PRESIGN_STEP_SECONDS,
  S3Storage,
  presignTiming,
  type S3StorageOptions,
} from '../../src/providers/storage/s3.ts';
import { URL_WINDOW_SECONDS, UrlSigner } from '../../src/providers/storage/signing.ts';
import type { StorageProvider } from '../../src/providers/storage/types.ts';
import { useTestApp } from '../support/build.ts';
import { startFakeS3, type FakeS3 } from '../support/fake-s3.ts';

const BUCKET = 'chapitres';
let fake: FakeS3;
const opened: StorageProvider[] = [];

/** The app's S3_* settings, filled once the fake listens (before any app is built). */
const appEnv: Record<string, string> = {};

beforeAll(async () => {
  fake = await startFakeS3({ buckets: [BUCKET, 'other'] });
  Object.assign(appEnv, {
    STORAGE: 's3',
    S3_ENDPOINT: fake.endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: fake.region,
    S3_ACCESS_KEY_ID: fake.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
  });
});

afterAll(async () => {
  await Promise.all(opened.map((storage) => storage.close()));
  await fake.close();
});

function s3Options(overrides: Partial<S3StorageOptions> = {}): S3StorageOptions {
  return {
    bucket: BUCKET,
    endpoint: fake.endpoint,
    region: fake.region,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    forcePathStyle: true,
    ...overrides,
  };
}

function s3Storage(overrides: Partial<S3StorageOptions> = {}): S3Storage {
  const storage = new S3Storage(s3Options(overrides));
  opened.push(storage);
  return storage;
}

function diskStorage(): DiskStorage {
  const root = mkdtempSync(join(tmpdir(), 'chapitres-storage-contract-'));
  return new DiskStorage(root, new UrlSigner('s'.repeat(40)));
}

/** Each provider gets its own top folder, so the contract can run twice against one fake bucket. */
const providers: [string, () => StorageProvider][] = [
  ['disk', diskStorage],
  ['s3', () => s3Storage()],
];

describe.each(providers)('storage contract: %s', (_name, make) => {
  it('stores, reads, replaces and deletes files, keeping each content type', async () => {
    const storage = make();
    await storage.put('users/a/one.txt', Buffer.from('un'), 'text/plain; charset=utf-8');
    await storage.put('users/a/sub/two.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]), 'image/png');
    await storage.put('users/a/three.wav', Buffer.from('RIFF'), 'audio/wav');
    await storage.put('users/a/four.pdf', Buffer.alloc(0), 'application/pdf');
    expect(await storage.get('users/a/one.txt')).toEqual({
      bytes: Buffer.from('un'),
      contentType: 'text/plain; charset=utf-8',
    });
    expect(await storage.get('users/a/sub/two.png')).toEqual({
      bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]),
      contentType: 'image/png',
    });
    expect((await storage.get('users/a/three.wav'))!.contentType).toBe('audio/wav');
    expect(await storage.get('users/a/four.pdf')).toEqual({
      bytes: Buffer.alloc(0),
      contentType: 'application/pdf',
    });
    await storage.put('users/a/one.txt', Buffer.from('uno'), 'text/markdown');
    expect(await storage.get('users/a/one.txt')).toEqual({
      bytes: Buffer.from('uno'),
      contentType: 'text/markdown',
    });
    expect(await storage.has('users/a/one.txt')).toBe(true);
    await storage.delete('users/a/one.txt');
    expect(await storage.get('users/a/one.txt')).toBeNull();
    expect(await storage.has('users/a/one.txt')).toBe(false);
    expect(await storage.get('users/a/sub/two.png')).not.toBeNull();
  });

  it('answers null for a missing file and deletes a missing file quietly', async () => {
    const storage = make();
    expect(await storage.get('users/nobody/nothing.txt')).toBeNull();
    await storage.delete('users/nobody/nothing.txt');
    await storage.deletePrefix('users/nobody/');
  });

  it('deletes a folder, with or without its trailing slash, and nothing beside it', async () => {
    const storage = make();
    await storage.put('users/p/a.txt', Buffer.from('a'), 'text/plain');
    await storage.put('users/p/deep/er/b.txt', Buffer.from('b'), 'text/plain');
    await storage.put('users/pq/c.txt', Buffer.from('c'), 'text/plain');
    await storage.put('users/r/d.txt', Buffer.from('d'), 'text/plain');
    await storage.deletePrefix('users/p/');
    expect(await storage.get('users/p/a.txt')).toBeNull();
    expect(await storage.get('users/p/deep/er/b.txt')).toBeNull();
    expect((await storage.get('users/pq/c.txt'))!.bytes.toString()).toBe('c');
    await storage.deletePrefix('users/r');
    expect(await storage.get('users/r/d.txt')).toBeNull();
    expect((await storage.get('users/pq/c.txt'))!.bytes.toString()).toBe('c');
  });

  it('refuses keys that could leave the storage folder', async () => {
    const storage = make();
    for (const key of [
      '../secrets.json',
      'a/../../b',
      '/etc/passwd',
      'a//b',
      '',
      'a/b.meta.json',
      'a\\b',
      'a/./b',
      'a b',
      'x'.repeat(513),
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.signedUrl(key), key).rejects.toThrow(/invalid storage key/);
    }
    await expect(storage.deletePrefix('../')).rejects.toThrow(/invalid storage key/);
    await expect(storage.deletePrefix('/')).rejects.toThrow(/invalid storage key/);
    await expect(storage.deletePrefix('')).rejects.toThrow(/invalid storage key/);
  });
});

describe('S3 storage', () => {
  it('keeps objects in its bucket, as the S3 protocol says', async () => {
    const storage = s3Storage();
    await storage.put('proto/x.bin', Buffer.from('xyz'), 'application/octet-stream');
    const object = fake.buckets.get(BUCKET)!.get('proto/x.bin')!;
    expect(object.bytes.toString()).toBe('xyz');
    expect(object.contentType).toBe('application/octet-stream');
    expect(fake.buckets.get('other')!.size).toBe(0);
    // Every request the fake served was signed, and the signatures checked out.
    expect(fake.requests.every((request) => request.auth !== 'none')).toBe(true);
  });

  it('deletes a prefix over several listing pages', async () => {
    const storage = s3Storage();
    const keys = Array.from({ length: 1200 }, (_, i) => `bulk/u/${String(i).padStart(4, '0')}.txt`);
    // Straight into the fake's memory: 1,200 uploads would only test the fake's speed.
    const bucket = fake.buckets.get(BUCKET)!;
    for (const key of keys)
      bucket.set(key, {
        bytes: Buffer.from(key),
        contentType: 'text/plain',
        etag: '"x"',
        lastModified: new Date(),
      });
    await storage.put('bulk/v/keep.txt', Buffer.from('keep'), 'text/plain');
    const before = fake.requests.length;
    await storage.deletePrefix('bulk/u/');
    const made = fake.requests.slice(before);
    expect(made.filter((r) => r.operation === 'ListObjectsV2')).toHaveLength(2);
    expect(made.filter((r) => r.operation === 'DeleteObjects')).toHaveLength(2);
    expect(made.every((r) => r.status < 300)).toBe(true);
    expect([...bucket.keys()].filter((key) => key.startsWith('bulk/u/'))).toEqual([]);
    expect((await storage.get('bulk/v/keep.txt'))!.bytes.toString()).toBe('keep');
  });

  it('follows continuation tokens with small pages too', async () => {
    const storage = s3Storage({ listPageSize: 7 });
    for (let i = 0; i < 20; i++)
      await storage.put(`small/${i}.txt`, Buffer.from(String(i)), 'text/plain');
    const before = fake.requests.length;
    await storage.deletePrefix('small');
    const lists = fake.requests.slice(before).filter((r) => r.operation === 'ListObjectsV2');
    expect(lists).toHaveLength(3);
    expect(lists.filter((r) => r.url.includes('continuation-token='))).toHaveLength(2);
    expect([...fake.buckets.get(BUCKET)!.keys()].some((key) => key.startsWith('small/'))).toBe(
      false,
    );
  });

  it('serves a presigned URL to plain fetch, with the bytes and their content type', async () => {
    const storage = s3Storage();
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await storage.put('users/u/images/cover.jpg', bytes, 'image/jpeg');
    const url = await storage.signedUrl('users/u/images/cover.jpg');
    expect(url.startsWith(`${fake.endpoint}/${BUCKET}/users/u/images/cover.jpg?`)).toBe(true);
    expect(url).not.toContain(fake.secretAccessKey);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(fake.requests.at(-1)).toMatchObject({ operation: 'GetObject', auth: 'presigned' });
    // The same file keeps the same URL (browsers can cache it).
    expect(await storage.signedUrl('users/u/images/cover.jpg')).toBe(url);
  });

  it('refuses a tampered presigned URL and stops serving a deleted file', async () => {
    const storage = s3Storage();
    await storage.put('users/t/a.txt', Buffer.from('A'), 'text/plain');
    await storage.put('users/t/b.txt', Buffer.from('B'), 'text/plain');
    const url = await storage.signedUrl('users/t/a.txt');
    const other = url.replace('/users/t/a.txt?', '/users/t/b.txt?');
    expect((await fetch(other)).status).toBe(403);
    const signature = new URL(url).searchParams.get('X-Amz-Signature')!;
    const flipped = url.replace(
      `X-Amz-Signature=${signature}`,
      `X-Amz-Signature=${(signature[0] === 'a' ? 'b' : 'a') + signature.slice(1)}`,
    );
    expect((await fetch(flipped)).status).toBe(403);
    const longer = url.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=604000');
    expect((await fetch(longer)).status).toBe(403);
    expect((await fetch(url)).status).toBe(200);
    await storage.delete('users/t/a.txt');
    expect((await fetch(url)).status).toBe(404);
  });

  it('refuses an expired presigned URL', async () => {
    // A storage whose clock is three weeks behind signs URLs that have already expired.
    const past = Date.now() - 3 * URL_WINDOW_SECONDS * 1000;
    const old = s3Storage({ now: () => past });
    await old.put('users/e/old.txt', Buffer.from('old'), 'text/plain');
    const url = await old.signedUrl('users/e/old.txt');
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    // A URL signed now for the same object works, so the refusal above is the expiry's.
    expect((await fetch(await s3Storage().signedUrl('users/e/old.txt'))).status).toBe(200);
  });

  it('signs at the start of a half-window step for 7 days: stable for days, valid for days', () => {
    const start = 1_700_000_000_000;
    const { signingDate, expiresIn } = presignTiming(start);
    expect(expiresIn).toBe(PRESIGN_MAX_SECONDS);
    expect(PRESIGN_STEP_SECONDS).toBe(URL_WINDOW_SECONDS / 2);
    const signedAt = signingDate.getTime();
    expect(signedAt).toBeLessThanOrEqual(start);
    expect((signedAt / 1000) % PRESIGN_STEP_SECONDS).toBe(0);
    const expiresAt = signedAt + expiresIn * 1000;
    expect(expiresAt - start).toBeGreaterThan(PRESIGN_STEP_SECONDS * 1000);
    expect(expiresAt - start).toBeLessThanOrEqual(PRESIGN_MAX_SECONDS * 1000);
    const stepStart = signedAt;
    expect(presignTiming(stepStart).signingDate.getTime()).toBe(signedAt);
    expect(presignTiming(stepStart + PRESIGN_STEP_SECONDS * 1000 - 1).signingDate.getTime()).toBe(
      signedAt,
    );
    expect(presignTiming(stepStart + PRESIGN_STEP_SECONDS * 1000).signingDate.getTime()).toBe(
      signedAt + PRESIGN_STEP_SECONDS * 1000,
    );
  });

  it('refuses requests signed with the wrong secret', async () => {
    const storage = s3Storage({ secretAccessKey: 'not-the-secret' });
    await expect(storage.put('users/w/x.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(fake.requests.at(-1)).toMatchObject({ status: 403 });
    expect(fake.buckets.get(BUCKET)!.has('users/w/x.txt')).toBe(false);
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const storage = s3Storage({ bucket: 'absent' });
    await expect(storage.get('users/x/y.txt')).rejects.toThrow();
  });

  it('closes without having been used, and after use', async () => {
    await new S3Storage(s3Options()).close();
    const used = new S3Storage(s3Options());
    await used.put('close/x.txt', Buffer.from('x'), 'text/plain');
    await used.close();
  });
});

describe('createStorage', () => {
  const base = {
    dataDir: mkdtempSync(join(tmpdir(), 'chapitres-create-storage-')),
    signer: new UrlSigner('s'.repeat(40)),
  };

  it('builds S3 storage from the S3_* settings', async () => {
    const storage = createStorage({
      ...base,
      kind: 's3',
      s3: { ...s3Options(), bucket: BUCKET },
    });
    opened.push(storage);
    expect(storage.kind).toBe('s3');
    await storage.put('factory/x.txt', Buffer.from('made'), 'text/plain');
    expect(fake.buckets.get(BUCKET)!.get('factory/x.txt')!.bytes.toString()).toBe('made');
  });

  it('refuses S3 without a bucket, or with half a key pair', () => {
    expect(() => createStorage({ ...base, kind: 's3' })).toThrow(/S3_BUCKET/);
    expect(() =>
      createStorage({ ...base, kind: 's3', s3: { ...s3Options(), secretAccessKey: null } }),
    ).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('still builds disk storage by default', () => {
    expect(createStorage({ ...base, kind: 'disk' }).kind).toBe('disk');
  });
});

describe('the app with STORAGE=s3', () => {
  const ctx = useTestApp({ env: appEnv, workers: false });

  it('stores in the bucket, hands out presigned URLs and has no /files route', async () => {
    const storage = ctx.app.services.storage;
    expect(storage.kind).toBe('s3');
    await storage.put('users/app/audio/r.wav', Buffer.from('RIFFapp'), 'audio/wav');
    expect(fake.buckets.get(BUCKET)!.get('users/app/audio/r.wav')!.contentType).toBe('audio/wav');
    const url = await storage.signedUrl('users/app/audio/r.wav');
    expect(url.startsWith(`${fake.endpoint}/${BUCKET}/users/app/audio/r.wav?`)).toBe(true);
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(await response.text()).toBe('RIFFapp');
    const files = await ctx.app.inject({ method: 'GET', url: '/files/users/app/audio/r.wav' });
    expect(files.statusCode).toBe(404);
  });
});

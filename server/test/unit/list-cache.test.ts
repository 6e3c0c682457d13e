// The chapter list's memory (list-cache.ts): kept only under the same version and URL period, made once
// for simultaneous requests, bounded, and the Accept-Encoding / If-None-Match parsing.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ListCache,
  chooseEncoding,
  matchesEtag,
} from '../../src/modules/conversations/list-cache.ts';

function maker(prefix: string) {
  let made = 0;
  return {
    get made() {
      return made;
    },
    make: async () => `{"answer":"${prefix}-${++made}"}`,
  };
}

describe('ListCache', () => {
  it('serves a kept answer only for the same version and period', async () => {
    const cache = new ListCache();
    const source = maker('a');
    let period = 'p1';
    const get = (version: number) => cache.get('person', version, () => period, source.make);
    const first = await get(1);
    expect((await get(1)).json.toString()).toBe(first.json.toString());
    expect(source.made).toBe(1);
    expect((await get(2)).json.toString()).toBe('{"answer":"a-2"}');
    // An older version asked after a newer one is made again, and does not replace the newer.
    expect((await get(1)).json.toString()).toBe('{"answer":"a-3"}');
    expect((await get(2)).json.toString()).toBe('{"answer":"a-2"}');
    period = 'p2';
    expect((await get(2)).json.toString()).toBe('{"answer":"a-4"}');
    expect(source.made).toBe(4);
  });

  it('does not keep an answer made across two URL periods', async () => {
    const cache = new ListCache();
    const source = maker('b');
    const periods = ['p1', 'p2', 'p2', 'p2', 'p2'];
    const period = () => periods.shift() ?? 'p2';
    await cache.get('person', 1, period, source.make);
    expect(cache.size).toBe(0);
    await cache.get('person', 1, period, source.make);
    await cache.get('person', 1, period, source.make);
    expect(source.made).toBe(2);
  });

  it('makes an answer once for simultaneous requests', async () => {
    const cache = new ListCache();
    const source = maker('c');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cache.get('person', 1, () => 'p', source.make)),
    );
    expect(source.made).toBe(1);
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
  });

  it('forgets the least recently used beyond its bounds', async () => {
    const cache = new ListCache({ entries: 2, bytes: 1_000_000 });
    const source = maker('d');
    const get = (key: string) => cache.get(key, 1, () => 'p', source.make);
    await get('a');
    await get('b');
    await get('a');
    await get('c');
    expect(cache.size).toBe(2);
    await get('a');
    expect(source.made).toBe(3);
    await get('b');
    expect(source.made).toBe(4);
    const small = new ListCache({ entries: 10, bytes: 40 });
    await small.get(
      'x',
      1,
      () => 'p',
      async () => 'x'.repeat(30),
    );
    await small.get(
      'y',
      1,
      () => 'p',
      async () => 'y'.repeat(30),
    );
    expect(small.size).toBe(1);
  });

  it('keeps the answer, not what asked for it (the request and reply of the route)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const cache = new ListCache();
    // A route's request, asked and answered in a function of its own (its `make` closes over it, as
    // the route's closes over its request and reply): once it returns, only the cache could hold it.
    const ask = async () => {
      const request = { body: Buffer.alloc(1024 * 1024) };
      const answer = await cache.get(
        'person',
        1,
        () => 'p1',
        async () => {
          return `{"bytes":${request.body.length}}`;
        },
      );
      await answer.encoded('gzip');
      return new WeakRef(request);
    };
    const gone = await ask();
    for (let i = 0; i < 5 && gone.deref(); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
    }
    expect(gone.deref()).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('encodes once in gzip and brotli, the same bytes as the JSON', async () => {
    const cache = new ListCache();
    const json = JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => ({ i })) });
    const answer = await cache.get(
      'person',
      1,
      () => 'p',
      async () => json,
    );
    expect(gunzipSync(await answer.encoded('gzip')).toString()).toBe(json);
    expect(brotliDecompressSync(await answer.encoded('br')).toString()).toBe(json);
    expect(await answer.encoded('br')).toBe(await answer.encoded('br'));
    expect((await answer.encoded('identity')).toString()).toBe(json);
    expect(answer.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, as Accept-Encoding allows', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('BR')).toBe('br');
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in a list, with *', () => {
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
    expect(matchesEtag('W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"a"')).toBe(false);
    expect(matchesEtag('*', 'W/"a"')).toBe(true);
  });
});

describe('URL periods of the storages', () => {
  it('change exactly when a signed URL would, and S3 without configured keys has none', async () => {
    const { DiskStorage } = await import('../../src/providers/storage/disk.ts');
    const { S3Storage, PRESIGN_STEP_SECONDS } = await import('../../src/providers/storage/s3.ts');
    const { UrlSigner, URL_WINDOW_SECONDS } =
      await import('../../src/providers/storage/signing.ts');
    let now = 1_800_000_000_000;
    const disk = new DiskStorage('/nonexistent', new UrlSigner('secret'), () => now);
    const period = disk.urlPeriod();
    const url = await disk.signedUrl('a/b.jpg');
    now += 1000;
    expect(disk.urlPeriod()).toBe(period);
    expect(await disk.signedUrl('a/b.jpg')).toBe(url);
    now += URL_WINDOW_SECONDS * 1000;
    expect(disk.urlPeriod()).not.toBe(period);
    expect(await disk.signedUrl('a/b.jpg')).not.toBe(url);

    const options = {
      bucket: 'b',
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      forcePathStyle: true,
      now: () => now,
    };
    expect(
      new S3Storage({ ...options, accessKeyId: null, secretAccessKey: null }).urlPeriod(),
    ).toBeNull();
    const s3 = new S3Storage({ ...options, accessKeyId: 'id', secretAccessKey: 'key' });
    const s3Period = s3.urlPeriod();
    const s3Url = await s3.signedUrl('a/b.jpg');
    now += 1000;
    if (s3.urlPeriod() === s3Period) expect(await s3.signedUrl('a/b.jpg')).toBe(s3Url);
    now += PRESIGN_STEP_SECONDS * 1000;
    expect(s3.urlPeriod()).not.toBe(s3Period);
    expect(await s3.signedUrl('a/b.jpg')).not.toBe(s3Url);
    await s3.close();
  });
});

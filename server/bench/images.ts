// `npx tsx bench/images.ts`: the server time from upload to signed URL of a 12 MP JPEG (p50/min/max over
// BENCH_UPLOADS sequential uploads through app.inject on PGlite with disk storage), then the peak RSS of the
// process while five such uploads are processed at once. The photo is made with sharp from upscaled noise, so
// it weighs what a phone photo weighs (~5 MB) instead of compressing to nothing. Prints numbers; asserts
// nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createChapter, signUp } from './support.ts';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const AT_ONCE = 5;
const MB = 1024 * 1024;

async function twelveMegapixelJpeg(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#7a6a5a',
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(noise).resize(4000, 3000).jpeg({ quality: 90 }).toBuffer();
}

function multipartBody(file: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  app: FastifyInstance,
  auth: Record<string, string>,
  chapterId: string,
  body: { payload: Buffer; contentType: string },
): Promise<number> {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${chapterId}/images`,
    headers: { ...auth, 'content-type': body.contentType },
    payload: body.payload,
  });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 201 || !response.json().url)
    throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return elapsed;
}

const round = (value: number) => Math.round(value);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-bench-images-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_APP: 'false',
    RATE_LIMIT_MULTIPLIER: '100000',
    FREE_CHAPTERS: '1000',
  });
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dataDir, 'db') });
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.ready();
    // Mostly PGlite's WebAssembly heap, before any image was touched.
    const atReady = process.memoryUsage().rss;
    const photo = await twelveMegapixelJpeg();
    const body = multipartBody(photo);
    const meta = await sharp(photo).metadata();
    console.log(`photo: ${meta.width}×${meta.height} JPEG, ${(photo.length / MB).toFixed(2)} MB`);
    const auth = await signUp(app);

    // Warm-up: the first decode loads libvips' codecs.
    await upload(app, auth, await createChapter(app, auth), body);

    const times: number[] = [];
    let chapterId = '';
    for (let i = 0; i < UPLOADS; i++) {
      if (i % 5 === 0) chapterId = await createChapter(app, auth);
      times.push(await upload(app, auth, chapterId, body));
    }
    times.sort((a, b) => a - b);
    console.log(
      `upload → URL, 12 MP JPEG (${UPLOADS} in a row): p50 ${round(times[Math.floor(times.length / 2)]!)} ms, ` +
        `min ${round(times[0]!)} ms, max ${round(times[times.length - 1]!)} ms`,
    );

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const concurrentChapter = await createChapter(app, auth);
    const started = performance.now();
    const each = await Promise.all(
      Array.from({ length: AT_ONCE }, () => upload(app, auth, concurrentChapter, body)),
    );
    const wall = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `${AT_ONCE} uploads at once: all done in ${round(wall)} ms (slowest ${round(Math.max(...each))} ms); ` +
        `RSS at start ${round(atReady / MB)} MB, before these ${round(baseline / MB)} MB, ` +
        `peak ${round(peak / MB)} MB (+${round((peak - baseline) / MB)} MB)`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

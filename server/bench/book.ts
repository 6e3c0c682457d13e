// `npm run bench:book`: wall time from `POST /books` to `success` for books of 4 and of 10 chapters with 5
// photos each (12-megapixel-like JPEGs uploaded through the API, so stored at 3000 px), median of 5, next to
// the bare Typst compile of the same book's source (print, screen and front cover documents, pictures
// already prepared, a fresh compiler each time) in the same run, and the process's peak RSS (the typesetter is a worker thread of it).
// Embedded defaults: PGlite, files on disk, the queue's worker in this process. Prints; asserts nothing.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type Auth, percentile, signUp, withApp } from './support.ts';
import { interiorJob } from '../src/modules/books/render.ts';
import { Typesetter } from '../src/modules/books/typesetter.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PARAGRAPH =
  'Je suis née en 1938 à Lyon, dans le quartier de la Croix-Rousse, au-dessus de l\'atelier de mon père qui était canut. Le dimanche, on descendait les pentes jusqu\'à la Saône pour regarder les péniches ; ma mère disait : "on reviendra avant la nuit !"';

/** A photo-like JPEG: noise compresses like a real picture, unlike a flat colour. */
function photo(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 3600,
      height: 2700,
      channels: 3,
      background: { r: 60 + seed * 7, g: 90, b: 140 - seed * 5 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function uploadPhoto(
  app: FastifyInstance,
  auth: Auth,
  chapterId: string,
  bytes: Buffer,
  legend: string,
) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="legend"\r\n\r\n${legend}\r\n--${boundary}--\r\n`,
    ),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${chapterId}/images`,
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
}

async function chapters(app: FastifyInstance, auth: Auth, count: number): Promise<string[]> {
  const photos = await Promise.all([0, 1, 2, 3, 4].map(photo));
  const ids: string[] = [];
  for (let c = 0; c < count; c++) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: auth,
    });
    const id = created.json().id as string;
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${id}`,
      headers: auth,
      payload: {
        title: `Souvenirs de Lyon, partie ${c + 1}`,
        summary: Array(12).fill(PARAGRAPH).join('\n\n'),
      },
    });
    for (let p = 0; p < 5; p++)
      await uploadPhoto(app, auth, id, photos[p]!, `Photo ${p + 1} du chapitre ${c + 1}`);
    ids.push(id);
  }
  return ids;
}

async function timeBook(
  app: FastifyInstance,
  auth: Auth,
  ids: string[],
): Promise<{ ms: number; pages: number }> {
  const started = performance.now();
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/books',
    headers: auth,
    payload: {
      title: 'Une vie à Lyon',
      subtitle: 'Souvenirs',
      author: 'Jeanne Martin',
      conversation_ids: ids,
      summary: PARAGRAPH,
      dedication: 'À mes petits-enfants.',
      front_cover_image_id: null,
      back_cover_image_id: null,
    },
  });
  if (created.statusCode !== 201) throw new Error(`book failed: ${created.body}`);
  const id = created.json().id as string;
  for (;;) {
    const book = (
      await app.inject({ method: 'GET', url: `/api/v1/books/${id}`, headers: auth })
    ).json();
    if (book.generation_status === 'success')
      return { ms: performance.now() - started, pages: book.page_count };
    if (book.generation_status === 'failure')
      throw new Error(`book failed: ${book.generation_error}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function bareCompile(app: FastifyInstance, userId: string, ids: string[]): Promise<number[]> {
  // The same material the job reads, resampled once; then only Typst, in its own worker.
  const conversations = await app.services.conversations.chaptersOf(userId, ids);
  const pictures = await app.services.images.printImagesOf(ids);
  const material = {
    language: 'fr' as const,
    title: 'Une vie à Lyon',
    subtitle: 'Souvenirs',
    author: 'Jeanne Martin',
    summary: PARAGRAPH,
    dedication: 'À mes petits-enfants.',
    largePrint: false,
    chapters: conversations.map((c) => ({
      title: c.title!,
      author: null,
      text: c.summary,
      images: pictures.get(c.id) ?? [],
    })),
    cover: null,
    portrait: null,
    createdAt: new Date(),
  };
  const job = await interiorJob(material);
  // A fresh compiler each run (Typst memoises a document it has seen), warmed up on a one-chapter book so
  // that starting the thread and loading the fonts are not counted.
  const warmUp = await interiorJob({ ...material, chapters: material.chapters.slice(0, 1) });
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const typesetter = new Typesetter();
    try {
      await typesetter.run(warmUp);
      const started = performance.now();
      await typesetter.run(job);
      times.push(performance.now() - started);
    } finally {
      await typesetter.close();
    }
  }
  return times;
}

await withApp('book', async (app) => {
  await app.services.queue.work();
  const auth = await signUp(app);
  const me = (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth })).json();
  await app.services.premium.grant(me.id, 12);
  const all = await chapters(app, auth, 10);
  for (const count of [4, 10]) {
    const ids = all.slice(0, count);
    await timeBook(app, auth, ids); // warm-up: the typesetter's worker starts and loads its fonts
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await timeBook(app, auth, ids));
    const compile = await bareCompile(app, me.id, ids);
    const ms = runs.map((r) => r.ms);
    console.log(
      `book of ${count} chapters × 5 photos (${runs[0]!.pages} pages): POST → success p50 ${percentile(ms, 50).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}) | bare Typst compile p50 ${percentile(compile, 50).toFixed(0)} ms`,
    );
  }
  console.log(
    `peak RSS of the process (API, PGlite, queue worker and typesetter thread): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
});

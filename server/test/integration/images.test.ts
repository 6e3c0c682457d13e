// Images end to end through HTTP: uploads (type by content, size, megapixels, corrupt files, decompression
// bombs), re-encoding (orientation, metadata stripped, long side, thumbnail), the 5-per-chapter limit under
// concurrency, legends and positions, deletion of images, chapters and accounts with their files, the
// person's own photos, and generated pictures. Fixtures are made here with sharp and zlib.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { multipart, type Part } from '../support/multipart.ts';
import { conversations, images } from '../../src/db/schema/index.ts';
import { ImagesRepository } from '../../src/modules/images/repository.ts';
import { displayKeyOf } from '../../src/modules/images/service.ts';
import { executeCommand } from '../../src/cli.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });

afterEach(() => {
  vi.restoreAllMocks();
});

type Reply = Awaited<ReturnType<typeof ctx.app.inject>>;

function expectError(response: Reply, status: number, type: string, loc?: unknown[]) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
  if (loc) expect(response.json().detail[0].loc).toEqual(loc);
}

// --- fixtures -----------------------------------------------------------------------------------

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#8a5a44' } });
}

const jpeg = (width = 600, height = 400) => solid(width, height).jpeg().toBuffer();
const png = (width = 600, height = 400) => solid(width, height).png().toBuffer();
const webp = (width = 600, height = 400) => solid(width, height).webp().toBuffer();

/** A JPEG carrying a name and a GPS position in its EXIF block, and an orientation tag. */
function jpegWithExif(orientation = 1) {
  return solid(600, 400)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Jeanne Martin', Artist: 'Jeanne Martin' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 7/1',
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid one-colour PNG (1-bit grey) of any size: tiny on disk, huge once decoded. `garbage` replaces the
 * pixel data with random bytes, so only a decoder would notice.
 */
function onebitPng(width: number, height: number, garbage = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  const data = garbage ? randomBytes(4096) : deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>',
);

// --- helpers ------------------------------------------------------------------------------------

async function newChapter(user: TestUser): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function upload(
  user: TestUser,
  chapterId: string,
  data: Buffer,
  options: { filename?: string; contentType?: string; legend?: string; url?: string } = {},
): Promise<Reply> {
  const parts: Part[] = [
    {
      name: 'file',
      filename: options.filename ?? 'photo.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      data,
    },
  ];
  if (options.legend !== undefined) parts.push({ name: 'legend', value: options.legend });
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: options.url ?? `/api/v1/conversations/${chapterId}/images`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

async function patch(user: TestUser, chapterId: string, imageId: string, payload: unknown) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/conversations/${chapterId}/images/${imageId}`,
    headers: user.auth,
    payload: payload as Record<string, unknown>,
  });
}

async function chapter(user: TestUser, chapterId: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/conversations/${chapterId}`,
    headers: user.auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    images: { id: string; url: string; legend: string | null; position: number }[];
  };
}

/** Fetches a capability URL the way a browser would: no bearer token. */
async function fetchFile(url: string) {
  // Disk storage answers same-origin paths (api.md § Conventions), never absolute URLs.
  expect(url.startsWith('/files/')).toBe(true);
  return ctx.app.inject({ method: 'GET', url });
}

/** Every stored file (not the content-type sidecars) under a person's folder, as keys. */
function filesOf(userId: string): string[] {
  const root = join(ctx.config.dataDir, 'files');
  const folder = join(root, 'users', userId);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.meta.json'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** The image itself, its thumbnail, its print and screen renditions (books) and its display one (cards). */
const FILES_PER_IMAGE = 5;
const imageFilesOf = (userId: string) => filesOf(userId).filter((key) => key.includes('/images/'));

async function fiveImages(user: TestUser, chapterId: string): Promise<string[]> {
  const ids: string[] = [];
  const bytes = await jpeg(64, 48);
  for (let i = 0; i < 5; i++) {
    const response = await upload(user, chapterId, bytes, { legend: `image ${i + 1}` });
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json().id);
  }
  return ids;
}

// --- tests --------------------------------------------------------------------------------------

describe('uploading an image to a chapter', () => {
  it('stores a JPEG without its EXIF and GPS blocks, serves it by a signed URL and lists it', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const original = await jpegWithExif();
    const input = await sharp(original).metadata();
    expect(input.exif).toBeDefined();
    expect(original.includes('Jeanne Martin')).toBe(true);

    const response = await upload(user, chapterId, original, { legend: '  La maison  ' });
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({ legend: 'La maison', position: 1 });
    expect(image.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(image.url).toMatch(
      new RegExp(
        `^/files/users/${user.id}/conversations/${chapterId}/images/${image.id}\\.jpg\\?expires=\\d+&signature=`,
      ),
    );

    const file = await fetchFile(image.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(file.rawPayload.includes('Jeanne Martin')).toBe(false);

    const thumbnail = await fetchFile(image.thumbnail_url);
    expect(thumbnail.statusCode).toBe(200);
    const thumb = await sharp(thumbnail.rawPayload).metadata();
    expect(Math.max(thumb.width, thumb.height)).toBe(400);
    expect(thumb.exif).toBeUndefined();

    // The display rendition the home page's cards load: a photo's is a JPEG, no metadata, never enlarged.
    const display = await fetchFile(image.display_url);
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/jpeg');
    expect(image.display_url).toContain('.display.jpg?');
    const shown = await sharp(display.rawPayload).metadata();
    expect(shown).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
    expect(shown.exif).toBeUndefined();
    expect(display.rawPayload.includes('Jeanne Martin')).toBe(false);

    const listed = await chapter(user, chapterId);
    // The chapter's images carry their thumbnail and display renditions too (the home page's cards).
    expect(listed.images).toEqual([
      {
        id: image.id,
        url: image.url,
        thumbnail_url: image.thumbnail_url,
        display_url: image.display_url,
        legend: 'La maison',
        position: 1,
        origin: 'photo',
      },
    ]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/conversations',
      headers: user.auth,
    });
    expect(list.json().data[0].images).toEqual(listed.images);
  });

  it('accepts PNG and WebP by their content, keeps their format and numbers the positions', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    // Names and declared types are ignored: only the bytes count.
    const first = await upload(user, chapterId, await png(), {
      filename: 'scan.jpg',
      contentType: 'image/jpeg',
    });
    const second = await upload(user, chapterId, await webp(), {
      filename: 'photo',
      contentType: 'application/octet-stream',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(first.json()).toMatchObject({ position: 1, legend: null });
    expect(second.json()).toMatchObject({ position: 2 });
    expect(first.json().url).toContain('.png?');
    expect(second.json().url).toContain('.webp?');
    const pngFile = await fetchFile(first.json().url);
    expect(pngFile.headers['content-type']).toBe('image/png');
    expect((await sharp(pngFile.rawPayload).metadata()).format).toBe('png');
    const webpFile = await fetchFile(second.json().url);
    expect(webpFile.headers['content-type']).toBe('image/webp');
    expect((await sharp(webpFile.rawPayload).metadata()).format).toBe('webp');
    expect((await chapter(user, chapterId)).images.map((i) => i.position)).toEqual([1, 2]);
  });

  it('also answers at the path with a trailing slash', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const response = await upload(user, chapterId, await jpeg(), {
      url: `/api/v1/conversations/${chapterId}/images/`,
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('applies the EXIF orientation (6: rotated a quarter turn) and drops the tag', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const response = await upload(user, chapterId, await jpegWithExif(6));
    expect(response.statusCode, response.body).toBe(201);
    const stored = await sharp((await fetchFile(response.json().url)).rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([400, 600]);
    expect(stored.orientation).toBeUndefined();
  });

  it('brings the long side down to 3000 px and never enlarges', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const big = await upload(user, chapterId, await png(4500, 1500));
    expect(big.statusCode, big.body).toBe(201);
    const bigMeta = await sharp((await fetchFile(big.json().url)).rawPayload).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([3000, 1000]);
    const small = await upload(user, chapterId, await jpeg(120, 80));
    const smallMeta = await sharp((await fetchFile(small.json().url)).rawPayload).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([120, 80]);
  });
});

describe('refused uploads', () => {
  it('refuses what is not JPEG, PNG or WebP by content: a PDF named .jpg, an SVG, a GIF (415)', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const gif = await solid(20, 20).gif().toBuffer();
    for (const [data, filename, contentType] of [
      [PDF, 'photo.jpg', 'image/jpeg'],
      [SVG, 'dessin.svg', 'image/svg+xml'],
      [SVG, 'dessin.png', 'image/png'],
      [gif, 'anim.gif', 'image/gif'],
      [Buffer.from('hello'), 'a.jpg', 'image/jpeg'],
    ] as const)
      expectError(
        await upload(user, chapterId, data, { filename, contentType }),
        415,
        'invalid_file_type',
        ['body', 'file'],
      );
    expect(imageFilesOf(user.id)).toEqual([]);
  });

  it('refuses a 20 MB file before reading it, and a file just over 15 MB while reading (413)', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const header = await jpeg(10, 10);
    const huge = Buffer.concat([header, Buffer.alloc(20 * 1024 * 1024 - header.length, 7)]);
    expectError(await upload(user, chapterId, huge), 413, 'file_too_large');
    const over = Buffer.concat([header, Buffer.alloc(15 * 1024 * 1024 + 10_000, 7)]);
    expectError(await upload(user, chapterId, over), 413, 'file_too_large');
    expect(imageFilesOf(user.id)).toEqual([]);
  });

  it('refuses more than 40 megapixels from the header alone, without decoding (413)', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    // 8000 × 7600 = 60.8 MP of one colour: a few kilobytes on disk.
    const sixty = onebitPng(8000, 7600);
    expect(sixty.length).toBeLessThan(200_000);
    expectError(await upload(user, chapterId, sixty), 413, 'image_too_large', ['body', 'file']);
    // The same header over garbage pixels: still "too large", proof that nothing was decoded.
    expectError(await upload(user, chapterId, onebitPng(8000, 7600, true)), 413, 'image_too_large');
  });

  it('refuses a decompression bomb (900 megapixels in a small file) from its header', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const bomb = onebitPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    // Decoding it would take gigabytes and many seconds; the header alone is enough to refuse it.
    expectError(await upload(user, chapterId, bomb), 413, 'image_too_large');
  });

  it('refuses a truncated or corrupt image with 422 invalid_image, never a 500', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const whole = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    expectError(await upload(user, chapterId, truncated), 422, 'invalid_image', ['body', 'file']);
    const header = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expectError(
      await upload(user, chapterId, Buffer.concat([header, randomBytes(2000)])),
      422,
      'invalid_image',
    );
    const pngTruncated = (await png(300, 300)).subarray(0, 60);
    expectError(await upload(user, chapterId, pngTruncated), 422, 'invalid_image');
    expect(imageFilesOf(user.id)).toEqual([]);
  });

  it('needs a file part; a raw image body is not multipart (415)', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const onlyLegend = multipart([{ name: 'legend', value: 'sans fichier' }]);
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${chapterId}/images`,
        headers: { ...user.auth, ...onlyLegend.headers },
        payload: onlyLegend.payload,
      }),
      422,
      'validation_error',
      ['body', 'file'],
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${chapterId}/images`,
        headers: { ...user.auth, 'content-type': 'image/jpeg' },
        payload: await jpeg(),
      }),
      415,
      'unsupported_media_type',
    );
  });

  it('refuses a legend over 500 characters in the upload (422)', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    expectError(
      await upload(user, chapterId, await jpeg(), { legend: 'x'.repeat(501) }),
      422,
      'validation_error',
      ['body', 'legend'],
    );
    expect(
      (await upload(user, chapterId, await jpeg(), { legend: 'é'.repeat(500) })).statusCode,
    ).toBe(201);
  });

  it('needs a token (401)', async () => {
    const body = multipart([
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/images',
      headers: body.headers,
      payload: body.payload,
    });
    expectError(response, 401, 'not_authenticated');
  });
});

describe('the five images of a chapter', () => {
  it('refuses the sixth with 409 max_images_reached and leaves no file for it', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    await fiveImages(user, chapterId);
    expect(imageFilesOf(user.id)).toHaveLength(5 * FILES_PER_IMAGE);
    expectError(await upload(user, chapterId, await jpeg()), 409, 'max_images_reached');
    expect(imageFilesOf(user.id)).toHaveLength(5 * FILES_PER_IMAGE);
  });

  it('lets no more than five in when eight uploads arrive at once', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const bytes = await jpeg(300, 200);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => upload(user, chapterId, bytes)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    const positions = responses
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json().position)
      .sort();
    expect(positions).toEqual([1, 2, 3, 4, 5]);
    expect((await chapter(user, chapterId)).images.map((i) => i.position)).toEqual([1, 2, 3, 4, 5]);
    expect(imageFilesOf(user.id)).toHaveLength(5 * FILES_PER_IMAGE);
  });
});

describe('nobody reaches another person’s images', () => {
  it('answers 404 for another person’s chapter or image, another chapter’s image and malformed ids', async () => {
    const owner = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const chapterId = await newChapter(owner);
    const otherChapter = await newChapter(other);
    const imageId = (await upload(owner, chapterId, await jpeg())).json().id as string;

    expectError(await upload(other, chapterId, await jpeg()), 404, 'not_found');
    expectError(await patch(other, chapterId, imageId, { legend: 'volée' }), 404, 'not_found');
    expectError(await patch(other, otherChapter, imageId, { legend: 'volée' }), 404, 'not_found');
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/conversations/${otherChapter}/images/${imageId}`,
        headers: other.auth,
      }),
      404,
      'not_found',
    );
    // The owner's image through the owner's other chapter.
    const secondChapter = await newChapter(owner);
    expectError(await patch(owner, secondChapter, imageId, { position: 1 }), 404, 'not_found');
    // Malformed ids are unknown ids.
    expectError(await patch(owner, chapterId, 'not-a-uuid', { legend: 'x' }), 404, 'not_found');
    expectError(await patch(owner, 'nope', imageId, { legend: 'x' }), 404, 'not_found');
    expectError(await upload(owner, 'nope', await jpeg()), 404, 'not_found');
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/conversations/${chapterId}/images/123`,
        headers: owner.auth,
      }),
      404,
      'not_found',
    );
    expect((await chapter(owner, chapterId)).images[0]).toMatchObject({ legend: null });
  });
});

describe('legends and positions', () => {
  it('sets, trims and clears a legend', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const imageId = (await upload(user, chapterId, await jpeg())).json().id as string;
    const set = await patch(user, chapterId, imageId, { legend: '  Le mariage, 1968 ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: imageId, legend: 'Le mariage, 1968', position: 1 });
    expect((await patch(user, chapterId, imageId, { legend: '   ' })).json().legend).toBeNull();
    expect((await patch(user, chapterId, imageId, { legend: 'Noël' })).json().legend).toBe('Noël');
    expect((await patch(user, chapterId, imageId, { legend: null })).json().legend).toBeNull();
  });

  it('validates the body: legend length, positions 0 and 99, unknown fields, nothing to change (422)', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const imageId = (await upload(user, chapterId, await jpeg())).json().id as string;
    await upload(user, chapterId, await jpeg());
    expectError(
      await patch(user, chapterId, imageId, { legend: 'x'.repeat(501) }),
      422,
      'validation_error',
      ['body', 'legend'],
    );
    for (const position of [0, 3, 99, -1])
      expectError(await patch(user, chapterId, imageId, { position }), 422, 'validation_error', [
        'body',
        'position',
      ]);
    expectError(await patch(user, chapterId, imageId, { position: '1' }), 422, 'validation_error', [
      'body',
      'position',
    ]);
    expectError(await patch(user, chapterId, imageId, { url: 'x' }), 422, 'validation_error', [
      'body',
      'url',
    ]);
    expectError(await patch(user, chapterId, imageId, {}), 422, 'validation_error', ['body']);
    expect((await chapter(user, chapterId)).images.map((i) => i.id)[0]).toBe(imageId);
  });

  it('moves an image and shifts the others, positions staying 1..n', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const [a, b, c, d, e] = await fiveImages(user, chapterId);
    const order = async () => (await chapter(user, chapterId)).images.map((i) => i.id);

    const moved = await patch(user, chapterId, c!, { position: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: c, position: 1, legend: 'image 3' });
    expect(await order()).toEqual([c, a, b, d, e]);

    expect((await patch(user, chapterId, c!, { position: 5 })).json().position).toBe(5);
    expect(await order()).toEqual([a, b, d, e, c]);

    await patch(user, chapterId, a!, { position: 4, legend: 'déplacée' });
    expect(await order()).toEqual([b, d, e, a, c]);
    // Same place: nothing moves.
    await patch(user, chapterId, e!, { position: 3 });
    expect(await order()).toEqual([b, d, e, a, c]);
    const images = (await chapter(user, chapterId)).images;
    expect(images.map((i) => i.position)).toEqual([1, 2, 3, 4, 5]);
    expect(images[3]!.legend).toBe('déplacée');
  });

  it('deletes an image with its files and closes the gap', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const [a, b, c] = await fiveImages(user, chapterId);
    const urlOfB = (await chapter(user, chapterId)).images[1]!.url;
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${chapterId}/images/${b}`,
      headers: user.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await fetchFile(urlOfB)).statusCode).toBe(404);
    expect(imageFilesOf(user.id).some((key) => key.includes(b!))).toBe(false);
    expect(imageFilesOf(user.id)).toHaveLength(4 * FILES_PER_IMAGE);
    const images = (await chapter(user, chapterId)).images;
    expect(images.map((i) => i.position)).toEqual([1, 2, 3, 4]);
    expect(images.map((i) => i.id).slice(0, 2)).toEqual([a, c]);
    // Room for one again.
    expect((await upload(user, chapterId, await jpeg())).json().position).toBe(5);
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/conversations/${chapterId}/images/${b}`,
        headers: user.auth,
      }),
      404,
      'not_found',
    );
  });
});

describe('files never outlive their rows', () => {
  it('removes the stored files when the database insert fails', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    vi.spyOn(ImagesRepository.prototype, 'insertIntoChapter').mockRejectedValueOnce(
      new Error('database gone'),
    );
    const response = await upload(user, chapterId, await jpeg());
    expectError(response, 500, 'internal_error');
    expect(imageFilesOf(user.id)).toEqual([]);
    expect(await ctx.database.db.select().from(images).where(eq(images.userId, user.id))).toEqual(
      [],
    );
  });

  it('removes the stored files when the chapter is deleted during the upload (404)', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const original = ImagesRepository.prototype.insertIntoChapter;
    vi.spyOn(ImagesRepository.prototype, 'insertIntoChapter').mockImplementationOnce(
      async function (this: ImagesRepository, ...args) {
        await ctx.database.db.delete(conversations).where(eq(conversations.id, chapterId));
        return original.apply(this, args);
      },
    );
    expectError(await upload(user, chapterId, await jpeg()), 404, 'not_found');
    expect(imageFilesOf(user.id)).toEqual([]);
  });

  it('deleting a chapter deletes its images and their files', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const keep = await newChapter(user);
    await fiveImages(user, chapterId);
    await upload(user, keep, await jpeg());
    const url = (await chapter(user, chapterId)).images[0]!.url;
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${chapterId}`,
      headers: user.auth,
    });
    expect(response.statusCode).toBe(200);
    expect((await fetchFile(url)).statusCode).toBe(404);
    expect(imageFilesOf(user.id).every((key) => key.includes(keep))).toBe(true);
    expect(imageFilesOf(user.id)).toHaveLength(1 * FILES_PER_IMAGE);
    const rows = await ctx.database.db.select().from(images).where(eq(images.userId, user.id));
    expect(rows.map((row) => row.conversationId)).toEqual([keep]);
  });

  it('deleting the account deletes every image and file, chapter images and own photos', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    await upload(user, chapterId, await jpeg());
    await upload(user, '', await png(), { url: '/api/v1/images' });
    expect(imageFilesOf(user.id)).toHaveLength(2 * FILES_PER_IMAGE);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: user.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(filesOf(user.id)).toEqual([]);
    expect(await ctx.database.db.select().from(images).where(eq(images.userId, user.id))).toEqual(
      [],
    );
  });
});

describe('the person’s own photos (/images)', () => {
  it('uploads, lists newest first with paging, and deletes their own photos only', async () => {
    const user = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const first = await upload(user, '', await jpegWithExif(), {
      url: '/api/v1/images',
      legend: 'Couverture',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ legend: 'Couverture' });
    expect(first.json().url).toContain(`/files/users/${user.id}/images/${first.json().id}.jpg?`);
    const stored = await fetchFile(first.json().url);
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    const second = await upload(user, '', await webp(), { url: '/api/v1/images' });

    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/images', headers: user.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    expect(list.json().data.map((i: { id: string }) => i.id)).toEqual([
      second.json().id,
      first.json().id,
    ]);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/images?skip=1&limit=1',
      headers: user.auth,
    });
    expect(page.json()).toMatchObject({ count: 2, data: [{ id: first.json().id }] });
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/images?limit=101', headers: user.auth }),
      422,
      'validation_error',
    );
    // A chapter's images are not among the own photos.
    await upload(user, await newChapter(user), await jpeg());
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/images', headers: user.auth })).json()
        .count,
    ).toBe(2);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/images', headers: other.auth })).json(),
    ).toEqual({ data: [], count: 0 });

    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/images/${first.json().id}`,
        headers: other.auth,
      }),
      404,
      'not_found',
    );
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/images/${first.json().id}`,
      headers: user.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await fetchFile(first.json().url)).statusCode).toBe(404);
  });

  it('applies the same checks as chapter uploads', async () => {
    const user = await createUser(ctx.app);
    expectError(await upload(user, '', PDF, { url: '/api/v1/images' }), 415, 'invalid_file_type');
    expectError(
      await upload(user, '', onebitPng(8000, 7600), { url: '/api/v1/images' }),
      413,
      'image_too_large',
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/images',
        headers: user.auth,
        payload: {},
      }),
      422,
      'validation_error',
      ['body', 'file'],
    );
    expect(imageFilesOf(user.id)).toEqual([]);
  });
});

describe('generated pictures', () => {
  it('draws a picture with the embedded illustrator; a full chapter is a 409 first', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const drawn = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${chapterId}/images/`,
      headers: user.auth,
    });
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect(drawn.json()).toMatchObject({ position: 1, legend: null });
    const file = await ctx.app.inject({
      method: 'GET',
      url: drawn.json().url as string,
    });
    expect(file.statusCode).toBe(200);
    const picture = await sharp(file.rawPayload).metadata();
    expect(picture.format).toBe('png');
    expect(picture.width).toBeGreaterThanOrEqual(512);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${chapterId}/images/${drawn.json().id}`,
      headers: user.auth,
    });
    await fiveImages(user, chapterId);
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${chapterId}/images`,
        headers: user.auth,
      }),
      409,
      'max_images_reached',
    );
  });

  it('stores a generated PNG at the next position, and addGeneratedImage gives null when full', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const service = ctx.app.services.images;
    const drawn = await png(1024, 1024);
    service.setGenerator(async () => drawn);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${chapterId}/images/`,
      headers: { ...user.auth, 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ position: 1, legend: null });
    expect(response.json().url).toContain('.png?');

    for (let i = 2; i <= 5; i++)
      expect(await service.addGeneratedImage(user.id, chapterId, drawn)).toMatchObject({
        position: i,
      });
    expect(await service.addGeneratedImage(user.id, chapterId, drawn)).toBeNull();
    expect(imageFilesOf(user.id)).toHaveLength(5 * FILES_PER_IMAGE);
    const otherUser = await createUser(ctx.app);
    await expect(service.addGeneratedImage(otherUser.id, chapterId, drawn)).rejects.toThrow(
      'not_found',
    );
  });
});

describe('who made a picture', () => {
  it('records a photo she gave and a picture the illustrator drew, in every answer that shows them', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const photo = await upload(user, chapterId, await jpeg(64, 48));
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json().origin).toBe('photo');
    const drawn = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${chapterId}/images`,
      headers: user.auth,
    });
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect(drawn.json().origin).toBe('illustration');
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${chapterId}/images/${drawn.json().id}`,
      headers: user.auth,
      payload: { position: 1 },
    });
    expect(moved.json()).toMatchObject({ position: 1, origin: 'illustration' });
    const chapter = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${chapterId}`,
      headers: user.auth,
    });
    expect(
      (chapter.json().images as { position: number; origin: string }[]).map(
        ({ position, origin }) => ({ position, origin }),
      ),
    ).toEqual([
      { position: 1, origin: 'illustration' },
      { position: 2, origin: 'photo' },
    ]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/conversations',
      headers: user.auth,
    });
    const listed = (list.json().data as { id: string; images: { origin: string }[] }[]).find(
      (row) => row.id === chapterId,
    )!;
    expect(listed.images.map((image) => image.origin)).toEqual(['illustration', 'photo']);
  });
});

describe('the print, screen and display renditions', () => {
  it('keeps a baseline JPEG of at most 1600 px, oriented and without metadata, one of 500 px and a WebP of 1200 px beside each picture', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const big = await solid(4000, 3000).png().toBuffer();
    const response = await upload(user, chapterId, big, {
      filename: 'big.png',
      contentType: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(201);
    const print = imageFilesOf(user.id).find((key) => key.endsWith('.print.jpg'))!;
    const stored = await ctx.app.services.storage.get(print);
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1200, isProgressive: false });
    expect(meta.exif).toBeUndefined();
    // And a screen rendition of at most 500 px, for the book's screen PDF.
    const screen = imageFilesOf(user.id).find((key) => key.endsWith('.screen.jpg'))!;
    const screenMeta = await sharp((await ctx.app.services.storage.get(screen))!.bytes).metadata();
    expect(screenMeta).toMatchObject({ format: 'jpeg', width: 500, height: 375 });
    // And a display rendition of at most 1200 px, for the app's cards: far lighter than the picture, and
    // WebP for a PNG (transparency kept).
    const display = imageFilesOf(user.id).find((key) => key.endsWith('.display.webp'))!;
    const displayBytes = (await ctx.app.services.storage.get(display))!.bytes;
    expect(await sharp(displayBytes).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 900,
    });
    const original = imageFilesOf(user.id).find((key) => /\/[0-9a-f-]{36}\.png$/.test(key))!;
    expect(displayBytes.length).toBeLessThan(
      (await ctx.app.services.storage.get(original))!.bytes.length,
    );
    expect(response.json().display_url).toContain('.display.webp?');
    // Deleting the picture deletes its renditions.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${chapterId}/images/${response.json().id}`,
      headers: user.auth,
    });
    expect(imageFilesOf(user.id)).toEqual([]);
  });
});

describe('pictures stored before the display rendition', () => {
  it('get one from the command line, once; an unreadable one is counted, not fatal', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const storage = ctx.app.services.storage;
    const older = (await upload(user, chapterId, await solid(1600, 1200).png().toBuffer())).json();
    const broken = (await upload(user, chapterId, await jpeg(64, 48))).json();
    const keyOf = async (id: string) =>
      (await ctx.database.db.select().from(images).where(eq(images.id, id)))[0]!.key;
    // As an older version left them: no display file; one of them with its original damaged too.
    await storage.delete(displayKeyOf(await keyOf(older.id)));
    await storage.delete(displayKeyOf(await keyOf(broken.id)));
    await storage.put(await keyOf(broken.id), Buffer.from('not a picture'), 'image/jpeg');
    expect((await fetchFile(older.display_url)).statusCode).toBe(404);

    const lines: string[] = [];
    const output = {
      print: (line: string) => lines.push(line),
      writeFile: () => {},
      stream: () => ({ write: () => {}, close: async () => {} }),
    };
    const context = { database: ctx.database, config: ctx.config };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await executeCommand(['images', 'renditions'], ctx.app.services, output, context);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d+ pictures checked: 1 display renditions made, 1 pictures unreadable/,
    );
    const display = await fetchFile(older.display_url);
    expect(display.statusCode).toBe(200);
    expect(await sharp(display.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 900,
    });
    // Run again: nothing left to make.
    await executeCommand(['images', 'renditions'], ctx.app.services, output, context);
    expect(lines[1]).toMatch(/^\d+ pictures checked: 0 display renditions made, 1 pictures/);
  });
});

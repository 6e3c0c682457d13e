// The built-in illustrator end to end: a real PNG, the same bytes for the same chapter, different
// pictures for different chapters, fast enough to draw while the person waits.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EmbeddedIllustrator } from '../../../src/providers/illustrator/embedded.ts';
import { createIllustrator } from '../../../src/providers/illustrator/index.ts';
import type { IllustrationRequest } from '../../../src/providers/illustrator/types.ts';

const illustrator = new EmbeddedIllustrator();

function request(keywords: string[], seed = 'chapter-1'): IllustrationRequest {
  return { language: 'fr', title: null, keywords, summary: null, seed };
}

/** A 48x32 thumbnail's RGB bytes: enough to tell pictures apart by eye. */
function thumbnail(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().resize(48, 32, { fit: 'fill' }).raw().toBuffer();
}

/** Mean absolute difference per channel, 0 to 255. */
function difference(a: Buffer, b: Buffer): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs(a[i]! - b[i]!);
  return total / a.length;
}

describe('embedded illustrator', () => {
  it('draws a 1536x1024 PNG with no prompt', async () => {
    const picture = await illustrator.illustrate(request(['mer', 'bateau']));
    expect(picture.png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    const meta = await sharp(picture.png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([1536, 1024]);
    expect([picture.width, picture.height]).toEqual([1536, 1024]);
    expect(picture.prompt).toBeNull();
    expect(illustrator.kind).toBe('embedded');
  });

  it('draws the same bytes for the same chapter', async () => {
    const a = await illustrator.illustrate(request(['montagne', 'hiver'], 'same'));
    const b = await illustrator.illustrate(request(['montagne', 'hiver'], 'same'));
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('draws visibly different pictures for different chapters', async () => {
    const inputs = [
      request(['mer', 'bateau'], 'x'),
      request(['montagne', 'neige'], 'x'),
      request(['Paris', 'usine', 'guerre'], 'x'),
      request(['ferme', 'moisson'], 'x'),
      request(['nuit', 'rivière'], 'x'),
      request(['mer', 'bateau'], 'y'),
    ];
    const pictures = await Promise.all(inputs.map((input) => illustrator.illustrate(input)));
    const hashes = new Set(pictures.map((p) => createHash('sha256').update(p.png).digest('hex')));
    expect(hashes.size).toBe(inputs.length);
    const thumbnails = await Promise.all(pictures.map((p) => thumbnail(p.png)));
    // Not just different bytes: even a thumbnail tells each picture from every other one.
    for (let i = 0; i < thumbnails.length; i++) {
      for (let j = i + 1; j < thumbnails.length; j++) {
        expect(
          difference(thumbnails[i]!, thumbnails[j]!),
          `pictures ${i} and ${j}`,
        ).toBeGreaterThan(8);
      }
    }
  });

  it('renders well under a second', async () => {
    await illustrator.illustrate(request(['jardin'], 'warm-up'));
    const started = performance.now();
    await illustrator.illustrate(request(['Paris', 'usine', 'école', 'rivière', 'train'], 'busy'));
    // ~60–150 ms on a 2-core machine; the bound leaves room for a loaded CI runner.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('stops before drawing when the caller has given up', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(illustrator.illustrate(request(['mer']), controller.signal)).rejects.toThrow(
      'gone',
    );
  });
});

describe('createIllustrator', () => {
  it('is built in unless a server and an image model are both configured', () => {
    expect(createIllustrator().kind).toBe('embedded');
    expect(createIllustrator({ openaiApiKey: 'sk-test' }).kind).toBe('embedded');
    expect(createIllustrator({ openaiImageModel: 'gpt-image-1' }).kind).toBe('embedded');
    expect(
      createIllustrator({ openaiApiKey: 'sk-test', openaiImageModel: 'gpt-image-1' }).kind,
    ).toBe('openai');
    expect(
      createIllustrator({ openaiBaseUrl: 'http://127.0.0.1:9/v1', openaiImageModel: 'sd-xl' }).kind,
    ).toBe('openai');
    expect(
      createIllustrator({ openaiApiKey: null, openaiBaseUrl: null, openaiImageModel: 'x' }).kind,
    ).toBe('embedded');
  });
});

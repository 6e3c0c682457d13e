// The OpenAI-compatible illustrator against a local server speaking the images protocol.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OpenAIIllustrator,
  imageRequest,
  type OpenAIIllustratorOptions,
} from '../../../src/providers/illustrator/openai.ts';
import { buildImagePrompt } from '../../../src/providers/illustrator/prompt.ts';
import {
  IllustratorUnavailableError,
  type IllustrationRequest,
} from '../../../src/providers/illustrator/types.ts';
import { startFakeOpenAI, TINY_PNG_BASE64, type FakeOpenAI } from '../../support/fake-openai.ts';

let fake: FakeOpenAI;
let files: Server;
let filesUrl: string;
let fileRequests = 0;
let webp: Buffer;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  webp = await sharp({
    create: { width: 30, height: 20, channels: 3, background: '#88aacc' },
  })
    .webp()
    .toBuffer();
  // A second local server standing for "the image server hands out a link to its own files".
  files = createServer((_req, res) => {
    fileRequests += 1;
    res.writeHead(200, { 'content-type': 'image/webp' });
    res.end(webp);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.close();
  await new Promise<void>((resolve) => files.close(() => resolve()));
});
beforeEach(() => {
  fake.script.reset();
  fileRequests = 0;
});

function illustrator(options: Partial<OpenAIIllustratorOptions> = {}) {
  return new OpenAIIllustrator({
    apiKey: 'sk-test',
    baseURL: fake.url,
    model: 'gpt-image-1',
    retryBaseDelayMs: 10,
    ...options,
  });
}

const chapter: IllustrationRequest = {
  language: 'fr',
  title: 'Les étés à Douarnenez',
  keywords: ['mer', 'bateaux', 'grand-mère Louise'],
  summary: 'Chaque été, chez ma grand-mère Louise, rue des Plomarc’h…',
  seed: 'c1',
};

describe('openai illustrator', () => {
  it('asks for one landscape picture and returns it as a checked PNG', async () => {
    const picture = await illustrator().illustrate(chapter);
    expect(picture.png.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    expect([picture.width, picture.height]).toEqual([4, 4]);
    expect(picture.prompt).toBe(buildImagePrompt(chapter));

    const [sent] = fake.requestsTo('images');
    expect(sent!.headers.authorization).toBe('Bearer sk-test');
    expect(sent!.json).toMatchObject({ model: 'gpt-image-1', n: 1, size: '1536x1024' });
    expect(sent!.json.response_format).toBeUndefined();
    expect(sent!.json.prompt).toContain('« Les étés à Douarnenez »');
    expect(sent!.json.prompt).toContain('mer, bateaux, grand-mère Louise');
    expect(sent!.json.prompt).toContain('Aucun texte');
    // The summary's private details are not sent.
    expect(sent!.json.prompt).not.toContain('Plomarc');
  });

  it('normalises what the server sends (here WebP) to PNG', async () => {
    fake.script.images({ json: { created: 1, data: [{ b64_json: webp.toString('base64') }] } });
    const picture = await illustrator().illustrate(chapter);
    const meta = await sharp(picture.png).metadata();
    expect(meta.format).toBe('png');
    expect([picture.width, picture.height]).toEqual([30, 20]);
  });

  it('retries after a 500 and a 429, then succeeds', async () => {
    fake.script.images({ status: 500 }, { status: 429, headers: { 'retry-after-ms': '5' } });
    const picture = await illustrator().illustrate(chapter);
    expect(picture.width).toBe(4);
    expect(fake.requestsTo('images')).toHaveLength(3);
  });

  it('gives up after its retries', async () => {
    fake.script.images({ status: 503 }, { status: 503 }, { status: 503 });
    await expect(illustrator({ maxRetries: 2 }).illustrate(chapter)).rejects.toBeInstanceOf(
      IllustratorUnavailableError,
    );
    expect(fake.requestsTo('images')).toHaveLength(3);
  });

  it('does not retry a refused request', async () => {
    fake.script.images({ status: 400 });
    await expect(illustrator().illustrate(chapter)).rejects.toBeInstanceOf(
      IllustratorUnavailableError,
    );
    expect(fake.requestsTo('images')).toHaveLength(1);
  });

  it('times out within its budget', async () => {
    fake.script.images({ hang: true }, { hang: true });
    const started = Date.now();
    await expect(illustrator({ timeoutMs: 300 }).illustrate(chapter)).rejects.toBeInstanceOf(
      IllustratorUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each([
    ['a body that is not JSON', { raw: '<html>Bad gateway</html>' }],
    ['no picture at all', { json: { created: 1, data: [] } }],
    [
      'base64 that is not an image',
      { json: { data: [{ b64_json: Buffer.from('hello').toString('base64') }] } },
    ],
    ['a truncated PNG', { json: { data: [{ b64_json: TINY_PNG_BASE64.slice(0, 60) }] } }],
  ])('treats %s as unavailable', async (_name, response) => {
    fake.script.images(response, response, response);
    await expect(illustrator().illustrate(chapter)).rejects.toBeInstanceOf(
      IllustratorUnavailableError,
    );
  });

  it('refuses a link to another host without fetching it', async () => {
    fake.script.images({
      json: { data: [{ url: `http://localhost:${new URL(filesUrl).port}/a.png` }] },
    });
    await expect(illustrator().illustrate(chapter)).rejects.toThrow(/another host/);
    expect(fileRequests).toBe(0);
  });

  it('follows a link on the image server itself', async () => {
    fake.script.images({ json: { data: [{ url: `${filesUrl}/files/picture.webp` }] } });
    const picture = await illustrator().illustrate(chapter);
    expect(fileRequests).toBe(1);
    expect([picture.width, picture.height]).toEqual([30, 20]);
  });

  it('passes the caller giving up through, not as an outage', async () => {
    fake.script.images({ hang: true });
    const controller = new AbortController();
    const pending = illustrator().illustrate(chapter, controller.signal);
    setTimeout(() => controller.abort(new Error('left the page')), 50);
    await expect(pending).rejects.toThrow('left the page');
  });
});

describe('image request and prompt', () => {
  it('fits each model family', () => {
    expect(imageRequest('gpt-image-1', 'p')).toEqual({
      model: 'gpt-image-1',
      prompt: 'p',
      n: 1,
      size: '1536x1024',
    });
    expect(imageRequest('dall-e-3', 'p')).toMatchObject({
      size: '1792x1024',
      response_format: 'b64_json',
    });
    expect(imageRequest('dall-e-2', 'p')).toMatchObject({
      size: '1024x1024',
      response_format: 'b64_json',
    });
    expect(imageRequest('stable-diffusion', 'p')).toMatchObject({
      size: '1536x1024',
      response_format: 'b64_json',
    });
  });

  it('is written in the chapter language, without text or faces', () => {
    const en = buildImagePrompt({
      language: 'en',
      title: 'Summers by the sea',
      keywords: ['boats'],
    });
    expect(en).toContain('"Summers by the sea"');
    expect(en).toContain('Themes: boats.');
    expect(en).toContain('No text');
    expect(en).toContain('No recognisable faces');
    const untitled = buildImagePrompt({ language: 'fr', title: null, keywords: [] });
    expect(untitled).not.toContain('{');
    expect(untitled).not.toContain('Thèmes');
  });

  it('cleans and caps what the person wrote', () => {
    const prompt = buildImagePrompt({
      language: 'fr',
      title: 'Titre "cité" $& {x}\n\u0007fin',
      keywords: Array.from({ length: 20 }, (_, i) => `mot${i}`).concat('mot0'),
    });
    expect(prompt).toContain('« Titre cité $& x fin »');
    expect(prompt).toContain('mot7.');
    expect(prompt).not.toContain('mot8');
  });
});

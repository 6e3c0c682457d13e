// Journey helpers for the book: full access bought through the payment simulator, chapters written and
// illustrated through the real API, and the finished PDF read back with poppler (pdfinfo, pdffonts,
// pdftotext, pdfimages, pdftoppm) and sharp.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Account } from './accounts';

function auth(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

// ---------------------------------------------------------------- full access

export interface PremiumStatusWire {
  is_full_access_granted: boolean;
  book_credits: number;
}

export async function premiumStatus(
  request: APIRequestContext,
  account: Account,
): Promise<PremiumStatusWire> {
  const response = await request.get('/api/v1/premium-status', { headers: auth(account) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PremiumStatusWire;
}

/** Buys "12 months and a book" as a person would: the simulator's page, its "Payer" button, the way back. */
export async function buyFullAccess(
  page: Page,
  request: APIRequestContext,
  account: Account,
): Promise<void> {
  const checkout = await request.post('/api/v1/demo/checkout/premium-12-months-and-a-book', {
    headers: auth(account),
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { redirect_url } = (await checkout.json()) as { redirect_url: string };
  expect(redirect_url).toMatch(/\/api\/v1\/demo\/checkout\/[^/]+$/);
  await page.goto(redirect_url);
  await expect(page.getByRole('note')).toContainText('SIMULATION');
  await page.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(page).toHaveURL(/\/payment-success/);
}

// ---------------------------------------------------------------- chapters and photos

/** Well-separated colours (each channel one of four levels, no greys): a photo is known by its colour. */
export function photoColours(count: number): [number, number, number][] {
  const levels = [30, 95, 160, 225];
  const colours: [number, number, number][] = [];
  for (const r of levels)
    for (const g of levels)
      for (const b of levels) {
        if (r === g && g === b) continue;
        colours.push([r, g, b]);
      }
  if (colours.length < count) throw new Error(`Only ${colours.length} colours`);
  return colours.slice(0, count);
}

export function hex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A 1600×1200 JPEG of one colour. */
export function jpeg(colour: [number, number, number]): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: colour[0], g: colour[1], b: colour[2] },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface ChapterPlan {
  title: string;
  summary: string;
  photos: { colour: [number, number, number]; legend: string }[];
}

/** A chapter with its title, its text and its photos, all through the API. Returns its id. */
export async function createIllustratedChapter(
  request: APIRequestContext,
  account: Account,
  plan: ChapterPlan,
): Promise<string> {
  const created = await request.post('/api/v1/conversations', { headers: auth(account) });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const patched = await request.patch(`/api/v1/conversations/${id}`, {
    headers: auth(account),
    data: { title: plan.title, summary: plan.summary },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  for (const [index, photo] of plan.photos.entries()) {
    const uploaded = await request.post(`/api/v1/conversations/${id}/images`, {
      headers: auth(account),
      multipart: {
        file: {
          name: `photo-${index + 1}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await jpeg(photo.colour),
        },
        legend: photo.legend,
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const chapter = await request.get(`/api/v1/conversations/${id}`, { headers: auth(account) });
  const wire = (await chapter.json()) as {
    title_infos: { title: string | null };
    images: { legend: string | null }[];
  };
  expect(wire.title_infos.title).toBe(plan.title);
  expect(wire.images.map((image) => image.legend).sort()).toEqual(
    plan.photos.map((photo) => photo.legend).sort(),
  );
  return id;
}

/** One of the person's own photos (not in a chapter), for the author's portrait. */
export async function uploadOwnPhoto(
  request: APIRequestContext,
  account: Account,
  colour: [number, number, number],
): Promise<string> {
  const response = await request.post('/api/v1/images', {
    headers: auth(account),
    multipart: {
      file: { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await jpeg(colour) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

// ---------------------------------------------------------------- the PDF, through poppler

function run(command: string, args: string[]): string {
  // stderr kept from the report: poppler complains of Typst's (valid) /Suspects false in /MarkInfo.
  return execFileSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Pages and the first page's size in points (pdfinfo writes 419.528 x 595.276 pts for A5). */
export function pdfInfo(file: string): { width: number; height: number; pages: number } {
  const out = run('pdfinfo', [file]);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(out);
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(out)?.[1]);
  return { width: Number(size?.[1]), height: Number(size?.[2]), pages };
}

export interface FontRow {
  name: string;
  type: string;
  embedded: string;
}

/** pdffonts' table, read by the header's column positions (a type may hold spaces). */
export function pdfFonts(file: string): FontRow[] {
  const lines = run('pdffonts', [file]).split('\n');
  const header = lines[0] ?? '';
  const at = (name: string) => header.indexOf(name);
  const [type, encoding, emb, sub] = [at('type'), at('encoding'), at('emb'), at('sub')];
  return lines
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => ({
      name: line.slice(0, type).trim(),
      type: line.slice(type, encoding).trim(),
      embedded: line.slice(emb, sub).trim(),
    }));
}

/** The text of one page (1-based), or of the whole file, laid out as on the page. */
export function pdfText(file: string, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return run('pdftotext', ['-layout', ...range, file, '-']);
}

export interface WordBox {
  page: number;
  word: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface PageBox {
  width: number;
  height: number;
}

/** Every word with its box, in points from the page's top left (pdftotext -bbox). */
export function pdfWordBoxes(file: string): { pages: PageBox[]; words: WordBox[] } {
  const html = run('pdftotext', ['-bbox', file, '-']);
  const pages: PageBox[] = [];
  const words: WordBox[] = [];
  const token =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g;
  for (const match of html.matchAll(token)) {
    if (match[1]) {
      pages.push({ width: Number(match[1]), height: Number(match[2]) });
    } else {
      words.push({
        page: pages.length,
        word: match[7]!,
        xMin: Number(match[3]),
        yMin: Number(match[4]),
        xMax: Number(match[5]),
        yMax: Number(match[6]),
      });
    }
  }
  return { pages, words };
}

export interface ImageRow {
  page: number;
  type: string;
  width: number;
  height: number;
}

/** pdfimages -list: one row per image drawn (smask rows left out). */
export function pdfImages(file: string): ImageRow[] {
  return run('pdfimages', ['-list', file])
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length > 4 && /^\d+$/.test(cells[0]!))
    .map((cells) => ({
      page: Number(cells[0]),
      type: cells[2]!,
      width: Number(cells[3]),
      height: Number(cells[4]),
    }))
    .filter((row) => row.type === 'image');
}

/** Every page drawn as a PNG at `dpi` into `dir`; the files in page order. */
export function renderPages(file: string, dir: string, dpi: number, first?: number, last?: number) {
  const range = first ? ['-f', String(first), '-l', String(last ?? first)] : [];
  run('pdftoppm', ['-r', String(dpi), '-png', ...range, file, join(dir, 'page')]);
  const pages = readdirSync(dir)
    .filter((name) => /^page-\d+\.png$/.test(name))
    .map((name) => ({ page: Number(/(\d+)/.exec(name)![1]), path: join(dir, name) }))
    .sort((a, b) => a.page - b.page);
  return pages;
}

export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Buffer;
}

export async function raster(input: string | Buffer): Promise<Raster> {
  const { data, info } = await sharp(input)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

/** How many pixels are within `tolerance` of `colour` on each channel. */
export function countColour(
  image: Raster,
  colour: [number, number, number],
  tolerance = 14,
): number {
  let count = 0;
  const { data, channels } = image;
  for (let i = 0; i < data.length; i += channels) {
    if (
      Math.abs(data[i]! - colour[0]) <= tolerance &&
      Math.abs(data[i + 1]! - colour[1]) <= tolerance &&
      Math.abs(data[i + 2]! - colour[2]) <= tolerance
    )
      count += 1;
  }
  return count;
}

/** The darkest channel value in the columns [x0, x1) of the whole height (255: all white). */
export function darkestInColumns(image: Raster, x0: number, x1: number): number {
  let darkest = 255;
  const { data, channels, width, height } = image;
  for (let y = 0; y < height; y += 1)
    for (let x = Math.max(0, x0); x < Math.min(width, x1); x += 1) {
      const i = (y * width + x) * channels;
      darkest = Math.min(darkest, data[i]!, data[i + 1]!, data[i + 2]!);
    }
  return darkest;
}

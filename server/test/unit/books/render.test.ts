// The typeset book itself, without the server: an even page count with a blank last page whatever the
// length of the closing text, chapters opening on right-hand pages as the table of contents says, pictures
// spread through the text, the spine growing with the page count.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  chapterBlocks,
  coverJob,
  openingWords,
  pairPictures,
  runningHead,
  interiorJob,
  spineWidthMm,
  type BookMaterial,
} from '../../../src/modules/books/render.ts';
import { Typesetter } from '../../../src/modules/books/typesetter.ts';

const typesetter = new Typesetter();
afterAll(() => typesetter.close());

const TEXT =
  'Nous habitions une maison au bord de l\'eau ; le matin, mon père partait pêcher. Ma mère disait : "le bonheur est simple" !';

async function picture(color: string) {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { bytes, legend: `Photo ${color}`, width: 800, height: 600 };
}

async function material(summaryParagraphs: number): Promise<BookMaterial> {
  return {
    language: 'fr',
    title: 'Au bord de l’eau',
    subtitle: 'Souvenirs',
    author: 'Jeanne Martin',
    summary: Array(summaryParagraphs).fill(TEXT.repeat(3)).join('\n\n'),
    dedication: null,
    largePrint: false,
    chapters: await Promise.all(
      ['Enfance', 'Jeunesse', 'Travail', 'Famille'].map(async (title, i) => ({
        title,
        author: null,
        text: Array(4 + i * 3)
          .fill(TEXT.repeat(4))
          .join('\n\n'),
        images: i === 1 ? [await picture('#aa3333'), await picture('#33aa33')] : [],
      })),
    ),
    cover: null,
    portrait: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
  };
}

function pageTexts(pdf: ArrayBuffer, pages: number): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'render-')), 'book.pdf');
  writeFileSync(file, Buffer.from(pdf));
  return Array.from({ length: pages }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), file, '-'], {
      encoding: 'utf8',
    }).trim(),
  );
}

describe('the typeset interior', () => {
  for (const summaryParagraphs of [1, 12]) {
    it(`has an even page count and no stray folio (back-cover text of ${summaryParagraphs} paragraphs)`, async () => {
      const result = await typesetter.run(await interiorJob(await material(summaryParagraphs)));
      const { pages, pdf } = result.print!;
      expect(pages % 2).toBe(0);
      const texts = pageTexts(pdf!, pages);
      // No page carries a lone page number (a blank page keeps nothing, not even its folio).
      texts.forEach((text, index) => expect(text, `page ${index + 1}`).not.toMatch(/^\d+$/));
      // The table of contents sends each chapter to a right-hand page that opens it.
      const contents = texts.find((t) => t.startsWith('Table des matières'))!;
      const entries = [...contents.matchAll(/\d+ (\p{L}+)[ .]*\u2060?(\d+)/gu)];
      expect(entries).toHaveLength(4);
      for (const [, title, page] of entries) {
        const number = Number(page);
        expect(number % 2, title).toBe(1);
        expect(texts[number - 1]).toContain(title);
      }
      expect(result.screen!.pages).toBe(pages);
    });
  }

  it('makes the screen PDF much lighter than the print one, with the same pages', async () => {
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#557799',
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .jpeg({ quality: 88 })
      .toBuffer();
    const book = await material(1);
    book.chapters[0]!.images = [
      { bytes: photo, legend: null, width: 1600, height: 1200, printReady: true },
    ];
    const result = await typesetter.run(await interiorJob(book));
    expect(result.screen!.pages).toBe(result.print!.pages);
    expect(result.screen!.pdf!.byteLength * 4).toBeLessThan(result.print!.pdf!.byteLength);
  });

  it('uses the screen rendition made at upload as it is when it fits its place, else resizes it', async () => {
    const jpeg = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#557799' } })
        .jpeg()
        .toBuffer();
    const [print, wide, tall] = await Promise.all([
      jpeg(1600, 1200),
      jpeg(500, 375),
      jpeg(375, 500),
    ]);
    const book = await material(1);
    book.chapters[0]!.images = [
      { bytes: print, legend: null, width: 1600, height: 1200, printReady: true, screen: wide },
      { bytes: print, legend: null, width: 1200, height: 1600, printReady: true, screen: tall },
    ];
    book.portrait = {
      bytes: print,
      legend: null,
      width: 1600,
      height: 1200,
      printReady: true,
      screen: wide,
    };
    const job = await interiorJob(book);
    // Both chapter pictures fill (or nearly) their place (the first under the title, 93 mm wide; the
    // portrait 72 mm, 60 % of the text): the renditions are the screen PDF's pictures.
    expect(Buffer.from(job.files['screen/c0-0.jpg']!).equals(wide)).toBe(true);
    expect(Buffer.from(job.files['screen/c0-1.jpg']!).equals(tall)).toBe(true);
    expect(Buffer.from(job.files['print/c0-0.jpg']!).equals(print)).toBe(true);
    // The portrait is 60 mm wide: 260 px at 110 dpi, resized from the 500 px rendition.
    expect(await sharp(job.files['screen/portrait.jpg']!).metadata()).toMatchObject({
      width: 260,
    });
    // Without a screen rendition (a picture stored before they existed), it is made from the print one.
    book.chapters[0]!.images = [
      { bytes: print, legend: null, width: 1600, height: 1200, printReady: true },
    ];
    const older = await interiorJob(book);
    expect(await sharp(older.files['screen/c0-0.jpg']!).metadata()).toMatchObject({ width: 404 });
  });

  it('sizes the cover wrap from the page count', async () => {
    expect(spineWidthMm(100)).toBeCloseTo(6.5, 1);
    expect(spineWidthMm(300)).toBeGreaterThan(spineWidthMm(100));
    const cover = await typesetter.run(await coverJob(await material(1), 200));
    expect(cover.cover!.pages).toBe(1);
  });
});

describe('pictures in the text', () => {
  it('opens the chapter with its first words in small capitals', () => {
    const blocks = chapterBlocks(['Nous habitions une maison, au bord de l’eau.', 'Puis.'], []);
    expect(blocks[0]).toEqual({
      kind: 'p',
      lead: 'Nous habitions une',
      text: ' maison, au bord de l’eau.',
    });
    expect(openingWords('Oui, bien sûr.')).toEqual({ lead: 'Oui', text: ', bien sûr.' });
    expect(openingWords('— Oui, dit-il.')).toBeNull();
  });

  it('pairs narrow pictures, and any two in a short chapter full of pictures', () => {
    const landscape = { width: 1200, height: 800 };
    const portrait = { width: 800, height: 1200 };
    expect(pairPictures([landscape, portrait, portrait, landscape], 20_000)).toEqual([
      [0],
      [1, 2],
      [3],
    ]);
    expect(pairPictures([landscape, landscape, landscape, landscape, portrait], 1_000)).toEqual([
      [0],
      [1, 2],
      [3, 4],
    ]);
    expect(pairPictures([landscape, landscape, landscape, landscape], 1_000)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('dates the edition as the author writes dates (en-GB day first, en-US month first)', async () => {
    const edition = async (dateLocale?: string) => {
      const job = await interiorJob({
        ...(await material(1)),
        language: 'en',
        createdAt: new Date('2026-12-03T10:00:00Z'),
        dateLocale,
      });
      const data = Object.values(job.files).map((bytes) => new TextDecoder().decode(bytes));
      // The typeset text holds no-break spaces (between day and month) and word joiners.
      return data
        .find((text) => text.includes('First edition'))
        ?.match(/First edition, [^."]*/)?.[0]
        .replace(/\u2060/g, '')
        .replace(/[\u00A0\u202F]/g, ' ');
    };
    expect(await edition()).toBe('First edition, 3 December 2026');
    expect(await edition('en-GB')).toBe('First edition, 3 December 2026');
    expect(await edition('en-US')).toBe('First edition, December 3, 2026');
  });

  it('shortens a long running head between words, with an ellipsis', () => {
    expect(runningHead('Claire', 40)).toBe('Claire');
    const head = runningHead('Les années à Vienne (1969–1971), le retour à Villeurbanne', 40);
    expect(head).toBe('Les années à Vienne (1969–1971), le…');
  });

  it('puts the first under the title and spreads the others evenly, all of them placed', () => {
    const figures = [1, 2, 3].map((n) => ({ path: `/p${n}.jpg`, width: 100, caption: null }));
    const blocks = chapterBlocks(['a', 'b', 'c', 'd', 'e', 'f'], figures);
    expect(blocks.map((b) => (b.kind === 'p' ? b.text : b.kind === 'img' ? b.path : ''))).toEqual([
      '/p1.jpg',
      'a',
      'b',
      '/p2.jpg',
      'c',
      'd',
      '/p3.jpg',
      'e',
      'f',
    ]);
    expect(chapterBlocks([], figures).map((b) => b.kind)).toEqual(['img', 'img', 'img']);
  });
});

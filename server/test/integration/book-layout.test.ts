// The printed book as a book designer would make it, checked on the PDF itself with poppler: books of
// several shapes (a short chapter with five photos, a long one with none, portraits and landscapes, a very
// long title, English, large print) made by the real render and typesetter code.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interiorJob } from '../../src/modules/books/render.ts';
import { Typesetter } from '../../src/modules/books/typesetter.ts';
import { suggestBookEmbedded } from '../../src/providers/writer/book.ts';
import { layoutBook, LONG_TITLE } from '../support/book-layout.ts';

interface Word {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
}
interface Line {
  words: Word[];
  y0: number;
  y1: number;
}
interface Page {
  number: number;
  lines: Line[];
  images: number;
  text: string;
}

const PT_PER_MM = 72 / 25.4;
/** The text block: 210 mm less 20 mm at the top and 22 mm at the bottom. */
const TOP = 20 * PT_PER_MM;
const BOTTOM = (210 - 22) * PT_PER_MM;

const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

function readPdf(pdf: ArrayBuffer): Page[] {
  const file = join(mkdtempSync(join(tmpdir(), 'layout-')), 'book.pdf');
  writeFileSync(file, Buffer.from(pdf));
  const xml = execFileSync('pdftotext', ['-bbox-layout', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const images = new Map<number, number>();
  for (const row of execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)) {
    const page = Number(row.trim().split(/\s+/)[0]);
    if (page) images.set(page, (images.get(page) ?? 0) + 1);
  }
  const texts = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
  return xml
    .split('<page ')
    .slice(1)
    .map((chunk, index) => {
      const lines = [...chunk.matchAll(/<line [^>]*>([\s\S]*?)<\/line>/g)].map((m) => {
        const words = [
          ...m[1]!.matchAll(
            /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
          ),
        ].map((w) => ({
          x0: Number(w[1]),
          y0: Number(w[2]),
          x1: Number(w[3]),
          y1: Number(w[4]),
          text: unescape(w[5]!),
        }));
        return { words, y0: words[0]!.y0, y1: words[0]!.y1 };
      });
      return {
        number: index + 1,
        lines,
        images: images.get(index + 1) ?? 0,
        text: texts[index] ?? '',
      };
    });
}

/** Lines of the text block (not the running head nor the folio), and the share of its height they fill. */
function bodyLines(page: Page): Line[] {
  return page.lines.filter((l) => l.y0 >= TOP - 2 && l.y1 <= BOTTOM + 2);
}
function textShare(page: Page): number {
  const height = bodyLines(page).reduce((sum, l) => sum + (l.y1 - l.y0), 0);
  return height / (BOTTOM - TOP);
}

const isOpening = (page: Page) => /^\s*(CHAPITRE|CHAPTER) \d+/m.test(page.text);

const typesetter = new Typesetter();
afterAll(() => typesetter.close());

const books: Record<string, Page[]> = {};
beforeAll(async () => {
  for (const [name, options] of [
    ['French', {}],
    ['English', { language: 'en' as const }],
    ['large print', { largePrint: true }],
  ] as const) {
    const material = await layoutBook(options);
    // The closing page's text as the suggestions would write it, from the chapters' titles.
    material.summary = suggestBookEmbedded({
      language: material.language,
      author: material.author,
      chapters: material.chapters.map((c) => ({ title: c.title, keywords: [], text: c.text })),
      instructions: null,
    }).summary;
    const result = await typesetter.run(await interiorJob(material));
    books[name] = readPdf(result.print!.pdf!);
  }
}, 120_000);

describe.each(['French', 'English', 'large print'])('the %s book', (name) => {
  it('never leaves a picture nearly alone on a page while its chapter goes on', () => {
    const pages = books[name]!;
    pages.forEach((page, index) => {
      if (!page.images) return;
      const next = pages[index + 1];
      const continues = next && !isOpening(next) && bodyLines(next).length > 3;
      if (continues) expect(textShare(page), `page ${page.number}`).toBeGreaterThan(0.1);
    });
    // Every picture is in the book, and most share their page with text.
    const withPictures = pages.filter((p) => p.images > 0);
    expect(withPictures.reduce((n, p) => n + p.images, 0)).toBe(10);
    expect(withPictures.filter((p) => textShare(p) > 0.1).length).toBeGreaterThan(
      withPictures.length / 2,
    );
  });

  it('sets chapter titles as headings: centred, no stretched word gaps, parentheses whole', () => {
    const openings = books[name]!.filter(isOpening);
    expect(openings).toHaveLength(4);
    for (const page of openings) {
      // Title lines are the large ones under "CHAPITRE n".
      const titleLines = page.lines.filter((l) => l.y1 - l.y0 > 24);
      expect(titleLines.length, `page ${page.number}`).toBeGreaterThan(0);
      for (const line of titleLines) {
        const size = line.y1 - line.y0;
        for (let i = 1; i < line.words.length; i++) {
          const gap = line.words[i]!.x0 - line.words[i - 1]!.x1;
          // A word space is about a quarter of an em; justification would stretch it.
          expect(gap, line.words.map((w) => w.text).join(' ')).toBeLessThan(size * 0.3);
        }
        const text = line.words.map((w) => w.text).join(' ');
        expect((text.match(/\(/g) ?? []).length, text).toBe((text.match(/\)/g) ?? []).length);
        expect(text, 'no line ends with a short word').not.toMatch(/ (à|de|le|la|the|of|to)$/);
        expect(text, 'never hyphenated').not.toMatch(/-$/);
        // Centred: as much room on the left as on the right of the text block.
        const centre = (line.words[0]!.x0 + line.words.at(-1)!.x1) / 2;
        const inside = page.number % 2 === 1 ? 20 : 15;
        const blockCentre = (inside + 113 / 2) * PT_PER_MM;
        expect(Math.abs(centre - blockCentre), text).toBeLessThan(5);
      }
    }
  });

  it('lists every chapter in the contents with the page it opens on', () => {
    const pages = books[name]!;
    const contents = pages.find((p) => /Table des matières|Contents/.test(p.text))!;
    const numbers = [...contents.text.matchAll(/\.\s*(\d+)\s*$/gm)].map((m) => Number(m[1]));
    expect(numbers).toHaveLength(4);
    numbers.forEach((number, index) => {
      expect(number % 2).toBe(1);
      expect(pages[number - 1]!.text).toMatch(new RegExp(`(CHAPITRE|CHAPTER) ${index + 1}\\b`));
    });
    // The numbers end flush right, one under the other, however long the title.
    const ends = bodyLines(contents)
      .map((l) => l.words.at(-1)!)
      .filter((w) => /^\d+$/.test(w.text))
      .map((w) => w.x1);
    expect(ends).toHaveLength(4);
    expect(Math.max(...ends) - Math.min(...ends)).toBeLessThan(1);
    // Dotted leaders run up to each number, however long the title.
    expect(contents.text.match(/\. \. \. |\.{4,}/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
  });

  it('keeps running heads on one line, shortened with an ellipsis', () => {
    const pages = books[name]!;
    const heads = pages
      .filter((p) => !isOpening(p))
      .map((p) => p.lines.filter((l) => l.y1 < TOP - 2))
      .filter((lines) => lines.length > 0);
    expect(heads.length).toBeGreaterThan(10);
    heads.forEach((lines) => expect(lines).toHaveLength(1));
    expect(heads.some((lines) => lines[0]!.words.at(-1)!.text.endsWith('…'))).toBe(true);
  });

  it('never splits a date at a line end and keeps the titles’ capitals in the closing text', () => {
    const all = books[name]!.map((p) => p.text).join('\n');
    expect(all).not.toMatch(/\b(14|July)\s*\n\s*(juillet|14)/);
    expect(all).not.toMatch(/juillet\s*\n\s*1960/);
    const end = books[name]!.slice(-3)
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(end).toMatch(/Villeurbanne|Leeds/);
    expect(end).toContain('Claire');
    expect(end).not.toMatch(/\bclaire\b|\bvilleurbanne\b|\bleeds\b/);
  });
});

it('has the edition date in the colophon', () => {
  expect(books['French']!.slice(0, 6).some((p) => p.text.includes('1er mars 2026'))).toBe(true);
  expect(books['English']!.slice(0, 6).some((p) => p.text.includes('1 March 2026'))).toBe(true);
  expect(LONG_TITLE).toContain('(1969–1971)');
});

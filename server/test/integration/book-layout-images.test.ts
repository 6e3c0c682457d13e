// Reference pictures of the typeset books (pdftoppm, 30 dpi, grey; one sheet a book, its pages ten to a
// row), kept in test/integration/book-layout/ and compared page by page with a tolerance, so that a change of layout is seen. After a deliberate change, make them
// again with one command:
//   UPDATE_BOOK_REFERENCES=1 npx vitest run test/integration/book-layout-images.test.ts
// and look at the new pictures before committing them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { interiorJob } from '../../src/modules/books/render.ts';
import { Typesetter } from '../../src/modules/books/typesetter.ts';
import { layoutBook } from '../support/book-layout.ts';

const REFERENCES = new URL('./book-layout/', import.meta.url).pathname;
const UPDATE = process.env.UPDATE_BOOK_REFERENCES === '1';
/** A pixel differs when its grey level moves by more than this; a page may have this share of them. */
const PIXEL_THRESHOLD = 64;
const PAGE_TOLERANCE = 0.01;

const typesetter = new Typesetter();
afterAll(() => typesetter.close());

async function pagePictures(pdf: ArrayBuffer): Promise<Buffer[]> {
  const dir = mkdtempSync(join(tmpdir(), 'book-png-'));
  writeFileSync(join(dir, 'book.pdf'), Buffer.from(pdf));
  execFileSync('pdftoppm', ['-gray', '-png', '-r', '30', join(dir, 'book.pdf'), join(dir, 'p')]);
  const files = execFileSync('ls', [dir], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.png'))
    .sort();
  return files.map((f) => readFileSync(join(dir, f)));
}

const COLUMNS = 10;

async function grey(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The pages on one sheet, ten to a row. */
async function sheet(pages: Buffer[]): Promise<Buffer> {
  const { width, height } = await grey(pages[0]!);
  const rows = Math.ceil(pages.length / COLUMNS);
  return sharp({
    create: { width: width * COLUMNS, height: height * rows, channels: 3, background: '#808080' },
  })
    .composite(
      pages.map((input, n) => ({
        input,
        left: (n % COLUMNS) * width,
        top: Math.floor(n / COLUMNS) * height,
      })),
    )
    .greyscale()
    .png({ compressionLevel: 9, palette: true, colours: 8, dither: 0 })
    .toBuffer();
}

describe.each([
  ['fr', {}],
  ['en', { language: 'en' as const }],
  ['large-print', { largePrint: true }],
])('the %s book looks as its reference pictures', (name, options) => {
  it('matches page by page', async () => {
    const result = await typesetter.run(await interiorJob(await layoutBook(options)));
    const pages = await pagePictures(result.print!.pdf!);
    const made = await sheet(pages);
    const file = join(REFERENCES, `${name}.png`);
    if (UPDATE || !existsSync(file)) {
      mkdirSync(REFERENCES, { recursive: true });
      writeFileSync(file, made);
      if (!UPDATE) throw new Error(`${file} was missing: made it, look at it and commit it`);
      return;
    }
    const [now, then] = await Promise.all([grey(made), grey(readFileSync(file))]);
    const message = 'size of the sheet: page count (UPDATE_BOOK_REFERENCES=1 to make it again)';
    expect([now.width, now.height], message).toEqual([then.width, then.height]);
    const page = await grey(pages[0]!);
    for (let n = 0; n < pages.length; n++) {
      const left = (n % COLUMNS) * page.width;
      const top = Math.floor(n / COLUMNS) * page.height;
      let differing = 0;
      for (let y = top; y < top + page.height; y++)
        for (let x = left; x < left + page.width; x++) {
          const i = y * now.width + x;
          if (Math.abs(now.data[i]! - then.data[i]!) > PIXEL_THRESHOLD) differing++;
        }
      expect(differing / (page.width * page.height), `page ${n + 1} of ${name}`).toBeLessThan(
        PAGE_TOLERANCE,
      );
    }
  });
});

// Issue 31: the words of her family at the end of a chapter, from the book's material: in the book's
// typography and language, signed with the name and the relation she gave (never more), set apart under
// their own small heading in the PDF and the EPUB, markup and control characters harmless, and nothing at
// all for a chapter without any.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { buildEpub } from '../../../src/modules/books/epub.ts';
import {
  familyWords,
  interiorJob,
  type BookMaterial,
  type MaterialWord,
} from '../../../src/modules/books/render.ts';
import { Typesetter } from '../../../src/modules/books/typesetter.ts';
import { layoutBook } from '../../support/book-layout.ts';

const NBSP = '\u00A0';
const NNBSP = '\u202F';

const DAUGHTER: MaterialWord = {
  text: 'Maman, merci pour "notre" histoire ! Je ne savais pas tout ça...',
  name: 'Marie Dubois',
  relation: 'ma fille',
};
const GRANDSON: MaterialWord = { text: 'On ira voir la maison ?', name: 'Lucas', relation: null };
const HOSTILE: MaterialWord = {
  text: 'Bravo <b>Mamie</b> #set text(red) ]]> & "x"\u0007 \uD800 שלום\n\n\nsecond',
  name: 'Paul <i>\u202EPirate\u0007',
  relation: '\u202Emon </p>voisin',
};

async function withWords(
  words: MaterialWord[][],
  options: { language?: 'fr' | 'en'; largePrint?: boolean } = {},
): Promise<BookMaterial> {
  const material = await layoutBook(options);
  material.chapters.forEach((chapter, c) => (chapter.words = words[c] ?? []));
  return material;
}

describe('the words as they are printed', () => {
  it('are in French typography, signed « — Marie Dubois, ma fille », oldest first', () => {
    const block = familyWords([DAUGHTER, GRANDSON], 'fr')!;
    expect(block.heading).toBe('Des mots de la famille');
    expect(block.items).toEqual([
      {
        paragraphs: [
          `Maman, merci pour «${NBSP}notre${NBSP}» histoire${NNBSP}! Je ne savais pas tout ça…`,
        ],
        signature: `—${NBSP}Marie Dubois, ma fille`,
      },
      { paragraphs: [`On ira voir la maison${NNBSP}?`], signature: `—${NBSP}Lucas` },
    ]);
    expect(familyWords([GRANDSON], 'fr')!.heading).toBe('Un mot de la famille');
  });

  it('take the book’s language: English heading and rules', () => {
    const block = familyWords(
      [{ text: 'Thank you "Mum" !', name: 'Mary', relation: 'my daughter' }],
      'en',
    )!;
    expect(block.heading).toBe('A word from the family');
    expect(block.items[0]).toEqual({
      paragraphs: ['Thank you “Mum”!'],
      signature: `—${NBSP}Mary, my daughter`,
    });
    expect(familyWords([GRANDSON, GRANDSON], 'en')!.heading).toBe('Words from the family');
  });

  it('sign « un proche » for a name left empty, and leave out a word with no text', () => {
    const block = familyWords(
      [
        { text: '  ', name: 'Marie', relation: null },
        { text: 'Merci', name: '  ', relation: '  ' },
      ],
      'fr',
    )!;
    expect(block.items).toEqual([{ paragraphs: ['Merci'], signature: `—${NBSP}un proche` }]);
    expect(familyWords([], 'fr')).toBeNull();
    expect(familyWords(undefined, 'fr')).toBeNull();
    expect(familyWords([{ text: '\u0007', name: 'A', relation: null }], 'fr')).toBeNull();
  });

  it('drop control and direction characters from the signature, keep markup as plain text', () => {
    const [item] = familyWords([HOSTILE], 'fr')!.items;
    expect(item!.signature).toBe(`—${NBSP}Paul <i>Pirate, mon </p>voisin`);
    expect(item!.paragraphs[0]).toContain('Bravo <b>Mamie</b> #set text(red) ]]> &');
    expect(item!.paragraphs[0]).not.toContain('\u0007');
    expect(item!.paragraphs).toHaveLength(2);
  });
});

describe('the words in the PDF', () => {
  const typesetter = new Typesetter();
  afterAll(() => typesetter.close());

  for (const largePrint of [false, true])
    it(`end their chapter under their heading, markup printed as typed${largePrint ? ' (large print)' : ''}`, async () => {
      const material = await withWords([[DAUGHTER, HOSTILE]], { largePrint });
      const job = await interiorJob(material);
      const data = JSON.parse(new TextDecoder().decode(job.files['print.json']));
      expect(data.chapters[0].words.heading).toBe('Des mots de la famille');
      expect(data.chapters[0].words.items[0].signature).toBe(`—${NBSP}Marie Dubois, ma fille`);
      // A chapter without words has no block at all.
      expect(data.chapters[1].words).toBeNull();
      expect(
        JSON.parse(new TextDecoder().decode(job.files['screen.json'])).chapters[0].words,
      ).toEqual(data.chapters[0].words);

      const result = await typesetter.run(job);
      const file = join(mkdtempSync(join(tmpdir(), 'family-words-')), 'book.pdf');
      writeFileSync(file, Buffer.from(result.print!.pdf!));
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
        .replace(/\u2060/g, '')
        .replace(/[\u00A0\u202F]/g, ' ');
      const heading = text.indexOf('Des mots de la famille');
      expect(heading).toBeGreaterThan(0);
      expect(text.indexOf('Maman, merci pour « notre » histoire !')).toBeGreaterThan(heading);
      expect(text).toContain('— Marie Dubois, ma fille');
      expect(text).toContain('Bravo <b>Mamie</b> #set text(red) ]]> &');
      expect(text).toContain('Paul <i>Pirate, mon </p>voisin');
      // Only the first chapter has words; they come before the second chapter opens.
      expect(text.split('Des mots de la famille')).toHaveLength(2);
      expect(heading).toBeLessThan(text.indexOf('CHAPITRE 2'));
      expect(heading).toBeGreaterThan(text.indexOf('CHAPITRE 1'));
    }, 60_000);
});

describe('the words in the EPUB', () => {
  it('end their chapter in their own section, escaped, in the book’s typography', async () => {
    const material = await withWords([[DAUGHTER], [], [HOSTILE]]);
    const entries = unzipSync(await buildEpub(material, { id: crypto.randomUUID() }));
    const chapter = (n: number) => strFromU8(entries[`EPUB/chapter-0${n}.xhtml`]!);
    const one = chapter(1);
    expect(one).toContain(
      '<section class="family" aria-labelledby="family-title">\n<h2 id="family-title">Un mot de la famille</h2>',
    );
    expect(one).toContain(
      `<blockquote>\n<p dir="auto">Maman, merci pour «${NBSP}notre${NBSP}» histoire${NNBSP}! Je ne savais pas tout ça…</p>\n</blockquote>`,
    );
    expect(one).toContain(`<figcaption dir="auto">—${NBSP}Marie Dubois, ma fille</figcaption>`);
    // After all of her own text, inside the chapter: the only paragraph after it is the word's.
    const after = one.slice(one.indexOf('<section class="family"'));
    expect(after.match(/<p[ >]/g)).toHaveLength(1);
    expect(
      one.lastIndexOf('<p dir="auto">', one.indexOf('<section class="family"')),
    ).toBeGreaterThan(0);
    expect(chapter(2)).not.toContain('family');
    const three = chapter(3);
    expect(three).toContain('Bravo &lt;b&gt;Mamie&lt;/b&gt; #set text(red) ]]&gt; &amp;');
    expect(three).toContain('—\u00A0Paul &lt;i&gt;Pirate, mon &lt;/p&gt;voisin');
    expect(three).toContain('שלום');
    expect(three).not.toMatch(/\p{Cs}|\u202E|<b>|<i>/u);
    expect(three).not.toContain('\u0007');
    expect(strFromU8(entries['EPUB/style.css']!)).toContain('section.family h2');
  });

  it('take the English heading in an English book', async () => {
    const material = await withWords([[{ ...GRANDSON, relation: 'my grandson' }]], {
      language: 'en',
    });
    const entries = unzipSync(await buildEpub(material, { id: crypto.randomUUID() }));
    const one = strFromU8(entries['EPUB/chapter-01.xhtml']!);
    expect(one).toContain('<h2 id="family-title">A word from the family</h2>');
    expect(one).toContain(`—${NBSP}Lucas, my grandson`);
  });
});

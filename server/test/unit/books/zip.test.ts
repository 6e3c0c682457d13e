// zip(): an archive any reader opens (fflate's unzip here, epubcheck in book-epub.test.ts), entries in
// the order given, stored or deflated as asked, the same bytes for the same input, `mimetype` readable
// at its fixed place as the EPUB container requires, a remembered buffer deflated once.
import { unzipSync, strFromU8, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zip } from '../../../src/modules/books/zip.ts';

const text = 'Je suis née à Lyon. '.repeat(2000);
const picture = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251);
const font = strToU8('glyphs '.repeat(5000));
const when = new Date(2026, 10, 27, 14, 30, 12);

function archive() {
  return zip(
    [
      { name: 'mimetype', bytes: strToU8('application/epub+zip'), store: true },
      { name: 'EPUB/chapitre-1.xhtml', bytes: strToU8(text) },
      { name: 'EPUB/images/été.jpg', bytes: picture, store: true },
      { name: 'EPUB/fonts/font.ttf', bytes: font, remember: true },
    ],
    when,
  );
}

describe('zip', () => {
  it('writes every entry so that a reader gets the same bytes back, in order', () => {
    const files = unzipSync(archive());
    expect(Object.keys(files)).toEqual([
      'mimetype',
      'EPUB/chapitre-1.xhtml',
      'EPUB/images/été.jpg',
      'EPUB/fonts/font.ttf',
    ]);
    expect(strFromU8(files['EPUB/chapitre-1.xhtml']!)).toBe(text);
    expect(files['EPUB/images/été.jpg']).toEqual(picture);
    expect(files['EPUB/fonts/font.ttf']).toEqual(font);
  });

  it('stores the mimetype first, uncompressed, right after its 30-byte header', () => {
    const bytes = archive();
    expect(Buffer.from(bytes.subarray(30, 58)).toString('latin1')).toBe(
      'mimetypeapplication/epub+zip',
    );
    expect(Buffer.from(bytes).readUInt16LE(8)).toBe(0); // method: stored
  });

  it('deflates what is not stored, and gives the same bytes each time', () => {
    const bytes = archive();
    // fflate's reader tells each entry's method: 0 stored, 8 deflated.
    const methods: Record<string, number> = {};
    unzipSync(bytes, { filter: (file) => ((methods[file.name] = file.compression), true) });
    expect(methods).toEqual({
      mimetype: 0,
      'EPUB/chapitre-1.xhtml': 8,
      'EPUB/images/été.jpg': 0,
      'EPUB/fonts/font.ttf': 8,
    });
    expect(bytes.byteLength).toBeLessThan(text.length / 10 + picture.length + 2000);
    expect(Buffer.from(archive()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('deflates a remembered buffer once, and only a remembered one', () => {
    const once = strToU8('the same font in every book '.repeat(500));
    const first = unzipSync(zip([{ name: 'f', bytes: once, remember: true }], when));
    // Changed in place (never done to the fonts): the archive still holds the form deflated first.
    once[0] = 'T'.charCodeAt(0);
    const again = unzipSync(zip([{ name: 'f', bytes: once, remember: true }], when));
    expect(again['f']).toEqual(first['f']);
    expect(strFromU8(again['f']!).startsWith('the same')).toBe(true);
    // Without `remember`, the bytes as they are now.
    const fresh = unzipSync(zip([{ name: 'f', bytes: once }], when));
    expect(strFromU8(fresh['f']!).startsWith('The same')).toBe(true);
  });
});

// zip(): an archive any reader opens (fflate's unzip here, epubcheck in book-epub.test.ts), entries in
// the order given, stored or deflated as asked, the same bytes for the same input, `mimetype` readable
// at its fixed place as the EPUB container requires.
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
      { name: 'EPUB/fonts/font.ttf', bytes: font },
    ],
    when,
    new Set([font]),
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

  it('deflates text, keeps stored entries as they are, and gives the same bytes each time', () => {
    const bytes = archive();
    expect(bytes.byteLength).toBeLessThan(text.length / 10 + picture.length + 2000);
    expect(Buffer.from(archive()).equals(Buffer.from(bytes))).toBe(true);
    // A remembered font gives the same archive as a fresh copy of it.
    const fresh = zip([{ name: 'f', bytes: new Uint8Array(font) }], when);
    const kept = zip([{ name: 'f', bytes: font }], when, new Set([font]));
    expect(Buffer.from(kept).equals(Buffer.from(fresh))).toBe(true);
  });
});

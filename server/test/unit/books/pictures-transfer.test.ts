// What the book job moves to the typesetter's thread instead of copying: the chapters' and portrait's
// pictures only. Moving a template (kept by the module for every book) or the cover (used again by the
// print cover's job) would leave an empty buffer behind for the next use.
import { describe, expect, it } from 'vitest';
import { picturesOf } from '../../../src/modules/books/render.ts';
import type { TypesetJob } from '../../../src/modules/books/typesetter.ts';

const own = (size: number) => new Uint8Array(new ArrayBuffer(size));

describe('picturesOf', () => {
  it('moves whole-buffer pictures of print/ and screen/, each buffer once, and nothing else', () => {
    const photo = own(10);
    const shared = new ArrayBuffer(20);
    const job: TypesetJob = {
      files: {
        'print/1.jpg': photo,
        'screen/1.jpg': own(5),
        'print/portrait.jpg': photo, // the same buffer twice: listed once, or postMessage refuses
        'print/2.jpg': new Uint8Array(shared, 0, 8), // a slice of a larger buffer: copied
        'cover/front.jpg': own(7),
        'book.typ': own(3),
        'print.json': own(4),
      },
      documents: [],
    };
    expect(picturesOf(job)).toEqual([
      photo.buffer,
      (job.files['screen/1.jpg'] as Uint8Array).buffer,
    ]);
  });
});

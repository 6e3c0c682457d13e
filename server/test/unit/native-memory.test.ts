// trimNativeMemory: what the C allocator kept after blocks were freed goes back to the system. The blocks
// here are Buffers (Node takes their memory from malloc); every other one stays alive, so the freed ones
// are holes inside the allocator's heap, which it keeps resident until trimmed, as it keeps Typst's and
// libvips' between two live blocks. releaseLibraryPages: a native library's code leaves memory until it
// runs again (resvg's here, as Typst's once the typesetter stopped).
import { setTimeout as wait } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { fullCollection } from '../../src/idle-memory.ts';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  canTrimNativeMemory,
  releaseLibraryPages,
  trimNativeMemory,
} from '../../src/native-memory.ts';
import { residentKb } from '../support/resident.ts';

const rssMb = () => process.memoryUsage.rss() / 1024 / 1024;

describe('trimNativeMemory', () => {
  test.runIf(canTrimNativeMemory())('gives back the freed holes between live blocks', async () => {
    const collect = fullCollection();
    let blocks: Buffer[] | null = Array.from({ length: 3000 }, () =>
      // 64 kB: below the size glibc maps apart, so taken from the arena; filled, so resident.
      Buffer.allocUnsafeSlow(64 * 1024).fill(7),
    );
    const kept = blocks.filter((_, index) => index % 2 === 0);
    blocks = null;
    collect();
    // V8 frees an ArrayBuffer's memory on a background thread after the collection.
    await wait(300);
    collect();
    await wait(100);
    const before = rssMb();
    expect(await trimNativeMemory()).toBe(true);
    const after = rssMb();
    // ~94 MB were freed as holes; most of it must leave the process.
    expect(before - after).toBeGreaterThan(50);
    expect(kept.every((block) => block[0] === 7)).toBe(true);
  });

  test.runIf(canTrimNativeMemory())('calls made while one runs share it', async () => {
    const first = trimNativeMemory();
    expect(trimNativeMemory()).toBe(first);
    await first;
    // Once settled, the next call is a trim of its own.
    const next = trimNativeMemory();
    expect(next).not.toBe(first);
    expect(typeof (await next)).toBe('boolean');
  });
});

/**
 * A private copy of resvg's library, loaded from its own file: a page that another process maps (the
 * test runner's other workers load sharp and Typst from node_modules) stays resident when given back.
 */
function privateLibrary() {
  const require = createRequire(import.meta.url);
  const name = `private-resvg-${process.pid}`;
  const copy = join(mkdtempSync(join(tmpdir(), 'chapitres-library-')), `${name}.node`);
  copyFileSync(require.resolve('@resvg/resvg-js-linux-x64-gnu/resvgjs.linux-x64-gnu.node'), copy);
  const { Resvg } = require(copy) as typeof import('@resvg/resvg-js');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#246"/><circle cx="50" cy="50" r="40" fill="#fc0"/></svg>';
  return { name, draw: () => new Resvg(svg).render().asPng() };
}

describe('releaseLibraryPages', () => {
  test.runIf(canTrimNativeMemory() && process.arch === 'x64')(
    "gives a library's code back, and the library runs again after",
    async () => {
      const library = privateLibrary();
      expect(library.draw().byteLength).toBeGreaterThan(0);
      const before = residentKb(library.name);
      expect(before).toBeGreaterThan(1024);
      const advised = await releaseLibraryPages(library.name);
      expect(advised).toBeGreaterThan(before * 1024);
      expect(residentKb(library.name)).toBeLessThan(before / 4);
      expect(library.draw().byteLength).toBeGreaterThan(0);
      // The library's name only: nothing else is touched, nothing when no library matches.
      expect(await releaseLibraryPages('no-such-library-here')).toBe(0);
    },
  );
});

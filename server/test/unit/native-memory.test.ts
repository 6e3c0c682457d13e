// trimNativeMemory: what the C allocator kept after blocks were freed goes back to the system. The blocks
// here are Buffers (Node takes their memory from malloc); every other one stays alive, so the freed ones
// are holes inside the allocator's heap, which it keeps resident until trimmed, as it keeps Typst's and
// libvips' between two live blocks.
import { setTimeout as wait } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { fullCollection } from '../../src/idle-memory.ts';
import { canTrimNativeMemory, trimNativeMemory } from '../../src/native-memory.ts';

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

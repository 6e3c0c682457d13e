// collectWhenIdle: one full collection after work once the event loop has been quiet, none while it works
// or when nothing was done; fullCollection gives emptied pages back to the system.
import { afterEach, describe, expect, test } from 'vitest';
import { collectWhenIdle, fullCollection, type IdleMemoryOptions } from '../../src/idle-memory.ts';

const stops: { stop(): void }[] = [];
afterEach(() => stops.splice(0).forEach((watcher) => watcher.stop()));

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the event loop busy for most of `ms`. */
async function work(ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const spin = performance.now() + 15;
    while (performance.now() < spin) Math.sqrt(Math.random());
    await wait(1);
  }
}

/** A watcher checking every 50 ms whose collections and trims are counted rather than run. */
function watched(options: IdleMemoryOptions): { collections: number; trims: number } {
  const counted = { collections: 0, trims: 0 };
  stops.push(
    collectWhenIdle({
      checkMs: 50,
      growthMb: 1e6,
      ...options,
      collect: () => counted.collections++,
      trim: async () => {
        // The C allocator is trimmed after the heap is collected, never before.
        expect(counted.trims).toBe(counted.collections - 1);
        counted.trims++;
      },
    }),
  );
  return counted;
}

describe('collectWhenIdle', () => {
  test('collects once after a busy stretch, when the loop has been quiet long enough', async () => {
    // Work keeps the loop ~90 % busy; on a loaded box the runner's own messages can fill a tenth of a
    // 50 ms window: only half a window or more counts as work here, and under a third as quiet.
    const watcher = watched({ quietChecks: 3, busyShare: 0.5, quietShare: 0.3 });
    await work(300);
    expect(watcher.collections).toBe(0);
    await wait(400);
    expect(watcher.collections).toBe(1);
    expect(watcher.trims).toBe(1);
    // Quiet on: nothing more to give back.
    await wait(400);
    expect(watcher.collections).toBe(1);
    expect(watcher.trims).toBe(1);
  });

  test('collects once after the start when told the start was work, then only after work', async () => {
    const watcher = watched({
      quietChecks: 2,
      busyShare: 0.5,
      quietShare: 0.3,
      workedBefore: true,
    });
    await wait(300);
    expect(watcher.collections).toBe(1);
    await wait(300);
    expect(watcher.collections).toBe(1);
  });

  test('reports what was given back once the C allocator is trimmed too', async () => {
    const reports: number[] = [];
    let trimmed = false;
    stops.push(
      collectWhenIdle({
        checkMs: 50,
        growthMb: 1e6,
        quietChecks: 2,
        busyShare: 0.5,
        quietShare: 0.3,
        collect: () => {},
        trim: async () => {
          await wait(30);
          trimmed = true;
        },
        onCollect: () => reports.push(trimmed ? 1 : 0),
      }),
    );
    await work(200);
    await wait(400);
    expect(reports).toEqual([1]);
  });

  test('does not collect while the loop stays busy', async () => {
    const watcher = watched({ quietChecks: 3 });
    await work(600);
    expect(watcher.collections).toBe(0);
  });

  test('an idle process that did nothing is left alone', async () => {
    await wait(300);
    // The test runner's own messages may wake the loop now and then: well under half of a window.
    const watcher = watched({ quietChecks: 2, busyShare: 0.5, quietShare: 0.5 });
    await wait(500);
    expect(watcher.collections).toBe(0);
  });

  test('memory grown while the loop was quiet (work in other threads) also counts', async () => {
    // Only growth counts as work here: no window short of fully busy does (filling the buffer below takes
    // tens of ms on a slow box, and a loaded box's runner messages can fill a tenth of a window), and any
    // window under half busy is quiet.
    const watcher = watched({ quietChecks: 2, growthMb: 16, busyShare: 1.01, quietShare: 0.5 });
    // 64 MB touched outside the heap, the way a decoded picture is.
    const held = Buffer.alloc(64 * 1024 * 1024, 1);
    await wait(400);
    expect(held.length).toBeGreaterThan(0);
    expect(watcher.collections).toBe(1);
    // Still held, but no longer growth: the baseline moved to it after the collection.
    await wait(300);
    expect(watcher.collections).toBe(1);
  });
});

describe('fullCollection', () => {
  test('frees the heap and gives its emptied pages back', async () => {
    const collect = fullCollection();
    collect();
    let garbage: { n: number; s: string }[] | null = Array.from({ length: 1_000_000 }, (_, n) => ({
      n,
      s: `item ${n}`,
    }));
    const filled = process.memoryUsage();
    expect(garbage.length).toBe(1_000_000);
    garbage = null;
    collect();
    const after = process.memoryUsage();
    expect(after.heapUsed).toBeLessThan(filled.heapUsed - 40 * 1024 * 1024);
    expect(after.heapTotal).toBeLessThan(filled.heapTotal - 40 * 1024 * 1024);
  });
});

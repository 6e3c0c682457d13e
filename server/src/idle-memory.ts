// Gives memory back once the server has gone quiet after work (issue 34).
//
// V8 frees garbage as it allocates, but returns the pages it no longer needs to the system only in a
// full collection, which it starts on its own when it believes the process idle. A server that answered
// 3,000 people and then fell silent kept ~600 MB resident a minute later, of which a single full
// collection gave back 250 MB (bench:many); after books, the same. So: every `checkMs`, the share of time
// the event loop was busy is read; after a busy stretch followed by `quietChecks` quiet windows, one full
// collection runs. It takes a fraction of a second on an idle server, and at most once per busy stretch.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import { trimNativeMemory } from './native-memory.ts';

type Collect = () => void;

let collector: Collect | null = null;

/** V8's own `gc()`, taken without starting Node with --expose-gc. */
export function fullCollection(): Collect {
  if (!collector) {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: object) => void;
    // Starting node with --expose-gc later must not be affected: the flag only exposes the function.
    setFlagsFromString('--no-expose-gc');
    // 'last-resort': collected until nothing more is freed, and the emptied pages unmapped. A plain major
    // collection frees the objects but keeps their pages in V8's pool: resident memory does not move.
    collector = () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  }
  return collector;
}

export interface IdleMemoryOptions {
  /** How often the event loop's use is read. */
  checkMs?: number;
  /** A window busier than this share of the time counts as work. */
  busyShare?: number;
  /** A window under this share counts as quiet (an idle embedded server polls its queue: ~2 %). */
  quietShare?: number;
  /** Resident memory grown this much since the last collection also counts as work (books and photos
   * are worked in other threads, the event loop hardly busy meanwhile). */
  growthMb?: number;
  /** Quiet windows in a row before the collection. */
  quietChecks?: number;
  /**
   * Counts what ran before the watch began as work, so that a first quiet stretch collects too: the
   * server's own start (the database's, the lexicon's build) leaves ~80 MB of garbage and freed native
   * memory that nothing else would give back before the first request.
   */
  workedBefore?: boolean;
  /** Called after each collection (logging, tests). */
  onCollect?: (info: { ms: number; rssBeforeMb: number; rssAfterMb: number }) => void;
  collect?: Collect;
  /** Gives the C allocator's free pages back after the collection (Typst's and libvips' memory). */
  trim?: () => Promise<unknown>;
}

export function collectWhenIdle(options: IdleMemoryOptions = {}): { stop(): void } {
  const checkMs = options.checkMs ?? 10_000;
  const busyShare = options.busyShare ?? 0.1;
  const quietShare = options.quietShare ?? 0.05;
  const growthMb = options.growthMb ?? 32;
  const rssMb = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);
  let baselineMb = rssMb();
  const quietChecks = options.quietChecks ?? 3;
  const collect = options.collect ?? fullCollection();
  const trim = options.trim ?? trimNativeMemory;
  let last = performance.eventLoopUtilization();
  let workedSinceCollect = options.workedBefore ?? false;
  let quiet = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (rssMb() >= baselineMb + growthMb) workedSinceCollect = true;
    if (share >= busyShare) {
      workedSinceCollect = true;
      quiet = 0;
      return;
    }
    quiet = share < quietShare ? quiet + 1 : 0;
    if (!workedSinceCollect || quiet < quietChecks) return;
    workedSinceCollect = false;
    quiet = 0;
    const rssBeforeMb = rssMb();
    const started = performance.now();
    collect();
    // The collection's own time must not count as work in the next window.
    last = performance.eventLoopUtilization();
    void trim().then(() => {
      baselineMb = rssMb();
      options.onCollect?.({
        ms: Math.round(performance.now() - started),
        rssBeforeMb,
        rssAfterMb: baselineMb,
      });
    });
  }, checkMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

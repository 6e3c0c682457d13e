// Gives the C allocator's freed memory back to the system (issue 34).
//
// Typst and libvips allocate through glibc's malloc from several threads. What they free stays in the
// allocator's arenas, resident, unless it sits at the very top of one; glibc's `malloc_trim` walks every
// arena and returns each whole free page with `madvise`. Without it the server kept ~680 MB a minute after
// the book bench; with a 32 kB `MALLOC_MMAP_THRESHOLD_` (every middle-sized block mapped and unmapped
// on its own) it kept 300 MB, but Typst ran 100–150 ms slower per book taking its pages one fault at a
// time. So the allocator keeps its default behaviour while work runs (a book after a book reuses the
// pages the first one freed), and is trimmed once the work is done: when a worker thread (the typesetter,
// the voice) stops for idleness, and in the idle collection (idle-memory.ts).
//
// Node cannot call a C function by itself; koffi (prebuilt for each platform in its package, nothing built
// or downloaded at install) calls `malloc_trim` in libc. Where libc is not glibc (musl, macOS) there is
// nothing to trim this way, and the function does nothing.
import { createRequire } from 'node:module';

type Trim = (pad: number, callback: (error: unknown, result: number) => void) => void;

let trim: Trim | null | undefined;

function loadTrim(): Trim | null {
  if (trim !== undefined) return trim;
  trim = null;
  if (process.platform !== 'linux') return trim;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const libc = koffi.load('libc.so.6');
    // `.async`: called on libuv's pool, so the walk through the arenas never holds the event loop.
    trim = libc.func('int malloc_trim(size_t pad)').async as Trim;
  } catch {
    trim = null; // not glibc, or koffi without a build for this platform
  }
  return trim;
}

/** Whether this process can give the allocator's free pages back (glibc on Linux). */
export function canTrimNativeMemory(): boolean {
  return loadTrim() !== null;
}

let running: Promise<boolean> | null = null;

/**
 * Returns the allocator's free pages to the system. Resolves true when some memory was given back,
 * false when none was or the platform cannot. Calls made while one runs share it. Never rejects.
 */
export function trimNativeMemory(): Promise<boolean> {
  const call = loadTrim();
  if (!call) return Promise.resolve(false);
  running ??= new Promise<boolean>((resolve) => {
    call(0, (error, result) => {
      running = null;
      resolve(!error && result === 1);
    });
  });
  return running;
}

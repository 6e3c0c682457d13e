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
//
// A native library's code is another matter: mapped from its file, it stays resident once run, and Node never
// unloads a library. `releaseLibraryPages` tells the system it will not be needed for a while
// (`madvise(MADV_PAGEOUT)`, Linux 5.4+), which takes those pages back at once rather than when memory runs
// short; they are read again from the file when the library next runs.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

type Trim = (pad: number, callback: (error: unknown, result: number) => void) => void;
type Advise = (
  address: number,
  length: number,
  advice: number,
  callback: (error: unknown, result: number) => void,
) => void;

let libc: { trim: Trim; advise: Advise } | null | undefined;

function loadLibc(): typeof libc {
  if (libc !== undefined) return libc;
  libc = null;
  if (process.platform !== 'linux') return libc;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const library = koffi.load('libc.so.6');
    // `.async`: called on libuv's pool, so the walk through the arenas never holds the event loop.
    libc = {
      trim: library.func('int malloc_trim(size_t pad)').async as Trim,
      advise: library.func('int madvise(uintptr_t addr, size_t length, int advice)')
        .async as Advise,
    };
  } catch {
    libc = null; // not glibc, or koffi without a build for this platform
  }
  return libc;
}

const loadTrim = (): Trim | null => loadLibc()?.trim ?? null;

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

/** Linux's `MADV_PAGEOUT`: reclaim these pages now. */
const MADV_PAGEOUT = 21;

/**
 * Gives back the resident pages of the native libraries whose file path contains `fileName` and that
 * nothing will run for a while (Typst's, once the typesetter stopped: 24 MB). Only their read-only parts
 * (code, constants), which the system reads again from the file when needed; never a writable one.
 * Resolves with the bytes advised (0 where the platform cannot). Never rejects.
 */
export async function releaseLibraryPages(fileName: string): Promise<number> {
  const advise = loadLibc()?.advise;
  if (!advise) return 0;
  let maps: string;
  try {
    maps = await readFile('/proc/self/maps', 'utf8');
  } catch {
    return 0;
  }
  let advised = 0;
  for (const line of maps.split('\n')) {
    // start-end perms offset device inode path (which may hold spaces)
    const match = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s+(.*)$/.exec(line);
    if (!match || !match[4]!.includes(fileName) || match[3]!.includes('w')) continue;
    const start = Number.parseInt(match[1]!, 16);
    const end = Number.parseInt(match[2]!, 16);
    const ok = await new Promise<boolean>((resolve) =>
      advise(start, end - start, MADV_PAGEOUT, (error, result) => resolve(!error && result === 0)),
    );
    if (ok) advised += end - start;
  }
  return advised;
}

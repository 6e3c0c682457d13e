// Typesetting with Typst in a worker thread (see typesetter-worker.ts). One worker: on the embedded
// two-core machine a second compile at the same time would only slow the first.
import { releaseLibraryPages, trimNativeMemory } from '../../native-memory.ts';
import { WorkerPool, workerModule, type WorkerPoolStats } from '../../workers/pool.ts';

export interface TypesetDocument {
  name: string;
  /** Path of the main .typ file among the job's files. */
  main: string;
  /** The data file the template reads (`sys.inputs.data`), e.g. `/print.json`. */
  data: string;
  pdf?: boolean;
  /** 'a-2b' for the print interior. */
  pdfStandard?: string;
  svg?: boolean;
  /** Seconds since the epoch, written as the PDF's creation date. */
  timestamp: number;
}

export interface TypesetJob {
  /** Relative path → bytes (templates, JSON data, images). */
  files: Record<string, Uint8Array>;
  documents: TypesetDocument[];
}

export type TypesetResult = Record<
  string,
  {
    pages: number;
    pdf?: ArrayBuffer;
    svg?: string;
    /**
     * Milliseconds in the worker: mapping the job's files (first document only), Typst's layout, writing
     * the PDF and/or SVG, dropping Typst's memoised results.
     */
    ms?: { map?: number; compile: number; export: number; evict: number };
  }
>;

/** How long the typesetter's thread waits for the next book before it is stopped. */
export const TYPESETTER_IDLE_MS = 30_000;

/** Typst's native library (@myriaddreamin/typst-ts-node-compiler-<platform>), by its file's name. */
export const TYPST_LIBRARY = 'typst-ts-node-compiler';

export class Typesetter {
  private readonly pool: WorkerPool<TypesetJob, TypesetResult>;
  private libraryBytesReleased = 0;

  constructor(options: { timeoutMs?: number; idleMs?: number } = {}) {
    this.pool = new WorkerPool<TypesetJob, TypesetResult>({
      workerUrl: workerModule(import.meta.url, './typesetter-worker'),
      size: 1,
      jobTimeoutMs: options.timeoutMs ?? 120_000,
      maxQueue: 20,
      name: 'typesetter',
      // Typst's compiler, its fonts and its thread's heap hold ~150 MB once a book is made (bench:book):
      // given back when no book has been asked for a while, at the price of ~0.3 s for the next one.
      idleMs: options.idleMs ?? TYPESETTER_IDLE_MS,
      // Then Typst's own code, 24 MB once run, which Node never unloads, goes back too (issue 34): the
      // next book reads it again from the library's file, ~45 ms more for the first book after a pause
      // (a short book: 150 → 195 ms with the thread's start, measured).
      afterIdleStop: async () => {
        await trimNativeMemory();
        this.libraryBytesReleased += await releaseLibraryPages(TYPST_LIBRARY);
      },
    });
  }

  /** `transfer`: buffers of the job's files moved to the worker rather than copied (see picturesOf). */
  run(job: TypesetJob, transfer: ArrayBuffer[] = []): Promise<TypesetResult> {
    return this.pool.run(job, { transfer });
  }

  /** The thread's state (started, stopped for idleness) and how much of Typst's code was given back. */
  stats(): WorkerPoolStats & { libraryBytesReleased: number } {
    return { ...this.pool.stats(), libraryBytesReleased: this.libraryBytesReleased };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

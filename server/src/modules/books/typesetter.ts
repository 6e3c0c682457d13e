// Typesetting with Typst in a worker thread (see typesetter-worker.ts). One worker: on the embedded
// two-core machine a second compile at the same time would only slow the first.
import { WorkerPool, workerModule } from '../../workers/pool.ts';

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

export class Typesetter {
  private readonly pool: WorkerPool<TypesetJob, TypesetResult>;

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
    });
  }

  /** `transfer`: buffers of the job's files moved to the worker rather than copied (see picturesOf). */
  run(job: TypesetJob, transfer: ArrayBuffer[] = []): Promise<TypesetResult> {
    return this.pool.run(job, { transfer });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

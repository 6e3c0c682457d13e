// A small pool of reused worker threads: FIFO queue with a bound, per-job timeout, abort, and a fresh
// worker in place of one that crashed or hung, so CPU-heavy work never stalls the API's event loop.
import { Worker } from 'node:worker_threads';
import { trimNativeMemory } from '../native-memory.ts';
import type { JobReply, JobRequest } from './protocol.ts';

export type WorkerPoolErrorCode = 'timeout' | 'crashed' | 'failed' | 'queue_full' | 'closed';

export class WorkerPoolError extends Error {
  override readonly name = 'WorkerPoolError';
  constructor(
    readonly code: WorkerPoolErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface WorkerPoolOptions {
  /** The worker module; a `.ts` module is loaded through tsx. */
  workerUrl: URL;
  size: number;
  /** Counted from the moment a worker takes the job, not from queueing. */
  jobTimeoutMs: number;
  /** Jobs waiting beyond this are refused at once rather than piling up memory and latency. */
  maxQueue: number;
  name: string;
  /**
   * A worker left without a job this long is stopped, and what it held (its JavaScript heap, a native
   * library's caches) goes back to the system; the next job starts a fresh one. Unset: kept for good.
   */
  idleMs?: number;
  /**
   * Run once a worker stopped for idleness has ended: what the thread's native library held was freed as
   * it ended, into the C allocator's arenas, given back to the system from there (the default).
   */
  afterIdleStop?: () => Promise<unknown>;
}

export interface WorkerPoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Workers replaced after a crash or a timeout. */
  replaced: number;
  /** Workers stopped after `idleMs` without a job. */
  stoppedIdle: number;
}

interface Job<P, R> {
  id: number;
  payload: P;
  transfer: ArrayBuffer[];
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
  settled: boolean;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot<P, R> {
  worker: Worker;
  job: Job<P, R> | null;
  timer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
  lastError?: Error;
}

/**
 * The URL of a worker module beside the calling one, `.ts` when the server runs from its sources (tests,
 * `npm run dev`) and `.js` once compiled: `workerModule(import.meta.url, './typesetter-worker')`.
 */
export function workerModule(callerUrl: string, relativePath: string): URL {
  const extension = callerUrl.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`${relativePath}${extension}`, callerUrl);
}

function startWorker(url: URL, name: string): Worker {
  if (url.pathname.endsWith('.ts')) {
    // Node 20 does not run `--import` loaders in worker threads, so a TypeScript worker registers tsx itself.
    const tsx = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
    return new Worker(bootstrap, { eval: true, name });
  }
  return new Worker(url, { name });
}

export class WorkerPool<P, R> {
  private readonly slots: Slot<P, R>[] = [];
  private readonly queue: Job<P, R>[] = [];
  private nextId = 1;
  private replaced = 0;
  private stoppedIdle = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    if (options.size < 1) throw new RangeError('A worker pool needs at least one worker');
  }

  run(payload: P, options: { signal?: AbortSignal; transfer?: ArrayBuffer[] } = {}): Promise<R> {
    const { signal } = options;
    if (this.closed)
      return Promise.reject(new WorkerPoolError('closed', `${this.options.name} pool is closed`));
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.queue.length >= this.options.maxQueue) {
      return Promise.reject(
        new WorkerPoolError(
          'queue_full',
          `${this.options.name} queue is full (${this.options.maxQueue} waiting)`,
        ),
      );
    }
    return new Promise<R>((resolve, reject) => {
      const job: Job<P, R> = {
        id: this.nextId++,
        payload,
        transfer: options.transfer ?? [],
        resolve,
        reject,
        settled: false,
        signal,
      };
      if (signal) {
        job.onAbort = () => this.abort(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  stats(): WorkerPoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((slot) => slot.job).length,
      queued: this.queue.length,
      replaced: this.replaced,
      stoppedIdle: this.stoppedIdle,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const closedError = () => new WorkerPoolError('closed', `${this.options.name} pool is closed`);
    for (const job of this.queue.splice(0)) this.settle(job, closedError());
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map((slot) => {
        clearTimeout(slot.timer);
        clearTimeout(slot.idleTimer);
        if (slot.job) this.settle(slot.job, closedError());
        slot.job = null;
        return slot.worker.terminate();
      }),
    );
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((candidate) => candidate.job === null);
      if (!slot) {
        if (this.slots.length >= this.options.size) return;
        slot = this.spawn();
      }
      this.dispatch(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot<P, R> {
    const worker = startWorker(this.options.workerUrl, this.options.name);
    const slot: Slot<P, R> = { worker, job: null };
    this.slots.push(slot);
    worker.on('message', (reply: JobReply<R>) => this.onReply(slot, reply));
    worker.on('error', (error) => {
      slot.lastError = error;
    });
    worker.on('exit', (code) => this.onExit(slot, code));
    return slot;
  }

  private dispatch(slot: Slot<P, R>, job: Job<P, R>): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => this.onTimeout(slot), this.options.jobTimeoutMs);
    const request: JobRequest<P> = { id: job.id, payload: job.payload };
    slot.worker.postMessage(request, job.transfer);
  }

  private onReply(slot: Slot<P, R>, reply: JobReply<R>): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    this.release(slot);
    if (reply.ok) this.settle(job, undefined, reply.result);
    else this.settle(job, new WorkerPoolError('failed', reply.error));
    this.pump();
  }

  /** A hung worker cannot be interrupted, only replaced; the next job gets a fresh one. */
  private onTimeout(slot: Slot<P, R>): void {
    const job = slot.job;
    this.retire(slot);
    if (job)
      this.settle(
        job,
        new WorkerPoolError(
          'timeout',
          `${this.options.name} job took longer than ${this.options.jobTimeoutMs} ms`,
        ),
      );
    void slot.worker.terminate();
    this.pump();
  }

  private onExit(slot: Slot<P, R>, code: number): void {
    if (!this.slots.includes(slot)) return; // retired on purpose (timeout or close)
    const job = slot.job;
    this.retire(slot);
    if (job) {
      const reason = slot.lastError?.message ?? `exit code ${code}`;
      this.settle(
        job,
        new WorkerPoolError('crashed', `${this.options.name} worker died: ${reason}`),
      );
    }
    this.pump();
  }

  private release(slot: Slot<P, R>): void {
    clearTimeout(slot.timer);
    slot.job = null;
    // An idle worker must not keep the process alive (scripts, tests, graceful shutdown).
    slot.worker.unref();
    const { idleMs } = this.options;
    if (idleMs !== undefined) {
      slot.idleTimer = setTimeout(() => this.stopIdle(slot), idleMs);
      slot.idleTimer.unref();
    }
  }

  private stopIdle(slot: Slot<P, R>): void {
    const index = this.slots.indexOf(slot);
    if (slot.job || index < 0) return;
    this.slots.splice(index, 1);
    this.stoppedIdle += 1;
    void slot.worker.terminate().then(this.options.afterIdleStop ?? trimNativeMemory);
  }

  private retire(slot: Slot<P, R>): void {
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    slot.job = null;
    const index = this.slots.indexOf(slot);
    if (index >= 0) {
      this.slots.splice(index, 1);
      this.replaced += 1;
    }
  }

  /** A queued job leaves the queue; a running one is answered now and its late result ignored. */
  private abort(job: Job<P, R>): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.settle(job, job.signal?.reason);
  }

  private settle(job: Job<P, R>, error: unknown, result?: R): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (error !== undefined) job.reject(error);
    else job.resolve(result as R);
  }
}

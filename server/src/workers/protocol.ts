// The message shapes between WorkerPool and its worker threads, and the worker-side loop that answers jobs.
import { parentPort } from 'node:worker_threads';

export interface JobRequest<P> {
  id: number;
  payload: P;
}

export type JobReply<R> =
  { id: number; ok: true; result: R } | { id: number; ok: false; error: string };

export interface HandlerOutput<R> {
  result: R;
  /** Buffers moved (not copied) to the pool thread. */
  transfer?: ArrayBuffer[];
}

/**
 * Runs inside a worker: answers each job with the handler's result, or with its error message.
 * A throwing handler is a failed job, not a dead worker; only a real crash ends the thread.
 */
export function serveJobs<P, R>(handler: (payload: P) => Promise<HandlerOutput<R>>): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs must run inside a worker thread');
  port.on('message', async (request: JobRequest<P>) => {
    try {
      const { result, transfer } = await handler(request.payload);
      const reply: JobReply<R> = { id: request.id, ok: true, result };
      port.postMessage(reply, transfer ?? []);
    } catch (error) {
      const reply: JobReply<R> = {
        id: request.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(reply);
    }
  });
}

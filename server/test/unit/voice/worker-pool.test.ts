// WorkerPool: reuse, queueing, failures that keep the worker, crashes and hangs that replace it, abort and close.
import { afterEach, describe, expect, test } from 'vitest';
import { WorkerPool, WorkerPoolError } from '../../../src/workers/pool.ts';
import type { TestCommand, TestResult } from './fixtures/test-worker.ts';

const workerUrl = new URL('./fixtures/test-worker.ts', import.meta.url);
const pools: WorkerPool<TestCommand, TestResult>[] = [];

function makePool(
  overrides: Partial<{ size: number; jobTimeoutMs: number; maxQueue: number; idleMs: number }> = {},
) {
  const pool = new WorkerPool<TestCommand, TestResult>({
    workerUrl,
    size: 1,
    jobTimeoutMs: 5_000,
    maxQueue: 10,
    name: 'test',
    ...overrides,
  });
  pools.push(pool);
  return pool;
}

async function poolError(promise: Promise<unknown>): Promise<WorkerPoolError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WorkerPoolError);
  return error as WorkerPoolError;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('WorkerPool', () => {
  test('answers jobs in workers it reuses, never more than its size', async () => {
    const pool = makePool({ size: 2 });
    const results = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((value) => pool.run({ op: 'echo', value })),
    );
    expect(results.map((result) => result.value)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(new Set(results.map((result) => result.threadId)).size).toBeLessThanOrEqual(2);
    expect(pool.stats()).toEqual({ workers: 2, busy: 0, queued: 0, replaced: 0, stoppedIdle: 0 });
  });

  test('a worker left idle past idleMs is stopped, and the next job starts a fresh one', async () => {
    const pool = makePool({ size: 1, idleMs: 100 });
    const first = await pool.run({ op: 'echo', value: 'a' });
    // Jobs closer together than idleMs keep the same worker.
    const second = await pool.run({ op: 'echo', value: 'b' });
    expect(second.threadId).toBe(first.threadId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.stats()).toMatchObject({ workers: 0, stoppedIdle: 1, replaced: 0 });
    const third = await pool.run({ op: 'echo', value: 'c' });
    expect(third.value).toBe('c');
    expect(third.threadId).not.toBe(first.threadId);
  });

  test('a busy worker is not stopped for idleness, however long its job', async () => {
    const pool = makePool({ size: 1, idleMs: 50 });
    // The first job leaves the worker idle and its idle timer running; the next one must stop that timer.
    const first = await pool.run({ op: 'echo', value: 'short' });
    const long = await pool.run({ op: 'sleep', ms: 200, value: 'long' });
    expect(long.value).toBe('long');
    expect(long.threadId).toBe(first.threadId);
    expect(pool.stats()).toMatchObject({ workers: 1, stoppedIdle: 0, replaced: 0 });
  });

  test('queues jobs beyond its size and runs them in order', async () => {
    const pool = makePool({ size: 1 });
    const order: string[] = [];
    const jobs = ['first', 'second', 'third'].map((value) =>
      pool.run({ op: 'sleep', ms: 30, value }).then((result) => order.push(result.value)),
    );
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 1, queued: 2 });
    await Promise.all(jobs);
    expect(order).toEqual(['first', 'second', 'third']);
  });

  test('a job that throws fails alone and the same worker serves the next job', async () => {
    const pool = makePool();
    const before = await pool.run({ op: 'echo', value: 'x' });
    const error = await poolError(pool.run({ op: 'throw', message: 'bad input' }));
    expect(error.code).toBe('failed');
    expect(error.message).toBe('bad input');
    const after = await pool.run({ op: 'echo', value: 'y' });
    expect(after.threadId).toBe(before.threadId);
    expect(pool.stats().replaced).toBe(0);
  });

  test('a worker that exits mid-job is replaced and the queue carries on', async () => {
    const pool = makePool();
    const before = await pool.run({ op: 'echo', value: 'x' });
    const crashed = pool.run({ op: 'exit' });
    const queued = pool.run({ op: 'echo', value: 'after' });
    const error = await poolError(crashed);
    expect(error.code).toBe('crashed');
    expect(error.message).toContain('exit code 3');
    const after = await queued;
    expect(after.value).toBe('after');
    expect(after.threadId).not.toBe(before.threadId);
    expect(pool.stats()).toMatchObject({ workers: 1, replaced: 1 });
  });

  test('an uncaught exception in a worker fails its job with the cause and a new worker takes over', async () => {
    const pool = makePool();
    const error = await poolError(pool.run({ op: 'uncaught' }));
    expect(error.code).toBe('crashed');
    expect(error.message).toContain('boom outside the job');
    await expect(pool.run({ op: 'echo', value: 'ok' })).resolves.toMatchObject({ value: 'ok' });
    expect(pool.stats().replaced).toBe(1);
  });

  test('a hung worker times out, is terminated and replaced', async () => {
    const pool = makePool({ jobTimeoutMs: 6_000 });
    const hung = await pool.run({ op: 'echo', value: 'warm' });
    const error = await poolError(pool.run({ op: 'hang' }));
    expect(error.code).toBe('timeout');
    const after = await pool.run({ op: 'echo', value: 'alive' });
    expect(after.value).toBe('alive');
    expect(after.threadId).not.toBe(hung.threadId);
    expect(pool.stats()).toMatchObject({ workers: 1, replaced: 1 });
  });

  test('an aborted queued job leaves the queue; an aborted running job answers at once', async () => {
    const pool = makePool();
    const running = new AbortController();
    const queued = new AbortController();
    const first = pool.run({ op: 'sleep', ms: 2_000, value: 'slow' }, { signal: running.signal });
    const second = pool.run({ op: 'echo', value: 'never' }, { signal: queued.signal });
    const third = pool.run({ op: 'echo', value: 'third' });
    queued.abort();
    expect(pool.stats().queued).toBe(1);
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    running.abort(new Error('caller gone'));
    await expect(first).rejects.toThrow('caller gone');
    // Answered while its worker is still sleeping: the third job still waits for that worker.
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1 });
    await expect(third).resolves.toMatchObject({ value: 'third' });
    expect(pool.stats().replaced).toBe(0);
  });

  test('refuses work beyond its queue bound', async () => {
    const pool = makePool({ maxQueue: 1 });
    const running = pool.run({ op: 'sleep', ms: 50, value: 'a' });
    const waiting = pool.run({ op: 'echo', value: 'b' });
    const error = await poolError(pool.run({ op: 'echo', value: 'c' }));
    expect(error.code).toBe('queue_full');
    await expect(Promise.all([running, waiting])).resolves.toHaveLength(2);
  });

  test('moves transferred buffers back from the worker', async () => {
    const pool = makePool();
    const result = await pool.run({ op: 'bytes', size: 1024 });
    expect(result.bytes?.byteLength).toBe(1024);
    expect(new Uint8Array(result.bytes!)[1023]).toBe(7);
  });

  test('close rejects running and queued jobs and later calls', async () => {
    const pool = makePool();
    const running = poolError(pool.run({ op: 'sleep', ms: 1_000, value: 'a' }));
    const queued = poolError(pool.run({ op: 'echo', value: 'b' }));
    await pool.close();
    expect((await running).code).toBe('closed');
    expect((await queued).code).toBe('closed');
    expect((await poolError(pool.run({ op: 'echo', value: 'c' }))).code).toBe('closed');
    expect(pool.stats()).toMatchObject({ workers: 0, queued: 0 });
  });
});

// The job queue on the real database: a job runs in the worker, a failing one is retried, and each
// attempt is logged as it starts and ends.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import type { JobLog } from '../../src/jobs/queue.ts';

const ctx = useTestApp({ workers: false });

describe('jobs', () => {
  it('runs a job and retries it after a failure, logging each attempt', async () => {
    const seen: { n: number; retryCount: number }[] = [];
    const { queue } = ctx.app.services;
    queue.define<{ n: number }>(
      'test.echo',
      async (data, job) => {
        seen.push({ n: data.n, retryCount: job.retryCount });
        if (seen.length === 1) throw new Error('first attempt fails');
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    queue.define(
      'test.broken',
      async () => {
        throw new Error('always fails');
      },
      { retryLimit: 0 },
    );
    const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
    const log = Object.fromEntries(
      (['info', 'warn', 'error'] as const).map((level) => [
        level,
        (fields: Record<string, unknown>, message: string) =>
          lines.push({ level, message, fields }),
      ]),
    ) as unknown as JobLog;
    await queue.stop();
    await queue.start();
    await queue.work({ log });
    const echo = await queue.send('test.echo', { n: 7 });
    await queue.drain(20_000);
    expect(seen).toEqual([
      { n: 7, retryCount: 0 },
      { n: 7, retryCount: 1 },
    ]);
    const broken = await queue.send('test.broken', {});
    await queue.drain(20_000);

    // One line as each attempt starts, one as it ends: its outcome and duration.
    const ms = expect.any(Number);
    expect(lines).toEqual([
      { level: 'info', message: 'job started', fields: { job: 'test.echo', id: echo, attempt: 1 } },
      {
        level: 'warn',
        message: 'job ended',
        fields: { job: 'test.echo', id: echo, ms, outcome: 'retry', error: 'first attempt fails' },
      },
      { level: 'info', message: 'job started', fields: { job: 'test.echo', id: echo, attempt: 2 } },
      {
        level: 'info',
        message: 'job ended',
        fields: { job: 'test.echo', id: echo, ms, outcome: 'done' },
      },
      {
        level: 'info',
        message: 'job started',
        fields: { job: 'test.broken', id: broken, attempt: 1 },
      },
      {
        level: 'error',
        message: 'job ended',
        fields: { job: 'test.broken', id: broken, ms, outcome: 'failed', error: 'always fails' },
      },
    ]);
  });

  it('refuses to queue an unknown job', async () => {
    await expect(ctx.app.services.queue.send('nope', {})).rejects.toThrow(/Unknown job/);
  });
});

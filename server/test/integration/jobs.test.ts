// The job queue on the real database: a job runs in the worker, and a failing one is retried.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';

const ctx = useTestApp({ workers: false });

describe('jobs', () => {
  it('runs a job and retries it after a failure', async () => {
    const seen: { n: number; retryCount: number }[] = [];
    ctx.app.services.queue.define<{ n: number }>(
      'test.echo',
      async (data, job) => {
        seen.push({ n: data.n, retryCount: job.retryCount });
        if (seen.length === 1) throw new Error('first attempt fails');
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await ctx.app.services.queue.stop();
    await ctx.app.services.queue.start();
    await ctx.app.services.queue.work();
    await ctx.app.services.queue.send('test.echo', { n: 7 });
    await ctx.app.services.queue.drain(20_000);
    expect(seen).toEqual([
      { n: 7, retryCount: 0 },
      { n: 7, retryCount: 1 },
    ]);
  });

  it('refuses to queue an unknown job', async () => {
    await expect(ctx.app.services.queue.send('nope', {})).rejects.toThrow(/Unknown job/);
  });
});

// A worker process killed (SIGKILL) while it typesets a book: the queue notices the job's worker is gone
// once the job's time is up, another worker retries it, and the book ends `success` once, with one set
// of files and one "book ready" mail. Separate API and worker processes on one PostgreSQL database, so it
// runs with the PostgreSQL suite (TEST_DATABASE_URL).
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody } from '../support/factories.ts';
import { CHAPTER_TEXT } from '../support/books.ts';
import { processCluster, until } from '../support/processes.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
// A dead worker's job is noticed within seconds instead of minutes.
const FAST_JOBS = {
  JOB_TIMEOUT_SECONDS: '6',
  JOB_MAINTENANCE_SECONDS: '1',
  LOG_LEVEL: 'fatal',
  STRIPE_SECRET_KEY: '',
};

describe.runIf(adminUrl)('a worker killed while it makes a book', () => {
  const cluster = processCluster(adminUrl!, 'kill');
  const { api } = cluster;
  const start = (role: 'api' | 'worker') => cluster.start(role, FAST_JOBS);

  beforeAll(() => cluster.setUp());
  afterAll(() => cluster.tearDown());

  it('completes the book once after the retry', async () => {
    start('api');
    await until('the API', async () => ((await api('/readyz')).ok ? true : null), 60_000);
    const body = signupBody();
    expect(
      (
        await api('/api/v1/users/signup', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    ).toBe(201);
    const login = await api('/api/v1/login/access-token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: body.email as string,
        password: body.password as string,
      }),
    });
    const auth = {
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    };
    const me = (await (await api('/api/v1/users/me', { headers: auth })).json()) as { id: string };

    // Full access the way a person gets it: the 12-month pack, paid in the simulator.
    const pack = (await (
      await api('/api/v1/demo/checkout/premium-12-months-and-a-book', {
        method: 'POST',
        headers: auth,
      })
    ).json()) as { redirect_url: string };
    const paid = await api(`${pack.redirect_url}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#557799' },
    })
      .jpeg()
      .toBuffer();
    const ids: string[] = [];
    for (let c = 0; c < 4; c++) {
      const { id } = (await (
        await api('/api/v1/conversations', { method: 'POST', headers: auth })
      ).json()) as { id: string };
      await api(`/api/v1/conversations/${id}`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Souvenir ${c + 1}`, summary: CHAPTER_TEXT }),
      });
      for (let p = 0; p < 3; p++) {
        const form = new FormData();
        form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
        expect(
          (
            await api(`/api/v1/conversations/${id}/images`, {
              method: 'POST',
              headers: auth,
              body: form,
            })
          ).status,
        ).toBe(201);
      }
      ids.push(id);
    }

    const first = start('worker');
    const created = await api('/api/v1/books', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Ma vie',
        subtitle: 'Souvenirs',
        author: 'Jeanne',
        conversation_ids: ids,
        summary: 'Une vie.',
        dedication: null,
        front_cover_image_id: null,
        back_cover_image_id: null,
      }),
    });
    expect(created.status).toBe(201);
    const bookId = ((await created.json()) as { id: string }).id;
    const book = async () =>
      (await (await api(`/api/v1/books/${bookId}`, { headers: auth })).json()) as {
        generation_status: string;
        url_pdf: string | null;
      };

    // Killed as soon as it has taken the job, while the book is still being made.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      await until(
        'the worker to take the job',
        async () => {
          const { rows } = await client.query(
            `SELECT state FROM pgboss.job WHERE name = 'book.generate'`,
          );
          return rows[0]?.state === 'active' ? true : null;
        },
        60_000,
        20,
      );
      first.kill('SIGKILL');
      await once(first, 'exit');
      expect((await book()).generation_status).toBe('ongoing');

      start('worker');
      const done = await until(
        'the retried job to finish the book',
        async () => {
          const current = await book();
          return current.generation_status === 'ongoing' ? null : current;
        },
        60_000,
      );
      expect(done.generation_status).toBe('success');
      // The handler writes the book's status before pg-boss marks the job done: wait for the queue
      // to record the completion instead of reading it in the gap between the two.
      const jobs = await until(
        'the queue to record the job as completed',
        async () => {
          const { rows } = await client.query<{ state: string; retry_count: number }>(
            `SELECT state, retry_count FROM pgboss.job WHERE name = 'book.generate'`,
          );
          return rows.some((row) => row.state === 'active') ? null : rows;
        },
        30_000,
      );
      expect(jobs).toHaveLength(1);
      expect(jobs[0].state).toBe('completed');
      expect(jobs[0].retry_count).toBeGreaterThanOrEqual(1);
    } finally {
      await client.end();
    }
    const files = readdirSync(
      join(cluster.dataDir, 'files', 'users', me.id, 'books', bookId),
    ).filter((f) => !f.endsWith('.meta.json'));
    expect(files.sort()).toEqual([
      'book.epub',
      'cover.pdf',
      'cover.png',
      'interior.pdf',
      'screen.pdf',
    ]);
    // A same-origin path, fetched from the API process like a browser on its page would.
    const pdf = await api((await book()).url_pdf!);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    await until('the mail', async () => {
      const mails = (await (
        await api(`/api/v1/dev/mailbox?to=${encodeURIComponent(body.email as string)}`)
      ).json()) as { data: { subject: string }[] };
      const ready = mails.data.filter((m) => m.subject.includes('est prêt'));
      return ready.length === 1 ? true : null;
    });
  }, 120_000);
});

// `--role=api` and `--role=worker` as separate processes on one PostgreSQL database: the API queues
// mail jobs, only the worker process runs them, and both stop cleanly on SIGTERM. Runs with the
// PostgreSQL suite (TEST_DATABASE_URL), since these roles need a shared database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody } from '../support/factories.ts';
import { processCluster, until } from '../support/processes.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('separate API and worker processes', () => {
  const cluster = processCluster(adminUrl!, 'roles');
  const { api } = cluster;

  async function mailCount(email: string) {
    const response = await api(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    return ((await response.json()) as { count: number }).count;
  }

  async function signup() {
    const body = signupBody();
    const response = await api('/api/v1/users/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return body.email as string;
  }

  beforeAll(() => cluster.setUp());
  afterAll(() => cluster.tearDown());

  it('the API queues, only the worker sends, and both shut down cleanly', async () => {
    const apiProcess = cluster.start('api');
    await until('the API to be ready', async () => ((await api('/readyz')).ok ? true : null));

    // No worker yet: the API process keeps the mail queued and does not send it itself.
    const first = await signup();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await mailCount(first)).toBe(0);

    const worker = cluster.start('worker');
    await until('the worker to send the queued mail', async () =>
      (await mailCount(first)) === 1 ? true : null,
    );
    const second = await signup();
    await until('the worker to send the next mail', async () =>
      (await mailCount(second)) === 1 ? true : null,
    );

    expect(await cluster.stop(worker)).toBe(0);
    expect(await cluster.stop(apiProcess)).toBe(0);
  });
});

// `--role=api` and `--role=worker` as separate processes on one PostgreSQL database: the API queues
// mail jobs, only the worker process runs them, and both stop cleanly on SIGTERM. Runs with the
// PostgreSQL suite (TEST_DATABASE_URL), since these roles need a shared database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody } from '../support/factories.ts';
import { freePort, processCluster, until } from '../support/processes.ts';

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

  // Two processes start from TypeScript (tsx) one after the other: on a loaded two-core box that alone
  // can take longer than the suite's 30 s, hence the 120 s the other tests that start processes have.
  it('the API queues, only the worker sends, and both shut down cleanly', async () => {
    const apiProcess = cluster.start('api');
    await until('the API to be ready', async () => ((await api('/readyz')).ok ? true : null));
    // The API sends jobs and leaves working them to the workers.
    expect(await (await api('/readyz')).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', queue: 'not in this process', storage: 'ok' },
    });

    // No worker yet: the API process keeps the mail queued and does not send it itself.
    const first = await signup();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await mailCount(first)).toBe(0);

    const healthPort = await freePort();
    const worker = cluster.start('worker', { HEALTH_PORT: String(healthPort) });
    // The worker has no API port: HEALTH_PORT answers its health check on 127.0.0.1.
    const health = (path: string) => fetch(`http://127.0.0.1:${healthPort}${path}`);
    await until('the worker to be ready', async () => ((await health('/readyz')).ok ? true : null));
    expect(await (await health('/readyz')).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', queue: 'ok' },
    });
    expect(await (await health('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await health('/api/v1/config')).status).toBe(404);
    await until('the worker to send the queued mail', async () =>
      (await mailCount(first)) === 1 ? true : null,
    );
    const second = await signup();
    await until('the worker to send the next mail', async () =>
      (await mailCount(second)) === 1 ? true : null,
    );

    expect(await cluster.stop(worker)).toBe(0);
    // Stopped with the worker: nothing answers on its health port any more.
    await expect(health('/healthz')).rejects.toThrow();
    expect(await cluster.stop(apiProcess)).toBe(0);
  }, 120_000);
});

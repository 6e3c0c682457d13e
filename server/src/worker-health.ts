// The health check of a `--role=worker` process, which has no API port: with HEALTH_PORT set, a small
// HTTP server on 127.0.0.1 answers `/healthz` (the process is alive) and `/readyz` (the same checks as
// the API's: the database answers and this process works the job queue). Nothing else is served.
import { createServer, type Server } from 'node:http';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import { readiness } from './modules/system/routes.ts';

export interface WorkerHealth {
  /** The port listened on (the one given, or the one picked for port 0). */
  port: number;
  close(): Promise<void>;
}

export async function startWorkerHealth(options: {
  port: number;
  database: Pick<Database, 'ping'>;
  queue: Pick<JobQueue, 'state'>;
  host?: string;
}): Promise<WorkerHealth> {
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: object) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, { status: 'GET only' });
    if (path === '/healthz') return send(200, { status: 'ok' });
    if (path !== '/readyz') return send(404, { status: 'not found' });
    readiness({ database: options.database, queue: options.queue }).then(
      (answer) => send(answer.status === 'ready' ? 200 : 503, answer),
      (error: unknown) => send(503, { status: 'not ready', error: String(error) }),
    );
  });
  // A probe that never finishes its request must not keep a socket open forever.
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

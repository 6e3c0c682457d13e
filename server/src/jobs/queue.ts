// The job queue: pg-boss on the same database (PGlite embedded, or PostgreSQL shared by every worker
// process). Jobs are named `<module>.<action>`, typed, idempotent, and only call services.
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

interface JobDefinition<T = unknown> {
  name: string;
  handler: JobHandler<T>;
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
}

export interface JobQueue {
  define<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: Partial<Omit<JobDefinition<T>, 'name' | 'handler'>>,
  ): void;
  send<T extends object>(
    name: string,
    data: T,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
  /** Starts the workers of every defined job (roles all and worker). */
  work(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Tests: waits until no job is queued or running. */
  drain(timeoutMs?: number): Promise<void>;
}

export function createJobQueue(
  database: Database,
  options: { pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number } = {},
): JobQueue {
  // Every query pg-boss makes and every handler it runs is counted, so stop() can wait for the last
  // of them: pg-boss's own graceful stop only waits for jobs already fetched, not for a fetch still
  // in flight, whose job would then run (and be marked done) on a database closed meanwhile.
  let inFlight = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
    }
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => counted(() => database.sql.executeSql(text, values)) },
    schema: 'pgboss',
    // PGlite is one connection in this process: keep maintenance light.
    supervise: true,
    schedule: false,
    // Maintenance is also what notices a job whose worker died (expired) and queues its retry.
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
  });
  boss.on('error', (error) => console.error('[jobs]', error));
  const definitions = new Map<string, JobDefinition>();
  const workerIds = new Map<string, string>();
  let started = false;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;

  return {
    define(name, handler, overrides = {}) {
      definitions.set(name, {
        name,
        handler: handler as JobHandler<unknown>,
        retryLimit: overrides.retryLimit ?? 5,
        retryDelaySeconds: overrides.retryDelaySeconds ?? 5,
        expireInSeconds: overrides.expireInSeconds ?? 15 * 60,
      });
    },
    async start() {
      if (started) return;
      await boss.start();
      for (const definition of definitions.values()) {
        await boss.createQueue(definition.name, {
          name: definition.name,
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds,
        });
      }
      started = true;
    },
    async send(name, data, sendOptions = {}) {
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`);
      const id = await boss.send(
        name,
        data,
        sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {},
      );
      // A worker in this process picks the job up now rather than at its next poll.
      const workerId = workerIds.get(name);
      if (id && workerId) boss.notifyWorker(workerId);
      return id;
    },
    async work() {
      for (const definition of definitions.values()) {
        const workerId = await boss.work(
          definition.name,
          { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
          (jobs) =>
            counted(async () => {
              for (const job of jobs) {
                await definition.handler(job.data, { id: job.id, retryCount: job.retryCount });
              }
            }),
        );
        workerIds.set(definition.name, workerId);
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // A fetch that was under way returns its job now, which then runs and is completed: wait until
      // nothing has been in flight for two checks in a row (bounded, like pg-boss's own timeout).
      const deadline = Date.now() + 10_000;
      let quiet = 0;
      while (quiet < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        quiet = inFlight === 0 ? quiet + 1 : 0;
      }
      workerIds.clear();
    },
    async drain(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let pending = 0;
        for (const name of definitions.keys())
          pending += await boss.getQueueSize(name, { before: 'completed' });
        if (pending === 0) return;
        if (Date.now() > deadline) throw new Error(`Jobs still pending after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

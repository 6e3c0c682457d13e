// The job queue: pg-boss on the same database (PGlite embedded, or PostgreSQL shared by every worker
// process). Jobs are named `<module>.<action>`, typed, idempotent, and only call services.
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db, type SqlExecutor } from '../db/client.ts';

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
    /**
     * priority: higher is taken first (same priority: oldest first); default 0. within: a transaction of
     * `transaction()`: the job exists only if it commits.
     */
    options?: { singletonKey?: string; priority?: number; within?: Db },
  ): Promise<string | null>;
  /**
   * Deletes every job, queued, done or archived, whose data, output or singleton key contains one of
   * `needles` (account deletion: a `mail.send` job holds a whole mail).
   */
  forgetJobsMentioning(needles: string[]): Promise<void>;
  /** Runs `work` in one database transaction; jobs sent `within` it are queued if and only if it commits. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Starts the workers of every defined job (roles all and worker). */
  work(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Tests: waits until no job is queued or running. */
  drain(timeoutMs?: number): Promise<void>;
}

/**
 * Runs `work` again when PostgreSQL chose it as a deadlock's victim (40P01). Processes starting together
 * on one database create the same queues at once, and pg-boss's create_queue (a row, a partition table
 * and its attachment) can deadlock with another's: the victim's transaction was rolled back whole, so
 * trying it again after a random pause is safe, and create_queue keeps an existing queue as it is.
 */
export async function retryDeadlocks<T>(work: () => Promise<T>, attempts = 20): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, (20 + Math.random() * 80) * attempt));
    }
  }
}

/**
 * pg-boss's statements ($1, $2… placeholders) run on a Drizzle transaction, so a job is inserted with the
 * rows it goes with. Objects (a job's data) are sent as JSON text, as pg-boss's own client does.
 */
function transactionExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/).map((part, index) => {
        if (index % 2 === 0) return sql.raw(part);
        const value = values[Number(part) - 1];
        const json =
          value !== null && typeof value === 'object' && !(value instanceof Date)
            ? JSON.stringify(value)
            : value;
        return sql`${json ?? null}`;
      });
      const result = (await tx.execute(sql.join(parts))) as unknown;
      return { rows: rowsOf(result) };
    },
  };
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
  /** Jobs sent within a transaction still open: their workers are woken once it commits. */
  const notifyAfterCommit = new WeakMap<Db, Set<string>>();
  const notify = (name: string) => {
    const workerId = workerIds.get(name);
    if (workerId) boss.notifyWorker(workerId);
  };
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
        const settings = {
          name: definition.name,
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds,
        };
        await retryDeadlocks(() => boss.createQueue(definition.name, settings));
        // A queue made by an earlier version keeps its settings otherwise (createQueue leaves it as is).
        await retryDeadlocks(() => boss.updateQueue(definition.name, settings));
      }
      started = true;
    },
    async send(name, data, sendOptions = {}) {
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`);
      const id = await boss.send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.priority ? { priority: sendOptions.priority } : {}),
        ...(sendOptions.within ? { db: transactionExecutor(sendOptions.within) } : {}),
      });
      // A worker in this process picks the job up now rather than at its next poll — once the job
      // exists for it, so after the commit of a transaction it was sent within.
      if (id) {
        const pending = sendOptions.within && notifyAfterCommit.get(sendOptions.within);
        if (pending) pending.add(name);
        else notify(name);
      }
      return id;
    },
    async forgetJobsMentioning(needles) {
      const text = sql`lower(coalesce(data::text, '') || ' ' || coalesce(output::text, '') || ' ' || coalesce(singleton_key, ''))`;
      const mentions = sql.join(
        needles.map((needle) => sql`position(${needle.toLowerCase()} in ${text}) > 0`),
        sql` or `,
      );
      // pg-boss makes its tables at its first start: a process that never started it has none.
      for (const table of ['job', 'archive']) {
        const [found] = rowsOf<{ name: string | null }>(
          await database.db.execute(sql`select to_regclass(${`pgboss.${table}`}) as name`),
        );
        if (found?.name)
          await database.db.execute(
            sql`delete from pgboss.${sql.identifier(table)} where ${mentions}`,
          );
      }
    },
    async transaction(work) {
      const names = new Set<string>();
      const result = await database.db.transaction((tx) => {
        notifyAfterCommit.set(tx as unknown as Db, names);
        return work(tx as unknown as Db);
      });
      for (const name of names) notify(name);
      return result;
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

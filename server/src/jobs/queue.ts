// The job queue: pg-boss on the same database (PGlite embedded, or PostgreSQL shared by every worker
// process). Jobs are named `<module>.<action>`, typed, idempotent, and only call services.
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db, type SqlExecutor } from '../db/client.ts';
import { holdingAdvisoryLock } from '../db/advisory-lock.ts';

/**
 * pg_advisory_lock key held while a process starts pg-boss and creates its queues on PostgreSQL
 * (unique among the app's locks, see MIGRATION_LOCK_KEY). pg-boss guards its schema creation with a
 * transaction-level advisory lock, but the `CREATE SCHEMA IF NOT EXISTS` of the process that waited
 * for it still answers from a catalog cache read before the wait (its "not installed" check) and
 * fails on a duplicate pg_namespace key; and create_queue of two processes at once deadlock on the
 * queue table and the job table's partitions. One process at a time, each finds the others' work
 * committed: the schema installed, the queues there.
 */
export const QUEUE_START_LOCK_KEY = '7361626830290521842';

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

/** Where each job's start and end are written (the app's pino logger, or a child of it). */
export interface JobLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** stopped: nothing started; sending: jobs can be queued here; working: this process also runs them. */
export type QueueState = 'stopped' | 'sending' | 'working';

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
  /**
   * Starts the workers of every defined job (roles all and worker). With `log`, each job writes one
   * line when it starts and one when it ends (outcome done, retry or failed, and its duration).
   */
  work(options?: { log?: JobLog }): Promise<void>;
  start(): Promise<void>;
  /** What this process does with jobs now (/readyz). */
  state(): QueueState;
  stop(): Promise<void>;
  /** Tests: waits until no job is queued or running. */
  drain(timeoutMs?: number): Promise<void>;
}

/**
 * Runs `work` again when PostgreSQL chose it as a deadlock's victim (40P01). pg-boss's create_queue (a
 * row, a partition table and its attachment to the job table) can deadlock with another process's
 * statements on the job table: the victim's transaction was rolled back whole, so trying it again after
 * a random pause is safe, and create_queue keeps an existing queue as it is.
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
  let working = false;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;

  /** Installs or upgrades pg-boss's schema if needed, then creates (or updates) every defined queue. */
  const startBoss = async () => {
    await boss.start();
    for (const definition of definitions.values()) {
      const settings = {
        name: definition.name,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
      };
      // Still a deadlock's possible victim: a process already working jobs, its fetches and its
      // maintenance, holds locks on the job table that a new queue's partition needs.
      await retryDeadlocks(() => boss.createQueue(definition.name, settings));
      // A queue made by an earlier version keeps its settings otherwise (createQueue leaves it as is).
      await retryDeadlocks(() => boss.updateQueue(definition.name, settings));
    }
  };

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
      if (database.kind === 'postgres')
        await holdingAdvisoryLock(database, QUEUE_START_LOCK_KEY, () => startBoss());
      else await startBoss();
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
    async work(workOptions = {}) {
      const { log } = workOptions;
      for (const definition of definitions.values()) {
        const workerId = await boss.work(
          definition.name,
          { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
          (jobs) =>
            counted(async () => {
              for (const job of jobs) {
                const meta = { job: definition.name, id: job.id };
                const begun = Date.now();
                log?.info({ ...meta, attempt: job.retryCount + 1 }, 'job started');
                try {
                  await definition.handler(job.data, { id: job.id, retryCount: job.retryCount });
                } catch (error) {
                  // pg-boss retries a job that threw until its retry limit, then keeps it as failed.
                  const outcome = job.retryCount < job.retryLimit ? 'retry' : 'failed';
                  const fields = {
                    ...meta,
                    ms: Date.now() - begun,
                    outcome,
                    error: messageOf(error),
                  };
                  if (outcome === 'retry') log?.warn(fields, 'job ended');
                  else log?.error(fields, 'job ended');
                  throw error;
                }
                log?.info({ ...meta, ms: Date.now() - begun, outcome: 'done' }, 'job ended');
              }
            }),
        );
        workerIds.set(definition.name, workerId);
      }
      working = true;
    },
    state() {
      if (!started) return 'stopped';
      return working ? 'working' : 'sending';
    },
    async stop() {
      if (!started) return;
      started = false;
      working = false;
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

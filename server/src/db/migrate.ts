// Applies the committed migrations at start, once, whichever engine and however many processes start.
//
// Drizzle's migrator (drizzle-orm 0.45, pg-core dialect `migrate()`) creates its schema `drizzle` and
// table `__drizzle_migrations` if missing, reads the last applied migration, then runs every pending
// migration and its bookkeeping row inside ONE transaction: a migration that fails rolls back the
// whole run (earlier pending migrations of the same start included) and the error propagates, so
// server.ts's main() exits non-zero on a database left as it was.
//
// What it does not do is keep two processes apart: on PostgreSQL, API and worker processes starting
// together would all read "nothing applied" and race each other into "relation already exists" or a
// duplicate key in pg_namespace. So on PostgreSQL the whole migrator runs on one dedicated connection
// of the pool holding a session-level advisory lock: the others wait, then find nothing pending.
// PGlite needs no lock: one process owns the data directory (lock.ts).
import type pg from 'pg';
import type { Database } from './client.ts';

/** pg_advisory_lock key of the migrations (any fixed 64-bit value, unique among the app's locks). */
export const MIGRATION_LOCK_KEY = '7361626830290521841';

export interface MigrateOptions {
  migrationsFolder: string;
}

export async function migrate(database: Database, options: MigrateOptions): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: options.migrationsFolder });
    return;
  }
  // drizzle(pool) keeps the pool as `$client` (public Drizzle API): the connection taken from it keeps
  // the pool's settings (search_path).
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  // Set when the connection must be closed instead of returned to the pool.
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const { migrate: migratePostgres } = await import('drizzle-orm/node-postgres/migrator');
      // A Drizzle instance on this one connection: the migrator's reads and its transaction run in the
      // session that holds the lock.
      await migratePostgres(drizzle(client), { migrationsFolder: options.migrationsFolder });
    } finally {
      // An unlock that fails must not hide the migration's own error; closing the connection below
      // ends the session, which releases the lock anyway.
      await unlock(client).catch((error: unknown) => {
        broken = asError(error);
      });
    }
  } catch (error) {
    broken ??= asError(error);
    throw error;
  } finally {
    // After any failure the connection is closed rather than returned to the pool (it may still hold
    // the lock, or sit in an aborted transaction): ending the session releases the lock.
    client.release(broken);
  }
}

async function unlock(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ unlocked: boolean }>(
    'select pg_advisory_unlock($1::bigint) as unlocked',
    [MIGRATION_LOCK_KEY],
  );
  if (!rows[0]?.unlocked) throw new Error('the migration lock was not held');
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

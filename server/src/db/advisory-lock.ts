// Work that one process at a time may do on a shared PostgreSQL database (the migrations, the job
// queue's setup): a session-level advisory lock held on one dedicated connection of the pool.
import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * Runs `work` while this process holds the session-level advisory lock `key` on PostgreSQL, on one
 * dedicated connection of the pool (handed to `work`): processes doing the same work wait their turn.
 */
export async function holdingAdvisoryLock<T>(
  database: Database,
  key: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  // drizzle(pool) keeps the pool as `$client` (public Drizzle API): the connection taken from it keeps
  // the pool's settings (search_path).
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  // Set when the connection must be closed instead of returned to the pool.
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    try {
      return await work(client);
    } finally {
      // An unlock that fails must not hide the work's own error; closing the connection below
      // ends the session, which releases the lock anyway.
      await unlock(client, key).catch((error: unknown) => {
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

async function unlock(client: pg.PoolClient, key: string): Promise<void> {
  const { rows } = await client.query<{ unlocked: boolean }>(
    'select pg_advisory_unlock($1::bigint) as unlocked',
    [key],
  );
  if (!rows[0]?.unlocked) throw new Error('the advisory lock was not held');
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

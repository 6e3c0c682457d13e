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
//
// It answers which migrations the database had before and after (counted in Drizzle's table, named
// from the journal), so the start-up log says the schema version and what was applied.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './client.ts';
import { holdingAdvisoryLock } from './advisory-lock.ts';

/** pg_advisory_lock key of the migrations (any fixed 64-bit value, unique among the app's locks). */
export const MIGRATION_LOCK_KEY = '7361626830290521841';

export interface MigrateOptions {
  migrationsFolder: string;
}

/** The migrations applied to the database, before this start and after it, as journal tags. */
export interface MigrationReport {
  before: number;
  after: number;
  /** Tags of the migrations this process applied, oldest first (none when another process did). */
  applied: string[];
  /** Tag of the newest migration the database has; null for none. */
  latest: string | null;
}

const MIGRATIONS_TABLE = `select to_regclass('drizzle.__drizzle_migrations') is not null as present`;
const COUNT_APPLIED = 'select count(*)::int as count from drizzle.__drizzle_migrations';

/** How many migrations the database has (none before Drizzle's table exists). */
async function countApplied(query: (text: string) => Promise<unknown[]>): Promise<number> {
  const [table] = (await query(MIGRATIONS_TABLE)) as { present?: boolean }[];
  if (!table?.present) return 0;
  const [row] = (await query(COUNT_APPLIED)) as { count?: number }[];
  return Number(row?.count ?? 0);
}

function journalTags(migrationsFolder: string): string[] {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: { idx: number; tag: string }[];
  };
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((entry) => entry.tag);
}

function report(tags: string[], before: number, after: number): MigrationReport {
  return {
    before,
    after,
    applied: tags.slice(before, after),
    latest: after > 0 ? (tags[after - 1] ?? `migration ${after}`) : null,
  };
}

/** The start-up log lines of a report: what was applied, then the schema version. */
export function describeMigrations(migrations: MigrationReport): string[] {
  const lines = migrations.applied.map((tag) => `applied migration ${tag}`);
  if (migrations.applied.length > 0)
    lines.push(`database upgraded from ${migrations.before} to ${migrations.after} migrations`);
  lines.push(
    `database schema: ${migrations.after} migrations${migrations.latest ? ` (${migrations.latest})` : ''}`,
  );
  return lines;
}

export async function migrate(
  database: Database,
  options: MigrateOptions,
): Promise<MigrationReport> {
  const tags = journalTags(options.migrationsFolder);
  if (database.kind === 'pglite') {
    const count = () =>
      countApplied(async (text) => (await database.sql.executeSql(text, [])).rows);
    const before = await count();
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: options.migrationsFolder });
    return report(tags, before, await count());
  }
  return holdingAdvisoryLock(database, MIGRATION_LOCK_KEY, async (client) => {
    const count = () => countApplied(async (text) => (await client.query(text)).rows);
    // Counted under the lock: a process that waited for another's migrations finds them done.
    const before = await count();
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate: migratePostgres } = await import('drizzle-orm/node-postgres/migrator');
    // A Drizzle instance on this one connection: the migrator's reads and its transaction run in the
    // session that holds the lock.
    await migratePostgres(drizzle(client), { migrationsFolder: options.migrationsFolder });
    return report(tags, before, await count());
  });
}

// Opens the database — embedded PGlite under DATA_DIR, or PostgreSQL when DATABASE_URL is set — behind
// one Drizzle type, and applies the committed migrations.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir, type DataDirLock } from './lock.ts';
import { migrate, type MigrationReport } from './migrate.ts';
import { PgliteStatements } from './pglite-statements.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL for the job queue, on either engine. */
/** The rows of `db.execute(…)`: node-postgres answers `{rows}`, PGlite's Drizzle driver the array. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  /** PGlite only: the embedded instance (tests clone it). */
  pglite: PGlite | null;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface OpenOptions {
  databaseUrl: string | null;
  /** Directory for PGlite; null keeps it in memory. */
  dataDir: string | null;
  /** An existing PGlite (tests hand over a copy of a migrated template). */
  pglite?: PGlite;
  /** A PostgreSQL schema to use instead of public (test isolation on a shared server). */
  searchPath?: string;
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.searchPath)
    : await openPglite(options);
  if (options.migrate !== false) await migrateDatabase(database);
  return database;
}

/** A select of Drizzle outside a transaction (its transactions use their own client). */
const SELECT = /^select\s/i;

/** The types Drizzle reads as text on PGlite (drizzle-orm/pglite/session). */
const drizzleTextTypes = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/**
 * PostgreSQL settings for the embedded database, sized for a small box (a 1 GB server, a Raspberry Pi).
 * PGlite zeroes its shared buffers at start, so their size is resident memory from the first second:
 * the default 128 MB cost 120 MB of RSS for a database of a family's stories that fits in a few MB.
 * 16 MB keeps every hot page of such a database cached; the operating system caches the files behind.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=2MB',
] as const;

/**
 * A new cluster is made by PGlite's initdb, which runs two more WebAssembly instances beside the
 * database's and leaves about 500 MB behind it until the garbage collector happens to run. Making it
 * in a short-lived child process (about 1.05 GB for a few seconds, on the very first start only: docs/decisions.md) leaves the
 * server with the memory of an ordinary reopen.
 */
async function createClusterApart(dataDir: string, settings: object): Promise<void> {
  const pgliteUrl = import.meta.resolve('@electric-sql/pglite');
  const script = `
    const { PGlite } = await import(${JSON.stringify(pgliteUrl)});
    const db = await PGlite.create(process.argv[1], JSON.parse(process.argv[2]));
    await db.close();`;
  await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script, dataDir, JSON.stringify(settings)],
    { timeout: 120_000 },
  );
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let client = options.pglite;
  let lock: DataDirLock | null = null;
  if (!client) {
    const settings = {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
    };
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      lock = lockDataDir(options.dataDir);
    }
    try {
      if (options.dataDir && !existsSync(join(options.dataDir, 'PG_VERSION')))
        await createClusterApart(options.dataDir, settings);
      client = options.dataDir ? new PGlite(options.dataDir, settings) : new PGlite(settings);
      await client.waitReady;
    } catch (error) {
      lock?.release();
      throw error;
    }
  } else {
    await client.waitReady;
  }
  const instance = client;
  // Drizzle asks PGlite for dates and intervals as text (it converts them itself) by passing
  // `parsers` with every query, and PGlite then copies its table of several hundred parsers each
  // time: ~40 % of a primary-key select. Making text the instance's default and dropping the
  // per-query option gives Drizzle the same values for less; raw SQL (pg-boss, tests) asks for the
  // usual parsed values explicitly.
  const standard = Object.fromEntries(
    drizzleTextTypes.map((oid) => [oid, instance.parsers[oid] ?? types.parsers[oid]]),
  );
  Object.assign(
    instance.parsers,
    Object.fromEntries(drizzleTextTypes.map((oid) => [oid, (value: string) => value])),
  );
  const rawOptions = { parsers: standard };
  const statements = new PgliteStatements(instance);
  const forDrizzle = new Proxy(instance, {
    get(target, property) {
      if (property === 'query')
        return (text: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) =>
          // Drizzle's selects (array rows) as prepared statements: see pglite-statements.ts.
          options?.rowMode === 'array' && SELECT.test(text)
            ? statements.query(text, params ?? [])
            : target.query(
                text,
                params,
                options?.rowMode ? { rowMode: options.rowMode } : undefined,
              );
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    kind: 'pglite',
    db: drizzle(forDrizzle, { schema }) as unknown as Db,
    pglite: instance,
    sql: {
      async executeSql(text, values) {
        // pg-boss sends multi-statement scripts without parameters: those need exec().
        if (!values || values.length === 0) {
          const results = await instance.exec(text, rawOptions);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await instance.query(text, values, rawOptions);
        return { rows: result.rows };
      },
    },
    async ping() {
      await instance.query('select 1');
    },
    async close() {
      if (!instance.closed) await instance.close();
      lock?.release();
    },
  };
}

async function openPostgres(url: string, searchPath?: string): Promise<Database> {
  const { default: pgModule } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool: pg.Pool = new pgModule.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // An idle connection dropped by the server (restart, failover, a test dropping its database) must
  // not crash the process: the pool replaces it on the next query.
  pool.on('error', (error) => console.warn('[db] idle PostgreSQL connection lost:', error.message));
  return {
    kind: 'postgres',
    db: drizzle(pool, { schema }) as unknown as Db,
    pglite: null,
    sql: {
      async executeSql(text, values) {
        const result = await pool.query(text, values as unknown[] | undefined);
        return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
      },
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

export async function migrateDatabase(database: Database): Promise<MigrationReport> {
  return migrate(database, { migrationsFolder });
}

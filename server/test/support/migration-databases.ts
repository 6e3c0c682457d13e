// Reading a database's migration state for the upgrade tests (migrations.test.ts, upgrade.test.ts): the
// applied migrations, the shape of the public schema, and scratch PostgreSQL databases of their own (the
// migrations table lives in schema `drizzle`, one per database).
import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client.ts';

/** The rows of Drizzle's bookkeeping table (schema `drizzle`, table `__drizzle_migrations`). */
export async function appliedMigrations(
  database: Database,
): Promise<{ hash: string; created_at: string }[]> {
  const { rows } = await database.sql.executeSql(
    'SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY id',
    [],
  );
  return rows as { hash: string; created_at: string }[];
}

export async function tableExists(database: Database, table: string): Promise<boolean> {
  const { rows } = await database.sql.executeSql('SELECT to_regclass($1) IS NOT NULL AS present', [
    `public.${table}`,
  ]);
  return (rows[0] as { present: boolean }).present;
}

/** Every table and column of the public schema, to compare two states. */
export async function schemaShape(database: Database): Promise<string[]> {
  const { rows } = await database.sql.executeSql(
    `SELECT table_name || '.' || column_name || ':' || data_type AS c FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY 1`,
    [],
  );
  return (rows as { c: string }[]).map((row) => row.c);
}

/** Runs one statement (CREATE/DROP DATABASE) on the PostgreSQL server of `adminUrl`. */
export async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new empty database on the server of `adminUrl`: its URL, and how to drop it. */
export async function scratchPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `chapitres_test_${randomBytes(6).toString('hex')}`;
  await adminStatement(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

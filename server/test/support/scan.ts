// Reading a whole database and a whole folder back: what a backup must restore, what a deletion must
// leave nothing of.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../src/db/client.ts';

export interface ScannedRow {
  /** `schema.table` */
  table: string;
  json: string;
  row: Record<string, unknown>;
}

/** Every row of every table of these schemas (default: the application's own), as JSON. */
export async function everyRow(database: Database, schemas: string[] = []): Promise<ScannedRow[]> {
  const where = schemas.length
    ? sql`table_schema in (${sql.join(
        schemas.map((schema) => sql`${schema}`),
        sql`, `,
      )})`
    : sql`table_schema = current_schema()`;
  const tables = rowsOf<{ schema: string; name: string }>(
    await database.db.execute(
      sql`select table_schema as schema, table_name as name from information_schema.tables
          where ${where} and table_type = 'BASE TABLE'`,
    ),
  );
  const rows: ScannedRow[] = [];
  for (const table of tables) {
    const found = rowsOf<{ json: string }>(
      await database.db.execute(
        sql`select row_to_json(t)::text as json from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t`,
      ),
    );
    for (const { json } of found)
      rows.push({ table: `${table.schema}.${table.name}`, json, row: JSON.parse(json) });
  }
  return rows;
}

/** Every file under `root` (path relative to it → bytes); empty when `root` does not exist. */
export function filesUnder(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  if (!existsSync(root)) return found;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      found.set(relative(root, path), readFileSync(path));
    }
  return found;
}

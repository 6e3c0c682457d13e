// Backups and restores: one .tar.gz with the database (every table of the app, read in one snapshot
// transaction, so consistent while the server serves requests), every stored file, the generated
// secret key, and a manifest last (version, counts, and the SHA-256 of every entry). A restore reads
// the whole archive and checks it against its manifest before it changes anything, and only goes into
// an empty data directory (or database).
import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { migrationsFolder, rowsOf, type Database } from '../db/client.ts';
import { DamagedArchiveError, readTar, TarWriter } from './tar.ts';

export const BACKUP_FORMAT = 'chapitres-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: 1;
  app_version: string;
  created_at: string;
  /** Migrations applied to the database it was taken from: a restore needs the same schema. */
  migrations: number;
  tables: Record<string, number>;
  files: number;
  /** SHA-256 of the key that signs sessions, file links and share links, to tell a restore whether they still verify. */
  secret_sha256: string;
  /** The generated key is in the archive (DATA_DIR/secrets.json); false when it came from JWT_SECRET. */
  secret_included: boolean;
  entries: Record<string, { size: number; sha256: string }>;
}

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

export interface BackupSource {
  database: Database;
  dataDir: string;
  storageKind: 'disk' | 's3';
  jwtSecret: string;
}

function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function appVersion(): string {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The number of migrations this code knows: a restore's schema must be the same. */
export function knownMigrations(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function appTables(database: Database): Promise<string[]> {
  const { rows } = await database.sql.executeSql(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return (rows as { name: string }[]).map((row) => row.name);
}

/** Tables ordered so that every table comes after those it references. */
async function inDependencyOrder(database: Database, tables: string[]): Promise<string[]> {
  const { rows } = await database.sql.executeSql(
    `select cl.relname as child, pr.relname as parent from pg_constraint c
     join pg_class cl on cl.oid = c.conrelid join pg_class pr on pr.oid = c.confrelid
     join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = current_schema()`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of rows as { child: string; parent: string }[])
    if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

function walk(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.[0-9a-f]{12}\.tmpm?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes a backup to `sink` (compressed bytes, in order). The database is read in one repeatable-read
 * transaction; the files are copied after it, so a picture added meanwhile may be in the archive
 * without its row, never the reverse (a file deleted meanwhile is simply left out).
 */
export async function writeBackup(
  source: BackupSource,
  sink: (chunk: Buffer) => void | Promise<void>,
): Promise<BackupManifest> {
  if (source.storageKind !== 'disk')
    throw new BackupError(
      'With STORAGE=s3 the files are in the bucket: back the bucket up with its own tools (versioning, replication); this command saves the database and files on disk only.',
    );
  const tar = new TarWriter(sink);
  const entries: BackupManifest['entries'] = {};
  const add = async (name: string, bytes: Buffer) => {
    entries[name] = { size: bytes.length, sha256: sha256(bytes) };
    await tar.add(name, bytes);
  };

  const tables = await appTables(source.database);
  const dumped: Record<string, string> = {};
  const counts: Record<string, number> = {};
  let migrations = 0;
  await source.database.db.transaction(
    async (tx) => {
      for (const table of tables) {
        const [row] = rowsOf<{ rows: string; count: number }>(
          await tx.execute(
            sql`select coalesce(json_agg(t), '[]'::json)::text as rows, count(*)::int as count from ${sql.identifier(table)} t`,
          ),
        );
        dumped[table] = row!.rows;
        counts[table] = Number(row!.count);
      }
      const [applied] = rowsOf<{ count: number }>(
        await tx.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
      );
      migrations = Number(applied!.count);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  for (const table of tables) await add(`database/${table}.json`, Buffer.from(dumped[table]!));

  const filesRoot = join(source.dataDir, 'files');
  let files = 0;
  for (const path of walk(filesRoot)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // deleted since the listing
    }
    await add(`files/${relative(filesRoot, path)}`, bytes);
    files += 1;
  }
  const secrets = join(source.dataDir, 'secrets.json');
  const secretIncluded =
    existsSync(secrets) && readFileSync(secrets, 'utf8').includes(source.jwtSecret);
  if (secretIncluded) await add('secrets.json', readFileSync(secrets));

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    format_version: 1,
    app_version: appVersion(),
    created_at: new Date().toISOString(),
    migrations,
    tables: counts,
    files,
    secret_sha256: sha256(source.jwtSecret),
    secret_included: secretIncluded,
    entries,
  };
  await tar.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  await tar.end();
  return manifest;
}

/** What a backup is taken from: a server's database and configuration. */
export interface BackupContext {
  database: Database;
  config: Pick<Config, 'dataDir' | 'jwtSecret' | 'storage'>;
}

/** Writes a backup of `context` into `file` and closes it. */
export async function backupInto(
  file: { write(chunk: Buffer): void | Promise<void>; close(): Promise<void> },
  context: BackupContext,
): Promise<BackupManifest> {
  const manifest = await writeBackup(
    {
      database: context.database,
      dataDir: context.config.dataDir,
      storageKind: context.config.storage.kind,
      jwtSecret: context.config.jwtSecret,
    },
    (chunk) => file.write(chunk),
  );
  await file.close();
  return manifest;
}

/** One line about a backup, for the command line and the log. */
export function describeBackup(path: string, manifest: BackupManifest): string {
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  return `${path}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.files} files (Chapitres ${manifest.app_version}, ${manifest.migrations} migrations)`;
}

/** A file written under a temporary name and renamed once complete: never half an archive. */
export function partialFile(path: string) {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  return {
    write(chunk: Buffer) {
      writeSync(fd, chunk);
    },
    async close() {
      fsyncSync(fd);
      closeSync(fd);
      renameSync(partial, path);
    },
  };
}

/** Reads the whole archive and checks every entry against the manifest; changes nothing. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: BackupManifest | null = null;
  try {
    for await (const entry of readTar(createReadStream(file))) {
      if (entry.name === 'manifest.json') {
        manifest = JSON.parse(entry.bytes.toString('utf8')) as BackupManifest;
        continue;
      }
      seen.set(entry.name, { size: entry.bytes.length, sha256: sha256(entry.bytes) });
    }
  } catch (error) {
    if (error instanceof DamagedArchiveError)
      throw new BackupError(`${file}: ${error.message}. Nothing was changed.`);
    throw new BackupError(
      `${file} is not a Chapitres backup (${(error as Error).message}). Nothing was changed.`,
    );
  }
  if (!manifest || manifest.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${file} has no manifest: it is cut short or not a Chapitres backup. Nothing was changed.`,
    );
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const found = seen.get(name);
    if (!found) throw new BackupError(`${file} is missing ${name}. Nothing was changed.`);
    if (found.sha256 !== expected.sha256 || found.size !== expected.size)
      throw new BackupError(
        `${file} is damaged: ${name} does not match its checksum. Nothing was changed.`,
      );
  }
  if (seen.size !== Object.keys(manifest.entries).length)
    throw new BackupError(`${file} holds entries its manifest does not list. Nothing was changed.`);
  return manifest;
}

/** What restore needs before it opens the database: the archive checked, the target empty. */
export async function prepareRestore(
  file: string,
  target: { dataDir: string; databaseUrl: string | null },
): Promise<BackupManifest> {
  const manifest = await verifyBackup(file);
  if (manifest.migrations !== knownMigrations())
    throw new BackupError(
      `${file} was made by Chapitres ${manifest.app_version} with ${manifest.migrations} database migrations; this version has ${knownMigrations()}. Restore it with that version, then upgrade. Nothing was changed.`,
    );
  const files = join(target.dataDir, 'files');
  if (existsSync(files) && readdirSync(files).length > 0)
    throw new BackupError(
      `${files} is not empty: restore into an empty data directory. Nothing was changed.`,
    );
  if (!target.databaseUrl && existsSync(join(target.dataDir, 'db', 'PG_VERSION')))
    throw new BackupError(
      `${join(target.dataDir, 'db')} already holds a database: restore into an empty data directory. Nothing was changed.`,
    );
  // The generated key comes back first, so that the configuration finds it instead of making one.
  const secrets = join(target.dataDir, 'secrets.json');
  if (manifest.secret_included && !existsSync(secrets)) {
    for await (const entry of readTar(createReadStream(file)))
      if (entry.name === 'secrets.json') {
        mkdirSync(target.dataDir, { recursive: true });
        writeFileSync(secrets, entry.bytes, { mode: 0o600 });
      }
  }
  return manifest;
}

/**
 * Restores a checked archive (prepareRestore) into the opened, migrated, empty database and the data
 * directory: every row in one transaction, then every file.
 */
export async function restoreBackup(
  file: string,
  manifest: BackupManifest,
  target: { database: Database; dataDir: string },
): Promise<void> {
  const { database } = target;
  const [users] = rowsOf<{ count: number }>(
    await database.db.execute(sql`select count(*)::int as count from users`),
  );
  if (Number(users!.count) > 0)
    throw new BackupError(
      'The database already holds accounts: restore into an empty database. Nothing was changed.',
    );

  // Two reads of the archive: the rows first, then the files one at a time (never all in memory).
  const dumped = new Map<string, string>();
  for await (const entry of readTar(createReadStream(file)))
    if (entry.name.startsWith('database/'))
      dumped.set(entry.name.slice(9, -5), entry.bytes.toString('utf8'));
  const tables = await inDependencyOrder(database, await appTables(database));
  const unknown = [...dumped.keys()].filter((table) => !tables.includes(table));
  if (unknown.length)
    throw new BackupError(`${file} holds tables this version does not have: ${unknown.join(', ')}`);

  await database.db.transaction(async (tx) => {
    // Rows come back as they were: the content versions (migration 0008) are not bumped by the inserts.
    await tx.execute(sql`select set_config('chapitres.restoring', 'on', true)`);
    // Rows the migrations put in (the onboarding questions) make way for the backup's.
    for (const table of [...tables].reverse())
      await tx.execute(sql`delete from ${sql.identifier(table)}`);
    for (const table of tables) {
      const rows = dumped.get(table);
      if (!rows || rows === '[]') continue;
      await tx.execute(
        sql`insert into ${sql.identifier(table)} overriding system value select * from json_populate_recordset(null::${sql.identifier(table)}, ${rows}::json)`,
      );
    }
    // Every row is back, or nothing is.
    for (const table of tables) {
      const [counted] = rowsOf<{ count: number }>(
        await tx.execute(sql`select count(*)::int as count from ${sql.identifier(table)}`),
      );
      if (Number(counted!.count) !== (manifest.tables[table] ?? 0))
        throw new BackupError(
          `${table}: ${counted!.count} rows restored where the backup had ${manifest.tables[table] ?? 0}. Nothing was kept.`,
        );
    }
    // Serial and identity columns go on after the restored rows.
    const serials = rowsOf<{ table_name: string; column_name: string }>(
      await tx.execute(
        sql`select table_name, column_name from information_schema.columns where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`,
      ),
    );
    for (const { table_name: table, column_name: column } of serials)
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
      );
  });
  const filesRoot = join(target.dataDir, 'files');
  for await (const entry of readTar(createReadStream(file))) {
    if (!entry.name.startsWith('files/')) continue;
    const path = join(filesRoot, entry.name.slice(6));
    if (!path.startsWith(`${filesRoot}/`))
      throw new BackupError(`${file} holds a file outside files/: ${entry.name}`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, entry.bytes);
  }
}

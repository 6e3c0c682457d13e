// Backups and restores: one .tar.gz with the database (every table of the app, read in one snapshot
// transaction, so consistent while the server serves requests), every stored file, the generated
// secret key, and a manifest last (version, counts, and the SHA-256 of every entry). Reading an archive
// back and checking it against its manifest is here too; the restore itself is restore.ts.
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
  rmSync,
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

export async function appTables(database: Database): Promise<string[]> {
  const { rows } = await database.sql.executeSql(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return (rows as { name: string }[]).map((row) => row.name);
}

/** Tables ordered so that every table comes after those it references. */
export async function inDependencyOrder(database: Database, tables: string[]): Promise<string[]> {
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

/** Where a backup is written: closed once complete, or given up (nothing left under its name). */
export interface BackupFile {
  write(chunk: Buffer): void | Promise<void>;
  close(): Promise<void>;
  abort?(): void;
}

/** Writes a backup of `context` into `file` and closes it; a backup that fails gives the file up. */
export async function backupInto(
  file: BackupFile,
  context: BackupContext,
): Promise<BackupManifest> {
  try {
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
  } catch (error) {
    file.abort?.();
    throw error;
  }
}

/** One line about a backup, for the command line and the log. */
export function describeBackup(path: string, manifest: BackupManifest): string {
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  return `${path}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.files} files (Chapitres ${manifest.app_version}, ${manifest.migrations} migrations)`;
}

/**
 * A file written under a temporary name and renamed once complete: never half an archive. `abort`
 * (a failed backup, an interrupted command line) closes it and removes the temporary file.
 */
export function partialFile(path: string): Required<BackupFile> {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  let open = true;
  return {
    write(chunk: Buffer) {
      writeSync(fd, chunk);
    },
    async close() {
      fsyncSync(fd);
      closeSync(fd);
      open = false;
      renameSync(partial, path);
    },
    abort() {
      if (!open) return;
      open = false;
      closeSync(fd);
      rmSync(partial, { force: true });
    },
  };
}

/** An entry's size and SHA-256, as the manifest lists them. */
export type EntrySum = BackupManifest['entries'][string];

export function entrySum(bytes: Buffer): EntrySum {
  return { size: bytes.length, sha256: sha256(bytes) };
}

/**
 * Reads the archive once, handing every entry but the manifest to `onEntry` and keeping its size and
 * SHA-256; the manifest (the last entry) is returned with them, unchecked (checkArchive). A damaged or
 * foreign archive is a BackupError saying so.
 */
export async function scanArchive(
  file: string,
  onEntry: (name: string, bytes: Buffer) => void | Promise<void> = () => {},
): Promise<{ manifest: BackupManifest; seen: Map<string, EntrySum> }> {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const seen = new Map<string, EntrySum>();
  let manifest: BackupManifest | null = null;
  try {
    for await (const entry of readTar(createReadStream(file))) {
      if (entry.name === 'manifest.json') {
        manifest = JSON.parse(entry.bytes.toString('utf8')) as BackupManifest;
        continue;
      }
      seen.set(entry.name, entrySum(entry.bytes));
      await onEntry(entry.name, entry.bytes);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
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
  return { manifest, seen };
}

/** Every entry the manifest lists was read whole, and nothing else; and the schema is this version's. */
export function checkArchive(
  file: string,
  manifest: BackupManifest,
  seen: Map<string, EntrySum>,
): void {
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
}

/** The archive's schema is this version's: rows are loaded into the tables these migrations make. */
export function checkMigrations(file: string, manifest: BackupManifest): void {
  if (manifest.migrations !== knownMigrations())
    throw new BackupError(
      `${file} was made by Chapitres ${manifest.app_version} with ${manifest.migrations} database migrations; this version has ${knownMigrations()}. Restore it with that version, then upgrade. Nothing was changed.`,
    );
}

/** Reads the whole archive and checks every entry against the manifest; changes nothing. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const { manifest, seen } = await scanArchive(file);
  checkArchive(file, manifest, seen);
  return manifest;
}

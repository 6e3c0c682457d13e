// A restore is all or nothing. Everything is staged beside the data first, under DATA_DIR/.restore (the
// embedded database in .restore/db-<run>, the files in .restore/files, the key in .restore/secrets.json),
// the archive read once, and each entry checked against the manifest; the rows are loaded in one
// transaction and counted. Only then does it switch over, by renames. A marker in DATA_DIR
// (restore-marker.ts) is written before anything changes and removed after the switch: a restore
// killed on the way leaves the marker, the server refuses to start, and the same command run again
// clears what the interrupted one left and starts over. A restore that fails (a damaged archive) clears
// its staging and the marker, leaving the target as it was.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../db/client.ts';
import {
  appTables,
  BackupError,
  checkArchive,
  checkMigrations,
  inDependencyOrder,
  scanArchive,
  type BackupManifest,
} from './backup.ts';
import {
  clearRestoreMarker,
  fsyncDirectory,
  readRestoreMarker,
  writeRestoreMarker,
} from './restore-marker.ts';

/** Where restore stages what it restores, in DATA_DIR. */
export const RESTORE_STAGING = '.restore';

/**
 * What the staging and an interrupted restore's leftovers are removed with: a killed restore may leave
 * its database's initdb (a child process) writing for a few seconds more, so a removal retries.
 */
const REMOVE = { recursive: true, force: true, maxRetries: 5, retryDelay: 200 } as const;

/**
 * Test hook (CHAPITRES_RESTORE_PAUSE_AT): the restore stops at this point and waits to be killed, so
 * that tests interrupt it at a known moment. `marker`: the marker written, nothing else; `files`: the
 * first file staged; `switch`: everything staged and checked (on PostgreSQL the rows committed), before
 * the first rename; `mid-switch`: the database renamed into place, the files not yet.
 */
export const RESTORE_PAUSE_POINTS = ['marker', 'files', 'switch', 'mid-switch'] as const;
export type RestorePausePoint = (typeof RESTORE_PAUSE_POINTS)[number];

export interface RestoreTarget {
  dataDir: string;
  /** PostgreSQL; null for the embedded database in DATA_DIR/db. */
  databaseUrl: string | null;
}

export interface RestoreOptions {
  pauseAt?: RestorePausePoint | null;
}

async function pause(point: RestorePausePoint, options: RestoreOptions): Promise<void> {
  if (options.pauseAt !== point) return;
  process.stderr.write(`restore paused at ${point}\n`);
  await new Promise(() => setInterval(() => {}, 60_000));
}

function nonEmpty(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

async function accounts(database: Database): Promise<number> {
  const [users] = rowsOf<{ count: number }>(
    await database.db.execute(sql`select count(*)::int as count from users`),
  );
  return Number(users!.count);
}

/** The refusals of a restore into a target that holds data: nothing is ever deleted there. */
function refuseNonEmptyTarget(target: RestoreTarget): void {
  const files = join(target.dataDir, 'files');
  if (nonEmpty(files))
    throw new BackupError(
      `${files} is not empty: restore into an empty data directory. Nothing was changed.`,
    );
  if (target.databaseUrl) return;
  const db = join(target.dataDir, 'db');
  if (existsSync(join(db, 'PG_VERSION')))
    throw new BackupError(
      `${db} already holds a database: restore into an empty data directory. Nothing was changed.`,
    );
  if (nonEmpty(db))
    throw new BackupError(
      `${db} is not empty: restore into an empty data directory. Nothing was changed.`,
    );
}

/** What an interrupted restore left (its marker says so): cleared, to start over. */
function clearInterruptedRestore(target: RestoreTarget, secretsBefore: boolean): void {
  const { dataDir } = target;
  rmSync(join(dataDir, RESTORE_STAGING), REMOVE);
  rmSync(join(dataDir, 'files'), REMOVE);
  if (!target.databaseUrl) rmSync(join(dataDir, 'db'), REMOVE);
  if (!secretsBefore) rmSync(join(dataDir, 'secrets.json'), { force: true });
}

/** Every file under `root`, then every directory, deepest first, flushed to the disk. */
function fsyncTree(root: string): void {
  if (!existsSync(root)) return;
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const fd = openSync(join(entry.parentPath, entry.name), 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  const dirs = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort((a, b) => b.length - a.length);
  for (const dir of [...dirs, root]) fsyncDirectory(dir);
}

/** Renames a staged directory into place, over an empty one at most (rmdir fails on one that is not). */
function moveIntoPlace(staged: string, target: string): void {
  if (existsSync(target)) rmdirSync(target);
  renameSync(staged, target);
}

/** The archive's rows into the migrated, empty `database`, in one transaction, counted. */
async function loadRows(
  file: string,
  database: Database,
  dumped: Map<string, string>,
  manifest: BackupManifest,
): Promise<void> {
  const tables = await inDependencyOrder(database, await appTables(database));
  const unknown = [...dumped.keys()].filter((table) => !tables.includes(table));
  if (unknown.length)
    throw new BackupError(
      `${file} holds tables this version does not have: ${unknown.join(', ')}. Nothing was changed.`,
    );

  await database.db.transaction(async (tx) => {
    // Rows come back as they were: the content versions (migration 0008) are not bumped by the inserts.
    await tx.execute(sql`select set_config('chapitres.restoring', 'on', true)`);
    // Rows the migrations put in (the onboarding questions), or an interrupted restore committed on
    // PostgreSQL, make way for the backup's.
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
          `${table}: ${counted!.count} rows restored where the backup had ${manifest.tables[table] ?? 0}. Nothing was changed.`,
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
}

/**
 * Restores the archive `file` into `target` (the server stopped), all or nothing; see the top of this
 * file. Run again after an interruption, it starts over. Returns the archive's manifest.
 */
export async function restoreArchive(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const { dataDir, databaseUrl } = target;
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const interrupted = readRestoreMarker(dataDir);
  if (!interrupted) refuseNonEmptyTarget(target);

  // PostgreSQL is opened (and migrated) first: a database that holds accounts is refused untouched.
  let database: Database | null = databaseUrl
    ? await openDatabase({ databaseUrl, dataDir: null })
    : null;
  if (database && !interrupted && (await accounts(database)) > 0) {
    await database.close();
    throw new BackupError(
      'The database already holds accounts: restore into an empty database. Nothing was changed.',
    );
  }

  const secretsBefore = interrupted
    ? interrupted.secrets_before
    : existsSync(join(dataDir, 'secrets.json'));
  try {
    writeRestoreMarker(dataDir, {
      archive: file,
      started_at: new Date().toISOString(),
      secrets_before: secretsBefore,
    });
  } catch (error) {
    await database?.close();
    throw error;
  }
  // Something outside the staging changed: a failure then keeps the marker (run it again). Rows an
  // interrupted restore committed on PostgreSQL count, until this run's transaction replaces them.
  let changed = interrupted !== null && databaseUrl !== null;
  const staging = join(dataDir, RESTORE_STAGING);
  // A name of its own for each run: the initdb of a killed run, still writing, never writes into it.
  const stagedDb = join(staging, `db-${randomBytes(4).toString('hex')}`);
  let opening: Promise<Database> | null = null;
  try {
    if (interrupted) clearInterruptedRestore(target, secretsBefore);
    else rmSync(staging, REMOVE);
    const stagedFiles = join(staging, 'files');
    mkdirSync(stagedFiles, { recursive: true });
    await pause('marker', options);

    // The embedded database is made and migrated while the archive is read (a few seconds of its own).
    if (!database) {
      opening = openDatabase({ databaseUrl: null, dataDir: stagedDb });
      opening.catch(() => {}); // awaited below; a failure meanwhile is not unhandled
    }

    // One read of the archive: files to the staging as they come, rows kept for the transaction.
    const dumped = new Map<string, string>();
    const made = new Set<string>();
    let firstFile = true;
    const { manifest, seen } = await scanArchive(file, async (name, bytes) => {
      if (name.startsWith('database/') && name.endsWith('.json')) {
        dumped.set(name.slice(9, -5), bytes.toString('utf8'));
      } else if (name.startsWith('files/')) {
        const path = join(stagedFiles, name.slice(6));
        if (!path.startsWith(`${stagedFiles}/`))
          throw new BackupError(
            `${file} holds a file outside files/: ${name}. Nothing was changed.`,
          );
        const dir = dirname(path);
        if (!made.has(dir)) mkdirSync(dir, { recursive: true });
        made.add(dir);
        writeFileSync(path, bytes);
        if (firstFile) await pause('files', options);
        firstFile = false;
      } else if (name === 'secrets.json') {
        writeFileSync(join(staging, 'secrets.json'), bytes, { mode: 0o600 });
      }
    });
    checkArchive(file, manifest, seen);
    checkMigrations(file, manifest);

    if (opening) {
      database = await opening;
      opening = null;
    }
    await loadRows(file, database!, dumped, manifest);
    if (databaseUrl) changed = true; // committed
    await database!.close();
    database = null;
    fsyncTree(staging);
    await pause('switch', options);

    if (!databaseUrl) {
      moveIntoPlace(stagedDb, join(dataDir, 'db'));
      changed = true;
      await pause('mid-switch', options);
    }
    moveIntoPlace(stagedFiles, join(dataDir, 'files'));
    // A key already in DATA_DIR is the operator's and is kept (the command line says when it differs).
    const secrets = join(dataDir, 'secrets.json');
    if (existsSync(join(staging, 'secrets.json')) && !existsSync(secrets))
      renameSync(join(staging, 'secrets.json'), secrets);
    fsyncDirectory(dataDir);
    rmSync(staging, REMOVE);
    clearRestoreMarker(dataDir);
    return manifest;
  } catch (error) {
    await database?.close().catch(() => {});
    if (opening) await opening.then((opened) => opened.close()).catch(() => {});
    rmSync(staging, REMOVE);
    if (!changed) {
      clearRestoreMarker(dataDir);
      throw error;
    }
    const reason = (error as Error).message.replace(/\.?( Nothing was changed\.)?$/, '');
    throw new BackupError(
      `${reason}. The restore did not finish: ${dataDir} is still marked as being restored; run it again.`,
    );
  }
}

// A restore is all or nothing: `npm run cli -- restore FILE` killed (SIGKILL) at each moment of its work
// leaves the marker, so the server would refuse to start, and the same command run again clears what
// the killed one left and finishes: every row and every byte of the backup, nothing else. A restore
// that fails on a damaged archive leaves the target as it was. The command line runs as a real child
// process; CHAPITRES_RESTORE_PAUSE_AT (a test hook of backup/restore.ts) holds it at a known point to
// be killed there. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../src/backup/backup.ts';
import {
  interruptedRestoreMessage,
  readRestoreMarker,
  RESTORE_MARKER,
} from '../../src/backup/restore-marker.ts';
import { RESTORE_STAGING, type RestorePausePoint } from '../../src/backup/restore.ts';
import { repoRoot } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { fullAccessUser, photo, uploadTo, writtenChapter } from '../support/books.ts';
import { useTestApp } from '../support/build.ts';
import { everyRow, filesUnder } from '../support/scan.ts';

const ctx = useTestApp();
const adminUrl = process.env.TEST_DATABASE_URL ?? null;
const work = mkdtempSync(join(tmpdir(), 'chapitres-restore-'));
const archive = join(work, 'backup.tar.gz');
const cleanups: (() => Promise<void>)[] = [];
let source: { rows: Record<string, string[]>; files: Map<string, Buffer>; secrets: Buffer };

/** Every table's rows as sorted JSON texts: two databases hold the same data when these are equal. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const { table, json } of await everyRow(database))
    (all[table.slice(table.indexOf('.') + 1)] ??= []).push(json);
  for (const rows of Object.values(all)) rows.sort();
  return all;
}

beforeAll(async () => {
  const jeanne = await fullAccessUser(ctx.app);
  await writtenChapter(ctx.app, jeanne, 'Enfance', 2);
  await writtenChapter(ctx.app, jeanne, 'Le port', 1);
  for (const color of ['#335577', '#775533', '#557733'])
    await uploadTo(ctx.app, jeanne, '/api/v1/images', await photo(800, 600, color));
  await ctx.app.services.queue.drain(60_000);
  // A generated key (secrets.json) goes into the archive and must come back with it.
  writeFileSync(
    join(ctx.config.dataDir, 'secrets.json'),
    JSON.stringify({ jwtSecret: ctx.config.jwtSecret }),
  );
  const chunks: Buffer[] = [];
  const manifest = await writeBackup(
    {
      database: ctx.database,
      dataDir: ctx.config.dataDir,
      storageKind: 'disk',
      jwtSecret: ctx.config.jwtSecret,
    },
    (chunk) => {
      chunks.push(chunk);
    },
  );
  writeFileSync(archive, Buffer.concat(chunks));
  expect(manifest.secret_included).toBe(true);
  expect(manifest.files).toBeGreaterThan(5);
  source = {
    rows: await contents(ctx.database),
    files: filesUnder(join(ctx.config.dataDir, 'files')),
    secrets: readFileSync(join(ctx.config.dataDir, 'secrets.json')),
  };
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** An empty data directory, and on PostgreSQL an empty database of its own. */
async function emptyTarget(): Promise<{ dataDir: string; databaseUrl: string | null }> {
  const dataDir = mkdtempSync(join(work, 'target-'));
  if (!adminUrl) return { dataDir, databaseUrl: null };
  const name = `chapitres_test_${randomBytes(6).toString('hex')}`;
  const { default: pg } = await import('pg');
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  cleanups.push(() => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- restore FILE` as a child process. With `killAt`, it is held there by the test hook
 * and killed with SIGKILL as soon as it says so.
 */
async function restoreCommand(
  target: { dataDir: string; databaseUrl: string | null },
  file: string,
  killAt?: RestorePausePoint,
): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'restore', file], {
    cwd: join(repoRoot, 'server'),
    env: {
      ...process.env,
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
      // The key comes from the restored secrets.json.
      JWT_SECRET: '',
      CHAPITRES_ENV_FILE: '',
      CHAPITRES_RESTORE_PAUSE_AT: killAt ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (killAt && stderr.includes(`restore paused at ${killAt}`)) child.kill('SIGKILL');
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { code, signal, stdout, stderr };
}

/** What a finished restore leaves: the backup's rows, files and key, no marker, no staging. */
async function expectRestored(target: { dataDir: string; databaseUrl: string | null }) {
  expect(readRestoreMarker(target.dataDir)).toBeNull();
  expect(existsSync(join(target.dataDir, RESTORE_STAGING))).toBe(false);
  const files = filesUnder(join(target.dataDir, 'files'));
  expect([...files.keys()].sort()).toEqual([...source.files.keys()].sort());
  for (const [path, bytes] of source.files) expect(files.get(path)!.equals(bytes), path).toBe(true);
  expect(readFileSync(join(target.dataDir, 'secrets.json')).equals(source.secrets)).toBe(true);
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: join(target.dataDir, 'db'),
  });
  try {
    expect(await contents(database)).toEqual(source.rows);
  } finally {
    await database.close();
  }
}

const points: RestorePausePoint[] = adminUrl
  ? ['marker', 'files', 'switch'] // on PostgreSQL, `switch` comes after the rows are committed
  : ['marker', 'files', 'switch', 'mid-switch'];

describe('a restore killed on the way', { timeout: 180_000 }, () => {
  it.each(points)(
    'killed at %s: the server would refuse, and running it again finishes',
    async (point) => {
      const target = await emptyTarget();
      const killed = await restoreCommand(target, archive, point);
      expect(killed.signal, killed.stderr).toBe('SIGKILL');

      expect(readRestoreMarker(target.dataDir)?.archive).toBe(archive);
      expect(interruptedRestoreMessage(target.dataDir)).toContain(`restore ${archive}`);
      const left = readdirSync(target.dataDir);
      if (point === 'files')
        expect(filesUnder(join(target.dataDir, RESTORE_STAGING, 'files')).size).toBeGreaterThan(0);
      if (point === 'mid-switch') {
        // The dangerous moment: the database in place, the files not yet.
        expect(left).toContain('db');
        expect(filesUnder(join(target.dataDir, 'files')).size).toBe(0);
      }

      const again = await restoreCommand(target, archive);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/^Restored /);
      // The key came back with the rows: sessions and shared links still verify.
      expect(again.stdout).not.toMatch(/signing key differs/);
      await expectRestored(target);
    },
  );
});

describe('a restore that fails', { timeout: 180_000 }, () => {
  it('on an archive damaged in the middle: one line, the target as it was, no marker', async () => {
    const bytes = readFileSync(archive);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(bytes.length / 2)]! ^= 0xff;
    const file = join(work, 'damaged.tar.gz');
    writeFileSync(file, damaged);
    const target = await emptyTarget();
    const failed = await restoreCommand(target, file);
    expect(failed.code).toBe(1);
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);
    expect(failed.stderr).toMatch(/damaged.*Nothing was changed/);
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it('after an interrupted one: the half-restored data cleared, then a good archive restores', async () => {
    const target = await emptyTarget();
    await restoreCommand(target, archive, adminUrl ? 'files' : 'mid-switch');
    expect(existsSync(join(target.dataDir, RESTORE_MARKER))).toBe(true);
    const failed = await restoreCommand(target, join(work, 'damaged.tar.gz'));
    expect(failed.code).toBe(1);
    if (adminUrl) {
      // The database may hold rows the killed restore committed: it stays marked, to be run again.
      expect(failed.stderr).toMatch(/damaged.*still marked as being restored; run it again/);
      expect(readdirSync(target.dataDir)).toEqual([RESTORE_MARKER]);
    } else {
      // What the killed restore left is cleared with the marker: the directory is empty again.
      expect(failed.stderr).toMatch(/damaged.*Nothing was changed/);
      expect(readdirSync(target.dataDir)).toEqual([]);
    }
    const again = await restoreCommand(target, archive);
    expect(again.code, again.stderr).toBe(0);
    await expectRestored(target);
  });
});

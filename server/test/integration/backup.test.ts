// Backups that never lose a story: a server filled the way people fill it (accounts, chapters with
// messages and summary versions, pictures, a book, a subscription, gift codes) is backed up while it
// serves requests, restored into a fresh database and data directory, and every row and every byte is
// found again. A damaged or cut-short archive is refused and changes nothing. On PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set. (Restores interrupted on the way: restore-interrupted.test.ts.)
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, writeBackup, type BackupManifest } from '../../src/backup/backup.ts';
import { restoreArchive } from '../../src/backup/restore.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { bookBody, fullAccessUser, photo, uploadTo, writtenChapter } from '../support/books.ts';
import { useTestApp } from '../support/build.ts';
import { everyRow, filesUnder } from '../support/scan.ts';
import { createUser } from '../support/factories.ts';

const ctx = useTestApp();
const work = mkdtempSync(join(tmpdir(), 'chapitres-backup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** Every table's rows as sorted JSON texts: two databases hold the same data when these are equal. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const { table, json } of await everyRow(database))
    (all[table.slice(table.indexOf('.') + 1)] ??= []).push(json);
  for (const rows of Object.values(all)) rows.sort();
  return all;
}

/**
 * Where a restore goes: an empty data directory, and on PostgreSQL an empty database of its own (the
 * command line's DATABASE_URL); `open` opens what was restored.
 */
async function emptyTarget() {
  const dataDir = mkdtempSync(join(work, 'target-'));
  let databaseUrl: string | null = null;
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `chapitres_test_${randomBytes(6).toString('hex')}`;
    const { default: pg } = await import('pg');
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await run(`CREATE DATABASE ${name}`);
    cleanups.push(() => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    async open(): Promise<Database> {
      const database = await openDatabase({ databaseUrl, dataDir: join(dataDir, 'db') });
      cleanups.unshift(() => database.close());
      return database;
    },
  };
}

async function backupTo(file: string): Promise<BackupManifest> {
  const stream = createWriteStream(file);
  const manifest = await writeBackup(
    {
      database: ctx.database,
      dataDir: ctx.config.dataDir,
      storageKind: 'disk',
      jwtSecret: ctx.config.jwtSecret,
    },
    (chunk) =>
      new Promise<void>((resolve, reject) =>
        stream.write(chunk, (error) => (error ? reject(error) : resolve())),
      ),
  );
  await new Promise<void>((resolve) => stream.end(resolve));
  return manifest;
}

async function fill() {
  const app = ctx.app;
  const jeanne = await fullAccessUser(app);
  const chapters = [];
  for (const title of ['Enfance', 'Le port', 'Le mariage', 'Les enfants'])
    chapters.push(await writtenChapter(app, jeanne, title, 2));
  // Messages of a conversation, and a second summary version.
  for (const content of ['Je suis née à Douarnenez en 1941.', 'Mon père était pêcheur.']) {
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${chapters[0]!.id}/messages`,
      headers: jeanne.auth,
      payload: { content },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
  }
  const patched = await app.inject({
    method: 'PATCH',
    url: `/api/v1/conversations/${chapters[1]!.id}`,
    headers: jeanne.auth,
    payload: { summary: 'Le port, le matin, les bateaux rentraient.' },
  });
  expect(patched.statusCode).toBe(200);
  await uploadTo(app, jeanne, '/api/v1/images', await photo(700, 500, '#335577'));
  // A book, typeset.
  const book = await app.inject({
    method: 'POST',
    url: '/api/v1/books',
    headers: jeanne.auth,
    payload: bookBody(chapters.map((c) => c.id)),
  });
  expect(book.statusCode, book.body).toBe(201);
  await app.services.queue.drain(60_000);
  // A subscription bought in the simulator, and gift codes.
  const paul = await createUser(app);
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/v1/demo/checkout/subscription',
    headers: paul.auth,
  });
  const complete = await app.inject({
    method: 'POST',
    url: `${checkout.json().redirect_url as string}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(complete.statusCode).toBe(303);
  await app.services.premium.createGiftCodes(3, 12, new Date(Date.now() + 86400_000));
  // The payment receipt is a queued mail: it lands in the mailbox before the snapshot, not during it.
  await app.services.queue.drain(60_000);
  return { jeanne, chapters };
}

describe('backup and restore', { timeout: 180_000 }, () => {
  const archive = join(work, 'backup.tar.gz');
  let manifest: BackupManifest;
  let renamed = '';
  let restoredDatabase: Database;
  let restoredUrl: string | null = null;

  it('backs up a filled server while it serves requests', async () => {
    const { jeanne, chapters } = await fill();
    renamed = chapters[2]!.id;
    // Requests go on during the backup: reads and a write that lands before or after the snapshot.
    const traffic = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({
          method: i % 5 === 0 ? 'PATCH' : 'GET',
          url: `/api/v1/conversations/${chapters[2]!.id}`,
          headers: jeanne.auth,
          ...(i % 5 === 0 ? { payload: { title: `Le mariage (${i})` } } : {}),
        }),
      ),
    );
    [manifest] = await Promise.all([backupTo(archive), traffic]);
    expect(manifest.tables.users).toBe(2);
    expect(manifest.tables.chat_messages).toBeGreaterThanOrEqual(4);
    expect(manifest.tables.summary_versions).toBeGreaterThanOrEqual(5);
    expect(manifest.tables.books).toBe(1);
    expect(manifest.tables.subscriptions).toBe(1);
    expect(manifest.tables.gift_codes).toBe(3);
    expect(manifest.tables.images).toBe(9);
    // Pictures (original, thumbnail, print), the book's four files, with their type sidecars.
    expect(manifest.files).toBeGreaterThanOrEqual(2 * (9 * 3 + 4));
  });

  it('restores into a fresh database and data directory: every row and every byte again', async () => {
    const before = await contents(ctx.database);
    const target = await emptyTarget();
    const restored = await restoreArchive(archive, target);
    expect(restored.tables).toEqual(manifest.tables);
    // Switched over and nothing left behind: no staging, no marker.
    expect(readdirSync(target.dataDir).sort()).toEqual([
      ...(target.databaseUrl ? [] : ['db']),
      'files',
      ...(manifest.secret_included ? ['secrets.json'] : []),
    ]);

    restoredDatabase = await target.open();
    restoredUrl = target.databaseUrl;
    const after = await contents(restoredDatabase);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // The chapter renamed during the backup is as it was at the snapshot: one of its titles, whole.
    const without = (rows: string[]) => rows.filter((row) => !row.includes(renamed));
    const [kept] = after.conversations!.filter((row) => row.includes(renamed));
    expect((JSON.parse(kept!) as { title: string }).title).toMatch(
      /^Le mariage( \((0|5|10|15)\))?$/,
    );
    // So is the content version of its owner (migration 0008): the renames after the snapshot bumped it.
    const versions = (rows: string[]) =>
      rows.map((row) => Number(/"content_version":(\d+)/.exec(row)![1]));
    const unversioned = (rows: string[]) =>
      rows.map((row) => row.replace(/"content_version":\d+/, '"content_version":0'));
    const restoredVersions = versions(after.users!);
    versions(before.users!).forEach((version, index) =>
      expect(restoredVersions[index]).toBeLessThanOrEqual(version),
    );
    for (const table of Object.keys(before))
      expect(
        table === 'conversations'
          ? without(after[table]!)
          : table === 'users'
            ? unversioned(after[table]!)
            : after[table],
        table,
      ).toEqual(
        table === 'conversations'
          ? without(before[table]!)
          : table === 'users'
            ? unversioned(before[table]!)
            : before[table],
      );

    const source = filesUnder(join(ctx.config.dataDir, 'files'));
    const files = filesUnder(join(target.dataDir, 'files'));
    expect([...files.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [path, bytes] of source) expect(files.get(path)!.equals(bytes), path).toBe(true);
  });

  it('refuses a damaged or cut-short archive, and a second restore, changing nothing', async () => {
    const bytes = readFileSync(archive);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(bytes.length / 2)]! ^= 0xff;
    const cases = {
      'damaged.tar.gz': damaged,
      'cut.tar.gz': bytes.subarray(0, Math.floor(bytes.length * 0.7)),
      'empty.tar.gz': Buffer.alloc(0),
      'not-a-backup.tar.gz': Buffer.from('hello'),
    };
    for (const [name, content] of Object.entries(cases)) {
      const file = join(work, name);
      writeFileSync(file, content);
      const target = await emptyTarget();
      const error = await restoreArchive(file, target).catch((error: unknown) => error);
      expect(error, name).toBeInstanceOf(BackupError);
      expect((error as Error).message, name).toMatch(/Nothing was changed/);
      // The staging and the marker are gone: the target is as it was.
      expect(readdirSync(target.dataDir), name).toEqual([]);
    }
    // Into a data directory that already holds files, or a database: refused, nothing changed.
    const filled = await emptyTarget();
    mkdirSync(join(filled.dataDir, 'files', 'images'), { recursive: true });
    writeFileSync(join(filled.dataDir, 'files', 'images', 'kept.jpg'), 'kept');
    await expect(restoreArchive(archive, filled)).rejects.toThrow(/is not empty/);
    expect(filesUnder(filled.dataDir)).toEqual(
      new Map([['files/images/kept.jpg', Buffer.from('kept')]]),
    );
    if (!filled.databaseUrl) {
      const withDatabase = await emptyTarget();
      mkdirSync(join(withDatabase.dataDir, 'db'));
      writeFileSync(join(withDatabase.dataDir, 'db', 'PG_VERSION'), '17');
      await expect(restoreArchive(archive, withDatabase)).rejects.toThrow(
        /already holds a database/,
      );
      expect(readdirSync(withDatabase.dataDir)).toEqual(['db']);
      expect(readdirSync(join(withDatabase.dataDir, 'db'))).toEqual(['PG_VERSION']);
      return;
    }
    // Into a database that already holds accounts (the one restored above): refused, nothing changed.
    const before = await contents(restoredDatabase);
    const target = { dataDir: mkdtempSync(join(work, 'x-')), databaseUrl: restoredUrl };
    await expect(restoreArchive(archive, target)).rejects.toThrow(/already holds accounts/);
    expect(readdirSync(target.dataDir)).toEqual([]);
    expect(await contents(restoredDatabase)).toEqual(before);
  });
});

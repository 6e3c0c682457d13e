// Upgrades keep data: the migrations run at start, once, under a lock on PostgreSQL; a database written
// by an earlier commit's schema (a committed PGlite data directory at 0004_books) comes out of them with
// every row; a migration that fails leaves the database as it was (Drizzle applies all the pending
// migrations of a run in one transaction) and the server does not start.
// The PostgreSQL part runs with the PostgreSQL suite (TEST_DATABASE_URL).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { migrationsFolder, openDatabase, type Database } from '../../src/db/client.ts';
import { describeMigrations, migrate } from '../../src/db/migrate.ts';
import {
  books,
  chatMessages,
  conversations,
  images,
  mailOutbox,
  onboardingAnswers,
  summaryVersions,
  users,
} from '../../src/db/schema/index.ts';
import {
  FIXTURE_LAST_MIGRATION,
  FIXTURE_PATH,
  FIXTURE_ROWS,
} from '../fixtures/make-pglite-fixture.ts';
import {
  BROKEN_MIGRATION,
  committedMigrationCount,
  copyMigrations,
  type MigrationsCopy,
} from '../fixtures/migration-folders.ts';
import {
  adminStatement,
  appliedMigrations,
  schemaShape,
  tableExists,
} from '../support/migration-databases.ts';
import { freePort, until } from '../support/processes.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const ALL = committedMigrationCount();
const AT_FIXTURE = 5; // 0000 .. 0004
/** The committed migrations' names, oldest first (the journal's tags). */
const TAGS = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((entry) => entry.tag);
/** Tables the migrations after the fixture's create. */
const NEWER_TABLES = [
  'checkout_sessions',
  'gift_codes',
  'orders',
  'payment_events',
  'subscriptions',
  'analytics_events',
  'chapter_shares',
  'data_exports',
];

function fixtureBlob(): Blob {
  return new Blob([readFileSync(FIXTURE_PATH)]);
}

async function pglite(loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const instance = loadDataDir ? new PGlite({ loadDataDir }) : new PGlite();
  return openDatabase({ databaseUrl: null, dataDir: null, pglite: instance, migrate: false });
}

/** The message of a rejection and of its causes (Drizzle wraps the driver's error in `cause`). */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!error) throw new Error('expected a rejection');
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.join(' <- ');
}

async function expectFixtureRows(database: Database) {
  const r = FIXTURE_ROWS;
  const { db } = database;
  const [user] = await db.select().from(users).where(eq(users.id, r.userId));
  expect(user).toMatchObject({
    email: r.email,
    fullName: r.fullName,
    emailVerified: true,
    chaptersCreated: 1,
    fullAccessUntil: new Date('2030-01-01T00:00:00Z'),
    // Columns added by 0005_premium, with their defaults on the old row.
    bookCredits: 0,
    stripeCustomerId: null,
  });
  const answers = await db
    .select()
    .from(onboardingAnswers)
    .where(eq(onboardingAnswers.userId, r.userId));
  expect(answers.map((a) => [a.questionId, a.answer])).toEqual([[r.onboardingQuestionId, '1948']]);
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.id, r.conversationId));
  expect(conversation).toMatchObject({
    userId: r.userId,
    title: r.conversationTitle,
    keywords: ['Lyon', 'enfance'],
  });
  const summaries = await db
    .select()
    .from(summaryVersions)
    .where(eq(summaryVersions.conversationId, r.conversationId));
  expect(summaries.map((s) => [s.version, s.text])).toEqual([[1, r.summaryText]]);
  const messages = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, r.conversationId))
    .orderBy(asc(chatMessages.seq));
  expect(messages.map((m) => [m.id, m.type, m.content])).toEqual(
    r.messages.map((m) => [m.id, m.type, m.content]),
  );
  expect(messages[1]!.replyTo).toBe(r.messages[0].id);
  const [image] = await db.select().from(images).where(eq(images.id, r.imageId));
  expect(image).toMatchObject({ conversationId: r.conversationId, width: 1200, height: 900 });
  const [book] = await db.select().from(books).where(eq(books.id, r.bookId));
  expect(book).toMatchObject({
    title: r.bookTitle,
    conversationIds: [r.conversationId],
    generationStatus: 'success',
    pageCount: 48,
  });
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, r.email));
  expect(mails.map((m) => m.subject)).toEqual([r.mailSubject]);
}

describe('migrations on PGlite', () => {
  const folders: MigrationsCopy[] = [];
  const broken = () => {
    const copy = copyMigrations({ extra: { '0007_broken': BROKEN_MIGRATION } });
    folders.push(copy);
    return copy.folder;
  };
  afterAll(() => folders.forEach((copy) => copy.remove()));

  it('upgrades a database written by the schema of 0004_books and keeps every row', async () => {
    const database = await pglite(fixtureBlob());
    try {
      // The fixture really is the old schema.
      expect(await appliedMigrations(database)).toHaveLength(AT_FIXTURE);
      for (const table of NEWER_TABLES) expect(await tableExists(database, table)).toBe(false);

      // It says what the database had and what it applied, for the start-up log.
      const upgrade = await migrate(database, { migrationsFolder });
      expect(upgrade).toEqual({
        before: AT_FIXTURE,
        after: ALL,
        applied: TAGS.slice(AT_FIXTURE),
        latest: TAGS.at(-1),
      });
      expect(describeMigrations(upgrade)).toEqual([
        ...TAGS.slice(AT_FIXTURE).map((tag) => `applied migration ${tag}`),
        `database upgraded from ${AT_FIXTURE} to ${ALL} migrations`,
        `database schema: ${ALL} migrations (${TAGS.at(-1)})`,
      ]);

      const rows = await appliedMigrations(database);
      expect(rows).toHaveLength(ALL);
      for (const table of NEWER_TABLES) expect(await tableExists(database, table)).toBe(true);
      await expectFixtureRows(database);
      // The upgraded database has the shape of one migrated from scratch.
      const fresh = await pglite();
      try {
        await migrate(fresh, { migrationsFolder });
        expect(await schemaShape(database)).toEqual(await schemaShape(fresh));
        expect(await appliedMigrations(database)).toEqual(await appliedMigrations(fresh));
      } finally {
        await fresh.close();
      }

      // Once: a second run finds nothing to do.
      const before = await schemaShape(database);
      const again = await migrate(database, { migrationsFolder });
      expect(again).toEqual({ before: ALL, after: ALL, applied: [], latest: TAGS.at(-1) });
      expect(describeMigrations(again)).toEqual([
        `database schema: ${ALL} migrations (${TAGS.at(-1)})`,
      ]);
      expect(await appliedMigrations(database)).toEqual(rows);
      expect(await schemaShape(database)).toEqual(before);
      await expectFixtureRows(database);
    } finally {
      await database.close();
    }
  });

  it('rolls a failing migration back and rejects', async () => {
    const database = await pglite();
    try {
      await migrate(database, { migrationsFolder });
      const before = {
        applied: await appliedMigrations(database),
        shape: await schemaShape(database),
      };

      expect(await failure(migrate(database, { migrationsFolder: broken() }))).toMatch(
        /division by zero/,
      );

      // The statement before the failing one did not survive, nor did a bookkeeping row.
      expect(await tableExists(database, 'zz_probe')).toBe(false);
      expect(await appliedMigrations(database)).toEqual(before.applied);
      expect(await schemaShape(database)).toEqual(before.shape);
      // The database still works, and the real folder still finds nothing to do.
      await migrate(database, { migrationsFolder });
      expect(await appliedMigrations(database)).toEqual(before.applied);
    } finally {
      await database.close();
    }
  });

  it('rolls back every pending migration of the run, not only the failing one', async () => {
    const database = await pglite(fixtureBlob());
    try {
      const before = {
        applied: await appliedMigrations(database),
        shape: await schemaShape(database),
      };

      // 0005_premium and 0006_trust would succeed, then 0007_broken fails: one transaction.
      expect(await failure(migrate(database, { migrationsFolder: broken() }))).toMatch(
        /division by zero/,
      );

      expect(await appliedMigrations(database)).toEqual(before.applied);
      expect(await appliedMigrations(database)).toHaveLength(AT_FIXTURE);
      for (const table of [...NEWER_TABLES, 'zz_probe'])
        expect(await tableExists(database, table)).toBe(false);
      expect(await schemaShape(database)).toEqual(before.shape);
      // Nothing lost, and a later start with a good folder upgrades it.
      await migrate(database, { migrationsFolder });
      expect(await appliedMigrations(database)).toHaveLength(ALL);
      await expectFixtureRows(database);
    } finally {
      await database.close();
    }
  });
});

/** A server process (`src/server.ts`) on its own DATA_DIR, as in production, with its exit code. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(repoRoot, 'server'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: 'migrations-test-secret-migrations-test-secret-0123',
      LOG_LEVEL: 'info',
      SERVE_APP: 'false',
      STRIPE_SECRET_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The log (pino, one JSON object a line): its messages.
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const messages = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, stderr: () => stderr, messages };
}

/** Writes the fixture as a data directory on disk, where the server keeps it (DATA_DIR/db). */
async function fixtureDataDir(prepare?: (sql: string[]) => void): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-upgrade-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const instance = new PGlite(join(dataDir, 'db'), { loadDataDir: fixtureBlob() });
  const statements: string[] = [];
  prepare?.(statements);
  for (const statement of statements) await instance.exec(statement);
  await instance.close();
  return dataDir;
}

async function openDataDir(dataDir: string): Promise<Database> {
  return openDatabase({ databaseUrl: null, dataDir: join(dataDir, 'db'), migrate: false });
}

describe('a server started on an older data directory', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('upgrades it at start and serves', async () => {
    const dataDir = await fixtureDataDir();
    dirs.push(dataDir);
    const port = await freePort();
    const server = startServer(dataDir, port);
    try {
      await until(
        'the server',
        async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? true : null),
        60_000,
      );
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    // The log says which migrations were applied and the schema version now.
    expect(server.messages()).toEqual(
      expect.arrayContaining([
        ...TAGS.slice(AT_FIXTURE).map((tag) => `applied migration ${tag}`),
        `database upgraded from ${AT_FIXTURE} to ${ALL} migrations`,
        `database schema: ${ALL} migrations (${TAGS.at(-1)})`,
      ]),
    );
    const database = await openDataDir(dataDir);
    try {
      expect(await appliedMigrations(database)).toHaveLength(ALL);
      await expectFixtureRows(database);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('does not start when a migration fails, and leaves the directory as it was', async () => {
    // A table 0005_premium creates, already there: its CREATE TABLE fails.
    const dataDir = await fixtureDataDir((sql) =>
      sql.push('CREATE TABLE "gift_codes" ("id" integer PRIMARY KEY)'),
    );
    dirs.push(dataDir);
    const before = await openDataDir(dataDir);
    const state = { applied: await appliedMigrations(before), shape: await schemaShape(before) };
    await before.close();

    const server = startServer(dataDir, await freePort());
    const code = await server.exited;
    expect(code, server.stderr()).not.toBe(0);
    // One line for the service manager's journal, naming the cause.
    expect(server.stderr().trim()).toMatch(
      /^Chapitres could not start: .*relation "gift_codes" already exists \(42P07\)$/,
    );

    const after = await openDataDir(dataDir);
    try {
      expect(await appliedMigrations(after)).toEqual(state.applied);
      expect(await schemaShape(after)).toEqual(state.shape);
      expect(await tableExists(after, 'checkout_sessions')).toBe(false);
      // The rows are there (raw SQL: the current schema's columns of 0005 do not exist yet).
      const { rows } = await after.sql.executeSql(
        'SELECT (SELECT email FROM users) AS email, (SELECT count(*)::int FROM chat_messages) AS messages',
        [],
      );
      expect(rows[0]).toEqual({ email: FIXTURE_ROWS.email, messages: 2 });
    } finally {
      await after.close();
    }
  }, 90_000);
});

describe.runIf(adminUrl)('migrations on PostgreSQL', () => {
  const name = `chapitres_test_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  const opened: Database[] = [];
  const folders: MigrationsCopy[] = [];

  async function connect(): Promise<Database> {
    const database = await openDatabase({ databaseUrl, dataDir: null, migrate: false });
    opened.push(database);
    return database;
  }

  beforeAll(async () => {
    await adminStatement(adminUrl!, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => {});
    folders.forEach((copy) => copy.remove());
    await adminStatement(adminUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('applies the migrations exactly once when four processes start together', async () => {
    const databases = await Promise.all([1, 2, 3, 4].map(() => connect()));
    const results = await Promise.allSettled(
      databases.map((database) => migrate(database, { migrationsFolder })),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    // One process applied them all and says so; the others waited and found them done.
    const reports = results.map((result) => (result.status === 'fulfilled' ? result.value : null));
    expect(reports.filter((report) => report?.applied.length === ALL)).toHaveLength(1);
    expect(
      reports.filter((report) => report?.before === ALL && report.applied.length === 0),
    ).toHaveLength(3);
    const rows = await appliedMigrations(databases[0]!);
    expect(rows).toHaveLength(ALL);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(ALL);
    for (const table of NEWER_TABLES) expect(await tableExists(databases[0]!, table)).toBe(true);
    // The lock was released: nobody holds it, and another start goes through at once.
    const { rows: locks } = await databases[0]!.sql.executeSql(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
        WHERE l.locktype = 'advisory' AND d.datname = current_database()`,
      [],
    );
    expect((locks[0] as { n: number }).n).toBe(0);
    await migrate(databases[1]!, { migrationsFolder });
    expect(await appliedMigrations(databases[0]!)).toEqual(rows);
  });

  it('rolls a failing migration back and rejects', async () => {
    const [database, other] = await Promise.all([connect(), connect()]);
    const before = {
      applied: await appliedMigrations(database),
      shape: await schemaShape(database),
    };
    const copy = copyMigrations({ extra: { '0007_broken': BROKEN_MIGRATION } });
    folders.push(copy);

    expect(await failure(migrate(database, { migrationsFolder: copy.folder }))).toMatch(
      /division by zero/,
    );

    expect(await tableExists(database, 'zz_probe')).toBe(false);
    expect(await appliedMigrations(database)).toEqual(before.applied);
    expect(await schemaShape(database)).toEqual(before.shape);
    // The failed run released the lock: another process migrates without waiting.
    await migrate(other, { migrationsFolder });
    expect(await appliedMigrations(other)).toEqual(before.applied);
  });

  it('rolls back every pending migration of the run on a database at 0004_books', async () => {
    const schemaName = `upgrade_${randomBytes(4).toString('hex')}`;
    const older = copyMigrations({ upTo: FIXTURE_LAST_MIGRATION });
    const failing = copyMigrations({ extra: { '0007_broken': BROKEN_MIGRATION } });
    folders.push(older, failing);
    // A database of its own: the migrations table lives in schema `drizzle`, one per database.
    const upgradeName = `${name}_${schemaName}`;
    await adminStatement(adminUrl!, `CREATE DATABASE ${upgradeName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${upgradeName}`;
    const database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: null,
      migrate: false,
    });
    try {
      await migrate(database, { migrationsFolder: older.folder });
      const before = {
        applied: await appliedMigrations(database),
        shape: await schemaShape(database),
      };
      expect(before.applied).toHaveLength(AT_FIXTURE);

      expect(await failure(migrate(database, { migrationsFolder: failing.folder }))).toMatch(
        /division by zero/,
      );

      expect(await appliedMigrations(database)).toEqual(before.applied);
      for (const table of [...NEWER_TABLES, 'zz_probe'])
        expect(await tableExists(database, table)).toBe(false);
      expect(await schemaShape(database)).toEqual(before.shape);
      await migrate(database, { migrationsFolder });
      expect(await appliedMigrations(database)).toHaveLength(ALL);
    } finally {
      await database.close();
      await adminStatement(adminUrl!, `DROP DATABASE IF EXISTS ${upgradeName} WITH (FORCE)`);
    }
  });
});

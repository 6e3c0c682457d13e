// An upgrade from the previous release, as an operator does it: a database at the previous release's
// schema (the migrations folder cut after PREVIOUS_RELEASE_MIGRATION), holding a family's data, opened by
// the current code (which migrates at start). Every row keeps its values, the columns the new migrations
// add have their defaults, the app serves that family, and a second start applies nothing.
// On PGlite (a data directory on disk, as in production) by default, on PostgreSQL with TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import {
  committedMigrationCount,
  copyMigrations,
  PREVIOUS_RELEASE_MIGRATION,
} from '../fixtures/migration-folders.ts';
import { testConfig } from '../support/build.ts';
import { login, PASSWORD } from '../support/factories.ts';
import {
  appliedMigrations,
  schemaShape,
  scratchPostgresDatabase,
} from '../support/migration-databases.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** What the migrations after the previous release add to the rows it wrote: column and default. */
const ADDED_COLUMNS = {
  books: { made_by: null },
  checkout_sessions: { gift_for: null },
  gift_codes: { book_credits: 0, bought_by: null, checkout_id: null },
};

const ids = {
  storyteller: '0a000000-0000-4000-8000-000000000001',
  member: '0a000000-0000-4000-8000-000000000002',
  chapter: '0b000000-0000-4000-8000-000000000001',
  messages: ['0c000000-0000-4000-8000-000000000001', '0c000000-0000-4000-8000-000000000002'],
  image: '0d000000-0000-4000-8000-000000000001',
  book: '0e000000-0000-4000-8000-000000000001',
  checkout: '0f000000-0000-4000-8000-000000000001',
  gift: '1a000000-0000-4000-8000-000000000001',
  circleMember: '1b000000-0000-4000-8000-000000000001',
  question: '1c000000-0000-4000-8000-000000000001',
  words: '1d000000-0000-4000-8000-000000000001',
  suggested: '1e000000-0000-4000-8000-000000000001',
};
const STORYTELLER_EMAIL = 'jeanne.martin@example.org';
const MEMBER_EMAIL = 'paul.martin@example.org';
const CHAPTER_TITLE = 'Les étés à Lyon';
const LEGEND = 'La maison de la rue Mercière';
const SUMMARY = 'Chaque été, nous partions chez ma grand-mère à Lyon.';

/**
 * A family as the previous release left it, in raw SQL against that schema (the current schema's
 * Drizzle tables have columns it does not have yet).
 */
async function fillPreviousRelease(database: Database): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const folder = `users/${ids.storyteller}/conversations/${ids.chapter}/`;
  const statements: [string, unknown[]][] = [
    [
      `INSERT INTO users (id, email, password_hash, full_name, email_verified, cgu_version, cgv_version,
         pdc_version, chapters_created, full_access_until, book_credits, record_answers)
       VALUES ($1, $2, $3, 'Jeanne Martin', true, 1, 1, 1, 1, '2030-01-01T00:00:00Z', 1, true)`,
      [ids.storyteller, STORYTELLER_EMAIL, passwordHash],
    ],
    [
      `INSERT INTO users (id, email, password_hash, full_name, email_verified, cgu_version, cgv_version,
         pdc_version)
       VALUES ($1, $2, $3, 'Paul Martin', true, 1, 1, 1)`,
      [ids.member, MEMBER_EMAIL, passwordHash],
    ],
    [
      `INSERT INTO conversations (id, user_id, title, keywords, summary_cursor, summary_last_version,
         chat_count)
       VALUES ($1, $2, $3, '["Lyon", "enfance"]', 1, 1, 2)`,
      [ids.chapter, ids.storyteller, CHAPTER_TITLE],
    ],
    [
      `INSERT INTO summary_versions (conversation_id, version, text) VALUES ($1, 1, $2)`,
      [ids.chapter, SUMMARY],
    ],
    [
      `INSERT INTO chat_messages (id, conversation_id, user_id, type, content, question_id)
       VALUES ($1, $2, $3, 'assistant', 'Où passiez-vous vos étés ?', 'q-summer')`,
      [ids.messages[0], ids.chapter, ids.storyteller],
    ],
    [
      `INSERT INTO chat_messages (id, conversation_id, user_id, type, content, reply_to)
       VALUES ($1, $2, $3, 'user', 'À Lyon, chez ma grand-mère.', $4)`,
      [ids.messages[1], ids.chapter, ids.storyteller, ids.messages[0]],
    ],
    [
      `INSERT INTO images (id, user_id, conversation_id, position, legend, key, thumb_key, content_type,
         width, height, origin, contributed, contributor_id)
       VALUES ($1, $2, $3, 1, $4, $5, $6, 'image/jpeg', 1200, 900, 'photo', true, $7)`,
      [
        ids.image,
        ids.storyteller,
        ids.chapter,
        LEGEND,
        `${folder}images/${ids.image}.jpg`,
        `${folder}images/${ids.image}.thumb.jpg`,
        ids.member,
      ],
    ],
    [
      `INSERT INTO books (id, user_id, author, title, subtitle, summary, dedication, conversation_ids,
         language, generation_status, page_count, interior_key, epub_key, epub_size)
       VALUES ($1, $2, 'Jeanne Martin', 'Mes souvenirs', 'Une enfance lyonnaise', 'Des étés à Lyon.',
         'À mes petits-enfants', $3, 'fr-FR', 'success', 48, $4, $5, 123456)`,
      [
        ids.book,
        ids.storyteller,
        JSON.stringify([ids.chapter]),
        `users/${ids.storyteller}/books/${ids.book}/interior.pdf`,
        `users/${ids.storyteller}/books/${ids.book}/book.epub`,
      ],
    ],
    [
      `INSERT INTO checkout_sessions (id, user_id, provider, provider_session_id, product, book_id, amount,
         currency, status, completed_at, book_title, page_count)
       VALUES ($1, $2, 'demo', 'demo_upgrade_1', 'book', $3, 3900, 'eur', 'completed',
         '2026-05-01T10:00:00Z', 'Mes souvenirs', 48)`,
      [ids.checkout, ids.storyteller, ids.book],
    ],
    [
      `INSERT INTO gift_codes (id, code_hash, hint, months, expires_at, redeemed_by, redeemed_at)
       VALUES ($1, 'f00dcafe', 'K7Q2', 12, '2027-06-01T00:00:00Z', $2, '2026-06-02T09:00:00Z')`,
      [ids.gift, ids.storyteller],
    ],
    [
      `INSERT INTO circle_members (id, owner_id, member_id, email, relation, role, notify, can_make_book,
         accepted_at)
       VALUES ($1, $2, $3, $4, 'fils', 'contributor', 'weekly', true, '2026-04-01T08:00:00Z')`,
      [ids.circleMember, ids.storyteller, ids.member, MEMBER_EMAIL],
    ],
    [
      `INSERT INTO circle_questions (id, owner_id, asker_id, text, conversation_id, asked_at, answered_at)
       VALUES ($1, $2, $3, 'Comment as-tu rencontré papa ?', $4, '2026-04-02T08:00:00Z',
         '2026-04-09T08:00:00Z')`,
      [ids.question, ids.storyteller, ids.member, ids.chapter],
    ],
    [
      `INSERT INTO circle_releases (conversation_id, owner_id) VALUES ($1, $2)`,
      [ids.chapter, ids.storyteller],
    ],
    [
      `INSERT INTO chapter_words (id, conversation_id, author_id, text, printed)
       VALUES ($1, $2, $3, 'Merci maman pour ces étés.', true)`,
      [ids.words, ids.chapter, ids.member],
    ],
    [
      `INSERT INTO suggested_photos (id, conversation_id, contributor_id, legend, key, thumb_key,
         content_type, width, height)
       VALUES ($1, $2, $3, 'Le jardin', $4, $5, 'image/jpeg', 800, 600)`,
      [
        ids.suggested,
        ids.chapter,
        ids.member,
        `${folder}suggested/${ids.suggested}.jpg`,
        `${folder}suggested/${ids.suggested}.thumb.jpg`,
      ],
    ],
    [
      `INSERT INTO story_rhythms (user_id, weekday, by_email, by_push) VALUES ($1, 2, true, false)`,
      [ids.storyteller],
    ],
  ];
  for (const [text, values] of statements) await database.sql.executeSql(text, values);
}

/** The tables fillPreviousRelease writes to. */
const FILLED_TABLES = [
  'users',
  'conversations',
  'summary_versions',
  'chat_messages',
  'images',
  'books',
  'checkout_sessions',
  'gift_codes',
  'circle_members',
  'circle_questions',
  'circle_releases',
  'chapter_words',
  'suggested_photos',
  'story_rhythms',
];

type Snapshot = Record<string, Record<string, unknown>[]>;

/** Every row of the filled tables, as JSON objects keyed by column, in a stable order. */
async function snapshot(database: Database): Promise<Snapshot> {
  const tables: Snapshot = {};
  for (const table of FILLED_TABLES) {
    const { rows } = await database.sql.executeSql(
      `SELECT to_jsonb(t) AS row FROM "${table}" t ORDER BY t::text`,
      [],
    );
    tables[table] = (rows as { row: Record<string, unknown> }[]).map(({ row }) => row);
  }
  return tables;
}

/** Where the database lives: a PGlite data directory, or a PostgreSQL database of its own. */
interface Place {
  /** Opens it as the server does; `migrate: true` is a start of the current code. */
  open(options: { migrate: boolean }): Promise<Database>;
  remove(): Promise<void>;
}

async function newPlace(): Promise<Place> {
  if (adminUrl) {
    const scratch = await scratchPostgresDatabase(adminUrl);
    return {
      open: ({ migrate }) => openDatabase({ databaseUrl: scratch.url, dataDir: null, migrate }),
      remove: scratch.drop,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-upgrade-'));
  return {
    open: ({ migrate }) =>
      openDatabase({ databaseUrl: null, dataDir: join(dataDir, 'db'), migrate }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe(`an upgrade from the previous release (${PREVIOUS_RELEASE_MIGRATION})`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every row, gives the new columns their defaults, serves, and migrates once', async () => {
    const previous = copyMigrations({ upTo: PREVIOUS_RELEASE_MIGRATION });
    cleanups.push(() => previous.remove());
    expect(previous.tags.length).toBeLessThan(committedMigrationCount());
    const place = await newPlace();
    cleanups.push(() => place.remove());

    // The previous release's database, with a family's data in it.
    const old = await place.open({ migrate: false });
    let before: Snapshot;
    try {
      await migrate(old, { migrationsFolder: previous.folder });
      expect(await appliedMigrations(old)).toHaveLength(previous.tags.length);
      await fillPreviousRelease(old);
      before = await snapshot(old);
    } finally {
      await old.close();
    }
    for (const table of FILLED_TABLES) expect(before[table], table).not.toHaveLength(0);

    // The current code starts on it.
    const database = await place.open({ migrate: true });
    let applied: Awaited<ReturnType<typeof appliedMigrations>>;
    let shape: string[];
    try {
      applied = await appliedMigrations(database);
      expect(applied).toHaveLength(committedMigrationCount());
      shape = await schemaShape(database);

      // Every row is there with every value it had; the added columns hold their defaults.
      const after = await snapshot(database);
      for (const table of FILLED_TABLES) {
        const added = ADDED_COLUMNS[table as keyof typeof ADDED_COLUMNS] ?? {};
        expect(after[table], table).toEqual(before[table]!.map((row) => ({ ...row, ...added })));
      }

      // The app serves that family: she signs in and reads her chapter and her circle.
      const config = testConfig();
      cleanups.push(() => rmSync(config.dataDir, { recursive: true, force: true }));
      const app = await buildApp(config, { logger: false, database });
      try {
        await app.ready();
        const signIn = await login(app, STORYTELLER_EMAIL);
        expect(signIn.statusCode, signIn.body).toBe(200);
        const auth = { authorization: `Bearer ${signIn.json().access_token as string}` };
        const chapters = await app.inject({
          method: 'GET',
          url: '/api/v1/conversations?include_summaries=true',
          headers: auth,
        });
        expect(chapters.statusCode, chapters.body).toBe(200);
        const [chapter, ...others] = chapters.json().data as Record<string, unknown>[];
        expect(others).toEqual([]);
        expect(chapter).toMatchObject({
          id: ids.chapter,
          title_infos: { title: CHAPTER_TITLE },
          summary_infos: { summary: SUMMARY },
          chat_count: 2,
        });
        // Released to her circle by the previous release: still released.
        expect(chapter!.released_at).toEqual(expect.any(String));
        expect(chapter!.images).toMatchObject([{ id: ids.image, legend: LEGEND, position: 1 }]);
        const members = await app.inject({
          method: 'GET',
          url: '/api/v1/circle/members',
          headers: auth,
        });
        expect(members.statusCode, members.body).toBe(200);
        expect(JSON.stringify(members.json())).toContain(MEMBER_EMAIL);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }

    // A second start finds nothing to apply.
    const again = await place.open({ migrate: true });
    try {
      expect(await appliedMigrations(again)).toEqual(applied);
      expect(await schemaShape(again)).toEqual(shape);
    } finally {
      await again.close();
    }
  }, 120_000);
});

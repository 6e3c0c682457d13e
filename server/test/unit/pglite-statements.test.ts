// Drizzle's selects on PGlite as prepared statements (src/db/pglite-statements.ts): the same values in
// and out as PGlite's own query(), errors with their SQLSTATE, and statements that survive schema changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { PgliteStatements } from '../../src/db/pglite-statements.ts';
import { users } from '../../src/db/schema/index.ts';

describe('PgliteStatements', () => {
  let database: Database;
  let statements: PgliteStatements;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, dataDir: null, migrate: false });
    await database.pglite!.exec(`
      create table probe (id int primary key, name text, tags jsonb, flag boolean, at timestamptz,
        big bigint, words text[]);
      insert into probe values
        (1, 'Élise', '["a","b"]', true, '2026-01-02T03:04:05.678Z', 9007199254740993, '{x,"y z"}'),
        (2, null, null, false, null, 2, '{}');`);
    statements = new PgliteStatements(database.pglite!);
  });

  afterAll(async () => {
    await database.close();
  });

  it('answers the rows PGlite query() answers, typed the same', async () => {
    const text =
      'select id, name, tags, flag, at, big, words from probe where id >= $1 order by id';
    const own = await database.pglite!.query(text, [1], { rowMode: 'array' });
    const fast = await statements.query(text, [1]);
    expect(fast.rows).toEqual(own.rows);
    expect(fast.fields).toEqual(own.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })));
    // Run again: the statement is reused.
    expect((await statements.query(text, [2])).rows).toEqual([own.rows[1]]);
  });

  it('serialises parameters by their type, nulls included', async () => {
    const { rows } = await statements.query(
      'select $1::jsonb, $2::boolean, $3::text, $4::int[], $5::timestamptz',
      [{ a: 1 }, true, null, [1, 2], new Date('2026-01-02T03:04:05.678Z')],
    );
    expect(rows[0]!.slice(0, 4)).toEqual([{ a: 1 }, true, null, [1, 2]]);
    expect(new Date(rows[0]![4] as string).toISOString()).toBe('2026-01-02T03:04:05.678Z');
  });

  it('throws database errors with their code, and keeps working after one', async () => {
    const error = (await statements
      .query('select 1 / $1::int', [0])
      .catch((caught: unknown) => caught)) as { code?: string; message?: string };
    expect(error.code).toBe('22012');
    expect(error.message).toMatch(/division by zero/);
    const parse = (await statements
      .query('select nope from probe', [])
      .catch((caught: unknown) => caught)) as { code?: string };
    expect(parse.code).toBe('42703');
    expect((await statements.query('select 1 + $1::int', [1])).rows).toEqual([[2]]);
  });

  it('prepares again a statement whose result a schema change altered', async () => {
    const text = 'select * from probe where id = $1';
    expect((await statements.query(text, [1])).rows[0]).toHaveLength(7);
    await database.pglite!.exec('alter table probe add column extra int default 5');
    const { rows, fields } = await statements.query(text, [1]);
    expect(rows[0]).toHaveLength(8);
    expect(fields.at(-1)!.name).toBe('extra');
  });

  it('keeps a bounded number of statements', async () => {
    for (let n = 0; n < 250; n += 1) await statements.query(`select ${n} + $1::int`, [1]);
    const { rows } = await database.pglite!.query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements',
    );
    expect(rows[0]!.count).toBeLessThanOrEqual(200);
    expect((await statements.query('select 3 + $1::int', [1])).rows).toEqual([[4]]);
  });

  it('is what Drizzle selects go through on PGlite, outside transactions', async () => {
    const migrated = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      const [row] = await migrated.db
        .insert(users)
        .values({ email: 'a@example.org', passwordHash: 'x' })
        .returning();
      const [found] = await migrated.db.select().from(users).where(eq(users.id, row!.id));
      expect(found).toEqual(row);
      expect(found!.createdAt).toBeInstanceOf(Date);
      await migrated.db.transaction(async (tx) => {
        await tx.update(users).set({ fullName: 'Jeanne' }).where(eq(users.id, row!.id));
        const [inside] = await tx.select().from(users).where(eq(users.id, row!.id));
        expect(inside!.fullName).toBe('Jeanne');
      });
      const [after] = await migrated.db.select().from(users).where(eq(users.id, row!.id));
      expect(after!.fullName).toBe('Jeanne');
    } finally {
      await migrated.close();
    }
  });
});

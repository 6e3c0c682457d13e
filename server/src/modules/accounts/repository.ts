// Database access for people and their single-use tokens.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { BatchedReads } from '../../db/batched-reads.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../input.ts';
import { oneTimeTokens, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type TokenKind = 'email_validation' | 'password_reset' | 'email_change_undo';

export class AccountsRepository {
  // Every authenticated request reads its person: the reads asked together are one select
  // (db/batched-reads.ts), by statements built once (named prepared statements on PostgreSQL).
  private readonly usersById: BatchedReads<UserRow>;

  constructor(private readonly db: Db) {
    const one = db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('accounts_user_by_id');
    const many = db
      .select()
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')})`)
      .prepare('accounts_users_by_ids');
    this.usersById = new BatchedReads(
      async (keys) => {
        // An id that is not a uuid names nobody (and must not fail the others' select).
        const ids = keys.filter(isUuid);
        if (ids.length === 0) return new Map();
        // One id (a request alone) keeps the plain primary-key statement: `any($1)` with an array of
        // one cost a lone request 15–30 % of its requests/s (the array's encoding and decoding).
        const rows =
          ids.length === 1 ? await one.execute({ id: ids[0] }) : await many.execute({ ids });
        return new Map(rows.map((row) => [row.id, row]));
      },
      (row) => ({ ...row }),
    );
  }

  findById(id: string): Promise<UserRow | null> {
    return this.usersById.get(id);
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row ?? null;
  }

  /** Null when the email is taken (unique index), so a race between two sign-ups is a clean 409. */
  async insert(user: NewUser): Promise<UserRow | null> {
    const rows = await this.db
      .insert(users)
      .values(user)
      .onConflictDoNothing({ target: users.email })
      .returning();
    return rows[0] ?? null;
  }

  async update(id: string, changes: Partial<NewUser>): Promise<UserRow | null> {
    const rows = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return rows[0] ?? null;
  }

  async bumpTokenVersion(id: string, changes: Partial<NewUser> = {}): Promise<UserRow | null> {
    const rows = await this.db
      .update(users)
      .set({ ...changes, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return rows[0] ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  async createToken(
    userId: string,
    kind: TokenKind,
    tokenHash: string,
    expiresAt: Date,
    email: string | null = null,
  ) {
    await this.db.insert(oneTimeTokens).values({ userId, kind, tokenHash, expiresAt, email });
  }

  /** Marks the token used and returns it, only if it was unused and unexpired: single use even under a race. */
  async consumeToken(kind: TokenKind, tokenHash: string) {
    const rows = await this.db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeTokens.tokenHash, tokenHash),
          eq(oneTimeTokens.kind, kind),
          isNull(oneTimeTokens.usedAt),
          sql`${oneTimeTokens.expiresAt} > now()`,
        ),
      )
      .returning();
    return rows[0] ?? null;
  }

  /** Ends every unused link of these kinds (one kind or several), or only those made after `after`. */
  async invalidateTokens(userId: string, kind: TokenKind | TokenKind[], after?: Date) {
    const kinds = Array.isArray(kind) ? kind : [kind];
    await this.db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          inArray(oneTimeTokens.kind, kinds),
          isNull(oneTimeTokens.usedAt),
          after ? gt(oneTimeTokens.createdAt, after) : undefined,
        ),
      );
  }
}

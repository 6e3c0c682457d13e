// Database access for images: a chapter's images kept at positions 1..n without gaps (every change under
// the chapter's row lock, so simultaneous uploads cannot pass the limit or take the same position), and the
// person's own photos.
import { and, asc, between, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, images } from '../../db/schema/index.ts';

export type ImageRow = typeof images.$inferSelect;
export type NewImage = Omit<
  typeof images.$inferInsert,
  'userId' | 'conversationId' | 'position' | 'createdAt'
> & {
  id: string;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What an insertion into a chapter came to. */
export type InsertOutcome = { row: ImageRow } | { missing: true } | { full: true };

export class ImagesRepository {
  constructor(private readonly db: Db) {}

  async chapterImageCount(userId: string, conversationId: string): Promise<number | null> {
    const [row] = await this.db
      .select({
        count: sql<number>`(select count(*)::int from images i where i.conversation_id = "conversations"."id")`,
      })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
      .limit(1);
    return row ? row.count : null;
  }

  /** Adds the image at the next position unless the chapter is gone or already holds `limit` images. */
  async insertIntoChapter(
    userId: string,
    conversationId: string,
    image: NewImage,
    limit: number,
  ): Promise<InsertOutcome> {
    return this.db.transaction(async (tx) => {
      if (!(await lockChapter(tx, userId, conversationId))) return { missing: true };
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(images)
        .where(eq(images.conversationId, conversationId));
      if (count >= limit) return { full: true };
      const [row] = await tx
        .insert(images)
        .values({ ...image, userId, conversationId, position: count + 1 })
        .returning();
      await touchChapter(tx, conversationId);
      return { row: row! };
    });
  }

  async insertOwn(userId: string, image: NewImage): Promise<ImageRow> {
    const [row] = await this.db
      .insert(images)
      .values({ ...image, userId, conversationId: null, position: null })
      .returning();
    return row!;
  }

  /** Every stored picture's storage key, a page at a time in id order (the command line's back-fill). */
  async keysAfter(afterId: string | null, limit: number): Promise<{ id: string; key: string }[]> {
    return this.db
      .select({ id: images.id, key: images.key })
      .from(images)
      .where(afterId ? gt(images.id, afterId) : undefined)
      .orderBy(asc(images.id))
      .limit(limit);
  }

  /** The images of these chapters in position order, in one query. */
  async listForChapters(conversationIds: string[]): Promise<ImageRow[]> {
    if (conversationIds.length === 0) return [];
    return this.db
      .select()
      .from(images)
      .where(inArray(images.conversationId, conversationIds))
      .orderBy(asc(images.conversationId), asc(images.position));
  }

  /** One of this person's images: in that chapter, or one of their own photos when `conversationId` is null. */
  async findOwned(
    userId: string,
    conversationId: string | null,
    imageId: string,
  ): Promise<ImageRow | null> {
    const [row] = await this.db
      .select()
      .from(images)
      .where(
        and(
          eq(images.id, imageId),
          eq(images.userId, userId),
          conversationId === null
            ? isNull(images.conversationId)
            : eq(images.conversationId, conversationId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async findInChapter(
    userId: string,
    conversationId: string,
    imageId: string,
  ): Promise<ImageRow | null> {
    const [row] = await this.db
      .select()
      .from(images)
      .where(
        and(
          eq(images.id, imageId),
          eq(images.userId, userId),
          eq(images.conversationId, conversationId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * Changes the legend and/or moves the image to `position` (the images in between shift by one). Null when
   * the image is not in this chapter of this person; 'bad_position' when `position` is past the last one.
   */
  async updateInChapter(
    userId: string,
    conversationId: string,
    imageId: string,
    changes: { legend?: string | null; position?: number },
  ): Promise<ImageRow | null | 'bad_position'> {
    return this.db.transaction(async (tx) => {
      if (!(await lockChapter(tx, userId, conversationId))) return null;
      const [current] = await tx
        .select()
        .from(images)
        .where(and(eq(images.id, imageId), eq(images.conversationId, conversationId)))
        .limit(1);
      if (!current) return null;
      if (changes.position !== undefined && changes.position !== current.position) {
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(images)
          .where(eq(images.conversationId, conversationId));
        if (changes.position > count) return 'bad_position';
        const from = current.position!;
        const to = changes.position;
        const step = to < from ? 1 : -1;
        await renumber(
          tx,
          conversationId,
          between(images.position, Math.min(from, to), Math.max(from, to)),
          sql`case when ${images.id} = ${imageId} then ${to}::int else ${images.position} + ${step}::int end`,
        );
      }
      if (changes.legend !== undefined)
        await tx.update(images).set({ legend: changes.legend }).where(eq(images.id, imageId));
      await touchChapter(tx, conversationId);
      const [row] = await tx.select().from(images).where(eq(images.id, imageId));
      return row!;
    });
  }

  /** Deletes the image and closes the gap it leaves; the deleted row (for its files) or null. */
  async deleteFromChapter(
    userId: string,
    conversationId: string,
    imageId: string,
  ): Promise<ImageRow | null> {
    return this.db.transaction(async (tx) => {
      if (!(await lockChapter(tx, userId, conversationId))) return null;
      const [deleted] = await tx
        .delete(images)
        .where(and(eq(images.id, imageId), eq(images.conversationId, conversationId)))
        .returning();
      if (!deleted) return null;
      await renumber(
        tx,
        conversationId,
        gt(images.position, deleted.position!),
        sql`${images.position} - 1`,
      );
      await touchChapter(tx, conversationId);
      return deleted;
    });
  }

  /** Every photo of the person's own (not in a chapter), oldest first. */
  allOwn(userId: string): Promise<ImageRow[]> {
    return this.db
      .select()
      .from(images)
      .where(and(eq(images.userId, userId), isNull(images.conversationId)))
      .orderBy(asc(images.createdAt), asc(images.id));
  }

  async listOwn(
    userId: string,
    skip: number,
    limit: number,
  ): Promise<{ rows: ImageRow[]; count: number }> {
    const own = and(eq(images.userId, userId), isNull(images.conversationId));
    const rows = await this.db
      .select()
      .from(images)
      .where(own)
      .orderBy(desc(images.createdAt), desc(images.id))
      .offset(skip)
      .limit(limit);
    if (skip === 0 && rows.length < limit) return { rows, count: rows.length };
    const [total] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(images)
      .where(own);
    return { rows, count: total?.count ?? 0 };
  }

  async deleteOwn(userId: string, imageId: string): Promise<ImageRow | null> {
    const [deleted] = await this.db
      .delete(images)
      .where(and(eq(images.id, imageId), eq(images.userId, userId), isNull(images.conversationId)))
      .returning();
    return deleted ?? null;
  }
}

/** Locks the person's chapter row for the transaction; false when there is no such chapter. */
async function lockChapter(tx: Tx, userId: string, conversationId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
    .for('update');
  return rows.length > 0;
}

async function touchChapter(tx: Tx, conversationId: string): Promise<void> {
  await tx
    .update(conversations)
    .set({ updatedAt: new Date() })
    .where(eq(conversations.id, conversationId));
}

/**
 * Gives the chosen images of a chapter new positions without tripping the unique (chapter, position) index,
 * which PostgreSQL checks row by row: first to the negated new values (free, distinct), then back.
 */
async function renumber(
  tx: Tx,
  conversationId: string,
  which: SQL,
  newPosition: SQL,
): Promise<void> {
  await tx
    .update(images)
    .set({ position: sql`-(${newPosition})` })
    .where(and(eq(images.conversationId, conversationId), which));
  await tx
    .update(images)
    .set({ position: sql`-${images.position}` })
    .where(and(eq(images.conversationId, conversationId), lt(images.position, 0)));
}

// The books a contributor prepared for her (issue 31): rows of `books` owned by her (user_id) and made by
// this member (made_by). Everything else about books is the books module's.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { books } from '../../db/schema/index.ts';
import type { BookRow } from '../books/repository.ts';

export class CircleBooksRepository {
  constructor(private readonly db: Db) {}

  async madeBy(
    ownerId: string,
    memberId: string,
    skip: number,
    limit: number,
  ): Promise<{ rows: BookRow[]; count: number }> {
    const where = and(eq(books.userId, ownerId), eq(books.madeBy, memberId));
    const rows = await this.db
      .select()
      .from(books)
      .where(where)
      .orderBy(desc(books.createdAt), desc(books.id))
      .offset(skip)
      .limit(limit);
    const [total] = await this.db.select({ count: count() }).from(books).where(where);
    return { rows, count: total?.count ?? 0 };
  }

  async findMadeBy(ownerId: string, memberId: string, id: string): Promise<BookRow | null> {
    const [row] = await this.db
      .select()
      .from(books)
      .where(and(eq(books.id, id), eq(books.userId, ownerId), eq(books.madeBy, memberId)))
      .limit(1);
    return row ?? null;
  }
}

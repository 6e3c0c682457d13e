// Rows of the books module. Status changes are conditional on `ongoing`, so a job run twice (a retry after
// a crash) or a book deleted meanwhile never ends in a second set of files or a resurrected row.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { books } from '../../db/schema/index.ts';

export type BookRow = typeof books.$inferSelect;
export type NewBook = Omit<
  typeof books.$inferInsert,
  'id' | 'generationStatus' | 'createdAt' | 'updatedAt'
>;

export interface BookFiles {
  pageCount: number;
  interiorKey: string;
  webKey: string;
  coverKey: string;
  coverPreviewKey: string;
  /** Issue 33: the EPUB, and the one with recordings inside (null when there is none). */
  epubKey: string;
  epubSize: number;
  epubVoiceKey: string | null;
  epubVoiceSize: number | null;
}

export class BooksRepository {
  constructor(private readonly db: Db) {}

  async create(book: NewBook): Promise<BookRow> {
    const [row] = await this.db.insert(books).values(book).returning();
    return row!;
  }

  async list(
    userId: string,
    skip: number,
    limit: number,
  ): Promise<{ rows: BookRow[]; count: number }> {
    const rows = await this.db
      .select()
      .from(books)
      .where(eq(books.userId, userId))
      .orderBy(desc(books.createdAt), desc(books.id))
      .offset(skip)
      .limit(limit);
    const [total] = await this.db
      .select({ count: count() })
      .from(books)
      .where(eq(books.userId, userId));
    return { rows, count: total?.count ?? 0 };
  }

  async find(userId: string, id: string): Promise<BookRow | null> {
    const [row] = await this.db
      .select()
      .from(books)
      .where(and(eq(books.id, id), eq(books.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  async findById(id: string): Promise<BookRow | null> {
    const [row] = await this.db.select().from(books).where(eq(books.id, id)).limit(1);
    return row ?? null;
  }

  async delete(userId: string, id: string): Promise<BookRow | null> {
    const [row] = await this.db
      .delete(books)
      .where(and(eq(books.id, id), eq(books.userId, userId)))
      .returning();
    return row ?? null;
  }

  /** `ongoing` → `success` with its files; false when the book is gone or no longer ongoing. */
  async finish(id: string, files: BookFiles): Promise<boolean> {
    const rows = await this.db
      .update(books)
      .set({ ...files, generationStatus: 'success', generationError: null, updatedAt: new Date() })
      .where(and(eq(books.id, id), eq(books.generationStatus, 'ongoing')))
      .returning({ id: books.id });
    return rows.length > 0;
  }

  /** `ongoing` → `failure` with a stable code; false when the book is gone or no longer ongoing. */
  async fail(id: string, code: string): Promise<boolean> {
    const rows = await this.db
      .update(books)
      .set({ generationStatus: 'failure', generationError: code, updatedAt: new Date() })
      .where(and(eq(books.id, id), eq(books.generationStatus, 'ongoing')))
      .returning({ id: books.id });
    return rows.length > 0;
  }
}

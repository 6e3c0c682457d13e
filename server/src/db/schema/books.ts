// Table of the books module: a book is a person's ordered choice of chapters with its title page, back-cover
// text and pictures, typeset by the `book.generate` job. Its files live in storage under `books/<user>/<id>/`;
// the row goes with its person (cascade).
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A chosen picture: one of a chapter's images (`convId` set) or one of the person's own photos. */
export interface BookImageChoice {
  convId: string | null;
  imageId: string;
}

export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Issue 31: the contributor of her circle who prepared it, null when she made it herself (or
     *  once that account is gone). The book stays hers (user_id). */
    madeBy: uuid('made_by').references(() => users.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    summary: text('summary').notNull(),
    dedication: text('dedication'),
    /** The chapters in book order. They are read when the book is typeset, not copied here. */
    conversationIds: jsonb('conversation_ids').$type<string[]>().notNull(),
    frontCover: jsonb('front_cover').$type<BookImageChoice | null>(),
    portrait: jsonb('portrait').$type<BookImageChoice | null>(),
    largePrint: boolean('large_print').notNull().default(false),
    /** Issue 20: each chapter with recorded answers gets a code that opens its listening page. */
    voiceCodes: boolean('voice_codes').notNull().default(false),
    /** 'fr' or 'en': hyphenation and typography of the book. */
    language: text('language').notNull(),
    generationStatus: text('generation_status', { enum: ['ongoing', 'success', 'failure'] })
      .notNull()
      .default('ongoing'),
    /** A stable code (see books/service.ts), shown to the person in their language. */
    generationError: text('generation_error'),
    pageCount: integer('page_count'),
    interiorKey: text('interior_key'),
    webKey: text('web_key'),
    coverKey: text('cover_key'),
    coverPreviewKey: text('cover_preview_key'),
    /** Issue 33: the accessible EPUB and its size in bytes. */
    epubKey: text('epub_key'),
    epubSize: integer('epub_size'),
    /** The EPUB with the chapters' recordings inside; null when the book has none to put there. */
    epubVoiceKey: text('epub_voice_key'),
    epubVoiceSize: integer('epub_voice_size'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('books_user_created_idx').on(t.userId, t.createdAt)],
);

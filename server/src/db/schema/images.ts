// Table of the images module: the pictures of a chapter (1..5, in position order, with a legend) and the
// person's own photos (no chapter, no position; e.g. a book cover). The files live in storage under `key`
// and `thumbKey`; the rows go with their chapter or their person (cascade).
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { conversations } from './conversations.ts';

export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a person's own photo (`POST /images`). */
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'cascade',
    }),
    /** 1..n without gaps inside a chapter; null for a person's own photo. */
    position: integer('position'),
    legend: text('legend'),
    /** Storage keys of the re-encoded image and of its thumbnail. */
    key: text('key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * 'photo' for a picture she gave, 'illustration' for one the illustrator drew: only an illustration
     * can be drawn again. Pictures stored before the column existed count as photos (nothing recorded
     * which they were; asking to redraw a photo would throw it away).
     */
    origin: text('origin', { enum: ['photo', 'illustration'] })
      .notNull()
      .default('photo'),
    /**
     * A photo a member of her circle gave (issue 31), accepted by her: credited with the member's name
     * while their account exists (`contributorId`), « un proche » after (the column is emptied).
     */
    contributed: boolean('contributed').notNull().default(false),
    contributorId: uuid('contributor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('images_conversation_position_key')
      .on(t.conversationId, t.position)
      .where(sql`${t.conversationId} is not null`),
    index('images_user_created_idx').on(t.userId, t.createdAt),
  ],
);

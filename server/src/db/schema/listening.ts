// Table of the listening module (issue 20): the public page behind a printed book's voice code, one per
// chapter, with its own token (the share-link design: only the token's SHA-256 is kept; deleting the row
// revokes every printed code at once).
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { conversations } from './conversations.ts';

export const chapterListenLinks = pgTable(
  'chapter_listen_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chapter_listen_links_conversation_key').on(t.conversationId),
    uniqueIndex('chapter_listen_links_token_key').on(t.tokenHash),
  ],
);

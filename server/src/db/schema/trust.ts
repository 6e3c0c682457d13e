// Tables of the modules around the story: public share links of chapters, first-party analytics events
// (kept only with consent) and data exports.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { conversations } from './conversations.ts';

export const chapterShares = pgTable(
  'chapter_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: the token itself is derived from the row id with the server's secret. */
    tokenHash: text('token_hash').notNull(),
    /** The voice kept (issue 20): the public page plays the chapter's recorded answers; off unless chosen. */
    includeVoice: boolean('include_voice').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chapter_shares_conversation_key').on(t.conversationId),
    uniqueIndex('chapter_shares_token_key').on(t.tokenHash),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    sessionId: text('session_id').notNull(),
    /** The signed-in person, when there is one; gone with their account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    properties: jsonb('properties')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull(),
  },
  (t) => [index('analytics_events_time_idx').on(t.occurredAt)],
);

export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    key: text('key'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    // Two exports asked at once make one: a second pending row cannot exist.
    uniqueIndex('data_exports_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

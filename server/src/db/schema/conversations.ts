// Tables of the conversations module: chapters and the versions of their summary (the chapter's text),
// with a cursor for undo/redo.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    convAuthor: text('conv_author'),
    /** The summary version shown (1-based); 0 when there is no summary yet. */
    summaryCursor: integer('summary_cursor').notNull().default(0),
    /** The highest summary version (0: none), kept by triggers on summary_versions (migration 0007). */
    summaryLastVersion: integer('summary_last_version').notNull().default(0),
    /**
     * How many messages the chapter's chat has, kept by triggers on chat_messages in the transaction
     * that adds or removes one (migration 0007): the chapter list reads it instead of counting.
     */
    chatCount: integer('chat_count').notNull().default(0),
    /**
     * Whether the chapter has been counted against the free chapters (chaptersCreated): a new chapter
     * is counted at its first answer, not at creation (an empty chapter costs nothing). Chapters from
     * before migration 0014 were counted at creation, hence the default.
     */
    freeCounted: boolean('free_counted').notNull().default(true),
    /** Set while a generation runs (one at a time, across processes); a crashed one expires. */
    generatingUntil: timestamp('generating_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_user_created_idx').on(t.userId, t.createdAt),
    index('conversations_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);

export const summaryVersions = pgTable(
  'summary_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    /** What the writer flagged on a generated text (`comment_not_applied`, `unfaithful:…`); [] by hand. */
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('summary_versions_conversation_version_key').on(t.conversationId, t.version)],
);

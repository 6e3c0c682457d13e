// Table of the chat module: the messages of each chapter, in order, with what the interviewer asked.
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { conversations } from './conversations.ts';

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: two messages of the same millisecond keep their order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Denormalised so "every question ever asked to this person" is one indexed read. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** Assistant messages: the question asked and its theme (never asked twice to the same person). */
    questionId: text('question_id'),
    theme: text('theme'),
    /** User messages: the client's Idempotency-Key, unique per person. */
    idempotencyKey: text('idempotency_key'),
    /** Assistant messages: the user message they answer (null for the opening). */
    replyTo: uuid('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('chat_messages_user_type_idx').on(t.userId, t.type),
    uniqueIndex('chat_messages_user_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('chat_messages_reply_to_key')
      .on(t.replyTo)
      .where(sql`${t.replyTo} is not null`),
  ],
);

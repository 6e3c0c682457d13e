// Table of the recordings module (issue 20): the sound of a spoken answer, one per message of the person,
// kept in storage beside the chapter's other files (`key`). Rows go with their message, chapter or person
// (cascade); `bytes` is what counts towards the account's room for recordings.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { chatMessages } from './chat.ts';
import { conversations } from './conversations.ts';

export const messageRecordings = pgTable(
  'message_recordings',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Read from the file's first bytes: audio/webm, audio/ogg, audio/mp4 or audio/aac. */
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** From the container when it says so cheaply, else as the app declared it; null when unknown. */
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('message_recordings_user_idx').on(t.userId),
    index('message_recordings_conversation_idx').on(t.conversationId),
  ],
);

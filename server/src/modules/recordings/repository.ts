// Database access for recordings: one per message of the person, written under the person's row lock so
// that simultaneous uploads cannot pass the account's room together.
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, messageRecordings, users } from '../../db/schema/index.ts';

export type RecordingRow = typeof messageRecordings.$inferSelect;
/** A recording read with its chapter: the question it answered too. */
export type ChapterRecordingRow = RecordingRow & { question: string | null };
export type NewRecording = Omit<typeof messageRecordings.$inferInsert, 'createdAt'>;

/** What a write came to: the row (and the file it replaced), or why not. */
export type SaveOutcome =
  { row: RecordingRow; replacedKey: string | null } | { missing: true } | { full: true };

export class RecordingsRepository {
  constructor(private readonly db: Db) {}

  /** Whether this is one of the person's own messages (not the biographer's) in that chapter. */
  async isUserMessage(userId: string, conversationId: string, messageId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.id, messageId),
          eq(chatMessages.userId, userId),
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.type, 'user'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Bytes of every recording of the person, but the one of `exceptMessageId` (replaced by an upload). */
  async usedBytes(userId: string, exceptMessageId?: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${messageRecordings.bytes}), 0)::bigint` })
      .from(messageRecordings)
      .where(
        and(
          eq(messageRecordings.userId, userId),
          exceptMessageId ? ne(messageRecordings.messageId, exceptMessageId) : undefined,
        ),
      );
    return Number(row?.total ?? 0);
  }

  /** Adds or replaces the message's recording unless the message is gone or the room would overflow. */
  async save(recording: NewRecording, maxAccountBytes: number): Promise<SaveOutcome> {
    return this.db.transaction(async (tx) => {
      const locked = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, recording.userId))
        .for('update');
      if (locked.length === 0) return { missing: true };
      const [message] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.id, recording.messageId),
            eq(chatMessages.userId, recording.userId),
            eq(chatMessages.conversationId, recording.conversationId),
            eq(chatMessages.type, 'user'),
          ),
        )
        .limit(1);
      if (!message) return { missing: true };
      const [used] = await tx
        .select({ total: sql<number>`coalesce(sum(${messageRecordings.bytes}), 0)::bigint` })
        .from(messageRecordings)
        .where(
          and(
            eq(messageRecordings.userId, recording.userId),
            ne(messageRecordings.messageId, recording.messageId),
          ),
        );
      if (Number(used?.total ?? 0) + recording.bytes > maxAccountBytes) return { full: true };
      const [previous] = await tx
        .select({ key: messageRecordings.key })
        .from(messageRecordings)
        .where(eq(messageRecordings.messageId, recording.messageId));
      const [row] = await tx
        .insert(messageRecordings)
        .values(recording)
        .onConflictDoUpdate({
          target: messageRecordings.messageId,
          set: {
            key: recording.key,
            mimeType: recording.mimeType,
            bytes: recording.bytes,
            durationMs: recording.durationMs ?? null,
            createdAt: sql`now()`,
          },
        })
        .returning();
      return { row: row!, replacedKey: previous?.key ?? null };
    });
  }

  async delete(
    userId: string,
    conversationId: string,
    messageId: string,
  ): Promise<RecordingRow | null> {
    const [row] = await this.db
      .delete(messageRecordings)
      .where(
        and(
          eq(messageRecordings.messageId, messageId),
          eq(messageRecordings.userId, userId),
          eq(messageRecordings.conversationId, conversationId),
        ),
      )
      .returning();
    return row ?? null;
  }

  async forMessages(messageIds: string[]): Promise<RecordingRow[]> {
    if (messageIds.length === 0) return [];
    return this.db
      .select()
      .from(messageRecordings)
      .where(inArray(messageRecordings.messageId, messageIds));
  }

  /**
   * A chapter's recordings in the order of its messages, each with the biographer's question asked just
   * before it (null when the answer came first): the export, the shared page and the listening page.
   */
  async forChapter(conversationId: string): Promise<ChapterRecordingRow[]> {
    return this.db
      .select({
        messageId: messageRecordings.messageId,
        userId: messageRecordings.userId,
        conversationId: messageRecordings.conversationId,
        key: messageRecordings.key,
        mimeType: messageRecordings.mimeType,
        bytes: messageRecordings.bytes,
        durationMs: messageRecordings.durationMs,
        createdAt: messageRecordings.createdAt,
        question: sql<string | null>`(
          select q.content from ${chatMessages} q
          where q.conversation_id = ${chatMessages.conversationId}
            and q.type = 'assistant' and q.seq < ${chatMessages.seq}
          order by q.seq desc limit 1)`,
      })
      .from(messageRecordings)
      .innerJoin(chatMessages, eq(chatMessages.id, messageRecordings.messageId))
      .where(eq(messageRecordings.conversationId, conversationId))
      .orderBy(asc(chatMessages.seq));
  }

  /** How many answers of a chapter have their sound kept. */
  async countForChapter(conversationId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messageRecordings)
      .where(eq(messageRecordings.conversationId, conversationId));
    return Number(row?.n ?? 0);
  }

  /** Which of these chapters have at least one kept recording. */
  async chaptersWithRecordings(conversationIds: string[]): Promise<Set<string>> {
    if (conversationIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ id: messageRecordings.conversationId })
      .from(messageRecordings)
      .where(inArray(messageRecordings.conversationId, conversationIds));
    return new Set(rows.map((row) => row.id));
  }
}

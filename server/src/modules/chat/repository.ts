// Database access for chat messages: the transcript of a chapter, idempotent user messages, one reply each.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, conversations } from '../../db/schema/index.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

export class ChatRepository {
  constructor(private readonly db: Db) {}

  async page(conversationId: string, skip: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: chatMessages.id,
          type: chatMessages.type,
          content: chatMessages.content,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(asc(chatMessages.seq))
        .offset(skip)
        .limit(limit),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId)),
    ]);
    return { rows, count: total?.count ?? 0 };
  }

  async transcript(conversationId: string) {
    return this.db
      .select({
        type: chatMessages.type,
        content: chatMessages.content,
        questionId: chatMessages.questionId,
        theme: chatMessages.theme,
      })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(asc(chatMessages.seq));
  }

  /** The transcript with each message's id (the data export names recordings after them). */
  async transcriptWithIds(conversationId: string) {
    return this.db
      .select({ id: chatMessages.id, type: chatMessages.type, content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(asc(chatMessages.seq));
  }

  /** Every question id ever asked to the person, in every chapter. */
  async askedQuestionIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ questionId: chatMessages.questionId })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, userId),
          eq(chatMessages.type, 'assistant'),
          isNotNull(chatMessages.questionId),
        ),
      );
    return rows.map((row) => row.questionId!);
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<MessageRow | null> {
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), eq(chatMessages.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  }

  async findReply(userMessageId: string): Promise<MessageRow | null> {
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.replyTo, userMessageId))
      .limit(1);
    return row ?? null;
  }

  /** Null when the same person already sent this Idempotency-Key (the unique index decides, also across processes). */
  async insertUserMessage(
    conversationId: string,
    userId: string,
    content: string,
    idempotencyKey: string | null,
  ): Promise<MessageRow | null> {
    const rows = await this.db
      .insert(chatMessages)
      .values({ conversationId, userId, type: 'user', content, idempotencyKey })
      .onConflictDoNothing()
      .returning();
    return rows[0] ?? null;
  }

  /**
   * Null when the user message already has its reply (one reply per message, by a unique index). The
   * chapter's `updatedAt` is set in the same statement, reply stored or not (one round trip per answer
   * rather than two, issue 34).
   */
  async insertReply(
    conversationId: string,
    userId: string,
    reply: { content: string; questionId: string | null; theme: string | null },
    replyTo: string,
  ): Promise<MessageRow | null> {
    const touched = this.db
      .$with('touched')
      .as(
        this.db
          .update(conversations)
          .set({ updatedAt: new Date() })
          .where(eq(conversations.id, conversationId))
          .returning({ id: conversations.id }),
      );
    const rows = await this.db
      .with(touched)
      .insert(chatMessages)
      .values({ conversationId, userId, type: 'assistant', ...reply, replyTo })
      .onConflictDoNothing()
      .returning();
    return rows[0] ?? null;
  }

  async latestAssistant(conversationId: string): Promise<MessageRow | null> {
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.type, 'assistant')),
      )
      .orderBy(desc(chatMessages.seq))
      .limit(1);
    return row ?? null;
  }
}

// Database access for chat messages: the transcript of a chapter, idempotent user messages, one reply each.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, conversations } from '../../db/schema/index.ts';
import type { TranscriptMessage } from '../../providers/interviewer/types.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

export class ChatRepository {
  // The statements of every answer to the biographer, built once rather than at each call: on the answer
  // path, Drizzle building their SQL again was an eighth of the server's time (issue 34).
  private readonly transcriptQuery;
  private readonly askedQuery;
  private readonly turnQuery;
  private readonly byKeyQuery;
  private readonly insertUserQuery;
  private readonly insertReplyQuery;

  constructor(private readonly db: Db) {
    const ofChapter = eq(chatMessages.conversationId, sql.placeholder('conversationId'));
    // The questions the biographer asked the person, in every chapter.
    const askedOfPerson = and(
      eq(chatMessages.userId, sql.placeholder('userId')),
      eq(chatMessages.type, 'assistant'),
      isNotNull(chatMessages.questionId),
    );
    const said = {
      type: chatMessages.type,
      content: chatMessages.content,
      questionId: chatMessages.questionId,
      theme: chatMessages.theme,
    };
    this.transcriptQuery = db
      .select(said)
      .from(chatMessages)
      .where(ofChapter)
      .orderBy(asc(chatMessages.seq))
      .prepare('chat_transcript');
    this.askedQuery = db
      .selectDistinct({ questionId: chatMessages.questionId })
      .from(chatMessages)
      .where(askedOfPerson)
      .prepare('chat_asked_question_ids');
    // An answer's transcript and every question already asked to the person, in one round trip: the
    // transcript's rows (part 0, in order), then one row per question id (part 1).
    this.turnQuery = db
      .select({
        part: sql<number>`0`.as('part'),
        seq: chatMessages.seq,
        ...said,
      })
      .from(chatMessages)
      .where(ofChapter)
      .unionAll(
        db
          .selectDistinct({
            part: sql<number>`1`.as('part'),
            seq: sql<number>`0::bigint`.as('seq'),
            type: chatMessages.type,
            content: sql<string>`''`.as('content'),
            questionId: chatMessages.questionId,
            theme: sql<string | null>`null::text`.as('theme'),
          })
          .from(chatMessages)
          .where(askedOfPerson),
      )
      .orderBy(sql`1`, sql`2`)
      .prepare('chat_turn');
    // A chapter's first answer, and a key used again, look the key up first.
    this.byKeyQuery = db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, sql.placeholder('userId')),
          eq(chatMessages.idempotencyKey, sql.placeholder('key')),
        ),
      )
      .limit(1)
      .prepare('chat_message_by_key');
    this.insertUserQuery = db
      .insert(chatMessages)
      .values({
        conversationId: sql.placeholder('conversationId'),
        userId: sql.placeholder('userId'),
        type: 'user',
        content: sql.placeholder('content'),
        idempotencyKey: sql.placeholder('idempotencyKey'),
      })
      .onConflictDoNothing()
      .returning()
      .prepare('chat_insert_user_message');
    const touched = db.$with('touched').as(
      db
        .update(conversations)
        // The application's clock, as every other write of `updatedAt` (ISO text, as Drizzle sends a date).
        .set({ updatedAt: sql`${sql.placeholder('now')}::timestamptz` })
        .where(eq(conversations.id, sql.placeholder('conversationId')))
        .returning({ id: conversations.id }),
    );
    this.insertReplyQuery = db
      .with(touched)
      .insert(chatMessages)
      .values({
        conversationId: sql.placeholder('conversationId'),
        userId: sql.placeholder('userId'),
        type: 'assistant',
        content: sql.placeholder('content'),
        questionId: sql.placeholder('questionId'),
        theme: sql.placeholder('theme'),
        replyTo: sql.placeholder('replyTo'),
      })
      .onConflictDoNothing()
      .returning()
      .prepare('chat_insert_reply');
  }

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

  transcript(conversationId: string) {
    return this.transcriptQuery.execute({ conversationId });
  }

  /** The transcript with each message's id (the data export names recordings after them). */
  async transcriptWithIds(conversationId: string) {
    return this.db
      .select({ id: chatMessages.id, type: chatMessages.type, content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(asc(chatMessages.seq));
  }

  /** The chapter's transcript and every question id ever asked to the person, read together. */
  async turn(conversationId: string, userId: string) {
    const rows = await this.turnQuery.execute({ conversationId, userId });
    const transcript: TranscriptMessage[] = [];
    const askedQuestionIds: string[] = [];
    for (const { part, type, content, questionId, theme } of rows) {
      if (Number(part) === 0) transcript.push({ type, content, questionId, theme });
      else askedQuestionIds.push(questionId!);
    }
    return { transcript, askedQuestionIds };
  }

  /** Every question id ever asked to the person, in every chapter. */
  async askedQuestionIds(userId: string): Promise<string[]> {
    const rows = await this.askedQuery.execute({ userId });
    return rows.map((row) => row.questionId!);
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<MessageRow | null> {
    const [row] = await this.byKeyQuery.execute({ userId, key });
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
    const rows = await this.insertUserQuery.execute({
      conversationId,
      userId,
      content,
      idempotencyKey,
    });
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
    const rows = await this.insertReplyQuery.execute({
      conversationId,
      userId,
      content: reply.content,
      questionId: reply.questionId,
      theme: reply.theme,
      replyTo,
      now: new Date().toISOString(),
    });
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

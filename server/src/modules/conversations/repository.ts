// Database access for chapters, their summary versions, and the free-chapter counter they consume.
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chatMessages,
  circleReleases,
  conversations,
  summaryVersions,
  users,
} from '../../db/schema/index.ts';
import { currentText, currentWarnings } from './current-text.ts';

export type ConversationRow = typeof conversations.$inferSelect;

export interface ConversationView extends ConversationRow {
  summary: string | null;
  /** The shown version's warnings; [] when the list was asked without summaries. */
  summaryWarnings: string[];
  /** Whether a version follows the shown one (redo); versions are numbered 1..n without gaps. */
  hasNextVersion: boolean;
  chatCount: number;
  /** When she released it to her family circle (issue 31); null while it is private. */
  releasedAt: Date | null;
}

export interface NewMessage {
  content: string;
  questionId: string | null;
  theme: string | null;
}

export type SortBy = 'created_at' | 'updated_at';

// Versions are numbered 1..n without gaps; n is kept on the chapter row by triggers (migration 0007).
const nextVersion = sql<boolean>`${conversations.summaryCursor} < ${conversations.summaryLastVersion}`;
// Read in the same query as the chapter (the list stays one query, however many chapters).
const releasedAt =
  sql<Date | null>`(select r.released_at from circle_releases r where r.conversation_id = "conversations"."id")`.mapWith(
    circleReleases.releasedAt,
  );
const chapterThemes = sql<
  string[] | null
>`(select array_agg(distinct m.theme) from chat_messages m where m.conversation_id = "conversations"."id" and m.theme is not null)`;

function columns(withSummary: boolean) {
  return {
    id: conversations.id,
    userId: conversations.userId,
    title: conversations.title,
    keywords: conversations.keywords,
    convAuthor: conversations.convAuthor,
    summaryCursor: conversations.summaryCursor,
    createdAt: conversations.createdAt,
    updatedAt: conversations.updatedAt,
    summary: withSummary ? currentText : sql<null>`null`,
    summaryWarnings: withSummary ? currentWarnings : sql<null>`null`,
    hasNextVersion: nextVersion,
    // Kept by triggers (migration 0007): counting each chapter's messages was most of the list's work.
    chatCount: conversations.chatCount,
    releasedAt,
  };
}

type ListQuery = ReturnType<ConversationsRepository['buildList']>;

export class ConversationsRepository {
  // The chapter list is asked on every visit of the home page: each of its shapes (sort, order,
  // summaries or not) is built once and kept as a prepared query (a named statement on PostgreSQL).
  private readonly listQueries = new Map<string, ListQuery>();

  /** Asked at every answer to the biographer: built once (issue 34). */
  private readonly ownedQuery;
  private readonly earlierQuery;
  private readonly countFirstAnswerQuery;

  constructor(private readonly db: Db) {
    this.ownedQuery = db
      .select({ freeCounted: conversations.freeCounted })
      .from(conversations)
      .where(
        and(
          eq(conversations.id, sql.placeholder('id')),
          eq(conversations.userId, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare('conversations_owned');
    // Her chapters but `exceptId` (null: all of them, for a new chapter's opening).
    this.earlierQuery = db
      .select({
        title: conversations.title,
        keywords: conversations.keywords,
        summary: currentText,
        themes: chapterThemes,
      })
      .from(conversations)
      .where(
        and(
          eq(conversations.userId, sql.placeholder('userId')),
          sql`(${sql.placeholder('exceptId')}::uuid is null or ${conversations.id} <> ${sql.placeholder('exceptId')}::uuid)`,
        ),
      )
      .orderBy(asc(conversations.createdAt), asc(conversations.id))
      .prepare('conversations_earlier');
    this.countFirstAnswerQuery = this.buildCountFirstAnswer();
  }

  /**
   * One statement rather than a transaction of four: a first answer is the busiest moment of a new
   * chapter (issue 34), and 3,000 people answer their first at once; built once, it is not planned
   * again at every first answer. The chapter's row is locked (FOR UPDATE), then the person's counter
   * is raised under its own row lock, and only then is the chapter marked; a concurrent statement
   * waits on a lock and re-checks its condition on the row as the other one left it. `freeLimit`
   * null: no limit (full access).
   */
  private buildCountFirstAnswer() {
    const db = this.db;
    const chapter = db.$with('chapter').as(
      db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.id, sql.placeholder('id')),
            eq(conversations.userId, sql.placeholder('userId')),
            eq(conversations.freeCounted, false),
          ),
        )
        .for('update'),
    );
    const freeLimit = sql`${sql.placeholder('freeLimit')}::int`;
    const counted = db.$with('counted').as(
      db
        .update(users)
        .set({ chaptersCreated: sql`${users.chaptersCreated} + 1` })
        .where(
          and(
            eq(users.id, sql.placeholder('userId')),
            sql`exists (select 1 from ${chapter})`,
            sql`(${freeLimit} is null or ${users.chaptersCreated} < ${freeLimit})`,
          ),
        )
        .returning({ one: sql<number>`1` }),
    );
    const marked = db.$with('marked').as(
      db
        .update(conversations)
        .set({ freeCounted: true })
        .where(
          and(eq(conversations.id, sql.placeholder('id')), sql`exists (select 1 from ${counted})`),
        )
        .returning({ one: sql<number>`1` }),
    );
    return db
      .with(chapter, counted, marked)
      .select({
        open: sql<number>`(select count(*) from ${chapter})::int`,
        counted: sql<number>`(select count(*) from ${counted})::int`,
      })
      .from(sql`(select 1) as one`)
      .prepare('conversations_count_first_answer');
  }

  private buildList(sortBy: SortBy, ascending: boolean, withSummaries: boolean, name: string) {
    const column = sortBy === 'updated_at' ? conversations.updatedAt : conversations.createdAt;
    const order = ascending ? asc : desc;
    return this.db
      .select(columns(withSummaries))
      .from(conversations)
      .where(eq(conversations.userId, sql.placeholder('userId')))
      .orderBy(order(column), order(conversations.id))
      .offset(sql.placeholder('skip'))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  }

  private listQuery(sortBy: SortBy, ascending: boolean, withSummaries: boolean): ListQuery {
    const name = `conversations_list_${sortBy}_${ascending ? 'asc' : 'desc'}_${withSummaries ? 'full' : 'short'}`;
    let query = this.listQueries.get(name);
    if (!query) {
      query = this.buildList(sortBy, ascending, withSummaries, name);
      this.listQueries.set(name, query);
    }
    return query;
  }

  async list(
    userId: string,
    options: {
      sortBy: SortBy;
      ascending: boolean;
      withSummaries: boolean;
      skip: number;
      limit: number;
    },
  ): Promise<{ rows: ConversationView[]; count: number }> {
    const rows = await this.listQuery(
      options.sortBy,
      options.ascending,
      options.withSummaries,
    ).execute({ userId, skip: options.skip, limit: options.limit });
    // A first page that is not full is the whole list: no second query to count it.
    if (options.skip === 0 && rows.length < options.limit)
      return { rows: rows as ConversationView[], count: rows.length };
    const [total] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(conversations)
      .where(eq(conversations.userId, userId));
    return { rows: rows as ConversationView[], count: total?.count ?? 0 };
  }

  async find(userId: string, id: string): Promise<ConversationView | null> {
    const [row] = await this.db
      .select(columns(true))
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .limit(1);
    return (row as ConversationView | undefined) ?? null;
  }

  /** These chapters of this person, in any order (one query). */
  async findMany(userId: string, ids: string[]): Promise<ConversationView[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(columns(true))
      .from(conversations)
      .where(and(inArray(conversations.id, ids), eq(conversations.userId, userId)));
    return rows as ConversationView[];
  }

  /** Her chapter, with whether its free chapter was counted already (null: not hers, or none). */
  async owned(userId: string, id: string): Promise<{ freeCounted: boolean } | null> {
    const [row] = await this.ownedQuery.execute({ id, userId });
    return row ?? null;
  }

  async exists(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Creates the chapter with its opening message, all or nothing. It is not counted against the free
   * chapters yet: that happens at its first answer (`countFirstAnswer`).
   */
  async create(userId: string, convAuthor: string | null, opening: NewMessage): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [conversation] = await tx
        .insert(conversations)
        .values({ userId, convAuthor, freeCounted: false })
        .returning({ id: conversations.id });
      await tx.insert(chatMessages).values({
        conversationId: conversation!.id,
        userId,
        type: 'assistant',
        content: opening.content,
        questionId: opening.questionId,
        theme: opening.theme,
      });
      return conversation!.id;
    });
  }

  /**
   * Counts the chapter against the allowance at its first answer, once: 'counted' when it is counted
   * now, 'already' when it was before, 'quota' when no free chapter is left (`freeLimit` given; checked
   * under the row locks, so two chapters answered at once cannot both take the last one; nothing
   * changes). The statement: `buildCountFirstAnswer`.
   */
  async countFirstAnswer(
    userId: string,
    id: string,
    freeLimit: number | null,
  ): Promise<'counted' | 'already' | 'quota'> {
    const [row] = await this.countFirstAnswerQuery.execute({ id, userId, freeLimit });
    if (!row || row.open === 0) return 'already';
    return row.counted > 0 ? 'counted' : 'quota';
  }

  async update(
    userId: string,
    id: string,
    changes: { title?: string | null; convAuthor?: string | null; keywords?: string[] },
  ): Promise<boolean> {
    const rows = await this.db
      .update(conversations)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  }

  /**
   * Takes the chapter's generation lease unless another generation holds it (in any process); a lease
   * left by a crashed process ends after `ttlMs`. False when taken.
   */
  async claimGeneration(id: string, ttlMs: number): Promise<boolean> {
    const rows = await this.db
      .update(conversations)
      .set({ generatingUntil: sql`now() + ${`${ttlMs} milliseconds`}::interval` })
      .where(
        and(
          eq(conversations.id, id),
          sql`(${conversations.generatingUntil} is null or ${conversations.generatingUntil} < now())`,
        ),
      )
      .returning({ id: conversations.id });
    return rows.length > 0;
  }

  async releaseGeneration(id: string): Promise<void> {
    await this.db
      .update(conversations)
      .set({ generatingUntil: null })
      .where(eq(conversations.id, id));
  }

  /** A new version after the current one; versions after the cursor (the redo branch) go. */
  async addSummaryVersion(id: string, text: string, warnings: string[] = []): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Locks the chapter row: two edits at once get consecutive versions, not the same one.
      const [row] = await tx
        .select({ cursor: conversations.summaryCursor })
        .from(conversations)
        .where(eq(conversations.id, id))
        .for('update');
      if (!row) return;
      await tx
        .delete(summaryVersions)
        .where(
          and(eq(summaryVersions.conversationId, id), gt(summaryVersions.version, row.cursor)),
        );
      await tx
        .insert(summaryVersions)
        .values({ conversationId: id, version: row.cursor + 1, text, warnings });
      await tx
        .update(conversations)
        .set({ summaryCursor: row.cursor + 1, updatedAt: new Date() })
        .where(eq(conversations.id, id));
    });
  }

  /** Moves the cursor one step if that version exists; false when it does not. */
  async moveSummaryCursor(id: string, step: 1 | -1): Promise<boolean> {
    const target = sql`${conversations.summaryCursor} + ${step}`;
    const rows = await this.db
      .update(conversations)
      .set({ summaryCursor: target, updatedAt: new Date() })
      .where(
        and(
          eq(conversations.id, id),
          step === -1
            ? gt(conversations.summaryCursor, 1)
            : sql`exists (select 1 from summary_versions v where v.conversation_id = "conversations"."id" and v.version = "conversations"."summary_cursor" + 1)`,
        ),
      )
      .returning({ id: conversations.id });
    return rows.length > 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.db.delete(conversations).where(eq(conversations.userId, userId));
  }

  /** The person's other chapters, oldest first, with the themes their interviews touched. */
  async earlierChapters(userId: string, exceptId: string | null) {
    const rows = await this.earlierQuery.execute({ userId, exceptId });
    return rows.map((row) => ({
      title: row.title,
      summary: row.summary,
      keywords: row.keywords,
      themes: row.themes ?? [],
    }));
  }
}

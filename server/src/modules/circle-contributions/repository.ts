// Database access for what the family circle gives (issue 31): the questions members ask, the words they
// leave under a released chapter and the photos they suggest. No HTTP errors here: nulls and booleans.
// Methods that take `db` run inside the caller's transaction (the mail queued with them).
import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chapterWords,
  circleMembers,
  circleQuestions,
  circleReleases,
  conversations,
  suggestedPhotos,
  users,
} from '../../db/schema/index.ts';

export type QuestionRow = typeof circleQuestions.$inferSelect;
export type WordRow = typeof chapterWords.$inferSelect;
export type SuggestionRow = typeof suggestedPhotos.$inferSelect;

/** A question with who asked it: their name, and the relation she gave them (null once they left). */
export interface QuestionView extends QuestionRow {
  askerName: string;
  relation: string | null;
  /** Whether the chapter it was asked in is released to the circle. */
  released: boolean;
}

/** One person to tell that she answered their question. */
export interface AskerToTell {
  questionId: string;
  text: string;
  email: string;
  name: string;
  language: string;
}

/** The asker's seat in the storyteller's circle (joined or not): its relation, for her view. */
const askerSeat = and(
  eq(circleMembers.ownerId, circleQuestions.ownerId),
  eq(circleMembers.memberId, circleQuestions.askerId),
);
/** The asker's seat while they are in her circle: only their questions are asked and answered. */
const askerJoined = and(askerSeat, isNotNull(circleMembers.acceptedAt));

/** A family question waiting to be asked, with who asked it. */
export interface WaitingQuestion {
  id: string;
  text: string;
  askerName: string;
  relation: string | null;
}

/**
 * Her family's oldest question not yet asked nor declined whose asker is still in her circle: the one
 * the biographer asks next, and the one her weekly question carries (circle-news), so both agree.
 */
export async function firstWaitingQuestion(
  db: Db,
  ownerId: string,
): Promise<WaitingQuestion | null> {
  const [row] = await db
    .select({
      id: circleQuestions.id,
      text: circleQuestions.text,
      askerName: users.fullName,
      relation: circleMembers.relation,
    })
    .from(circleQuestions)
    .innerJoin(users, eq(users.id, circleQuestions.askerId))
    .innerJoin(circleMembers, askerJoined)
    .where(
      and(
        eq(circleQuestions.ownerId, ownerId),
        isNull(circleQuestions.askedAt),
        isNull(circleQuestions.declinedAt),
      ),
    )
    .orderBy(asc(circleQuestions.createdAt), asc(circleQuestions.id))
    .limit(1);
  return row ?? null;
}

/**
 * Sets `step` to now on the questions asked in this chapter that passed `after` and not `step` yet; their
 * ids. The update decides, so two callers at once never both get a row.
 */
async function stamp(
  db: Db,
  ownerId: string,
  conversationId: string,
  after: 'askedAt' | 'answeredAt',
  step: 'answeredAt' | 'askerToldAt',
): Promise<string[]> {
  const rows = await db
    .update(circleQuestions)
    .set({ [step]: new Date() })
    .where(
      and(
        eq(circleQuestions.ownerId, ownerId),
        eq(circleQuestions.conversationId, conversationId),
        isNotNull(circleQuestions[after]),
        isNull(circleQuestions[step]),
      ),
    )
    .returning({ id: circleQuestions.id });
  return rows.map((row) => row.id);
}

export class CircleContributionsRepository {
  constructor(private readonly db: Db) {}

  // ---------------------------------------------------------------- questions

  async insertQuestion(ownerId: string, askerId: string, text: string): Promise<QuestionRow> {
    const [row] = await this.db
      .insert(circleQuestions)
      .values({ ownerId, askerId, text })
      .returning();
    return row!;
  }

  /** Her questions (all of them, oldest first) or one member's, with who asked. */
  async questions(ownerId: string, askerId?: string): Promise<QuestionView[]> {
    const rows = await this.db
      .select({
        question: circleQuestions,
        askerName: users.fullName,
        relation: circleMembers.relation,
        releasedAt: circleReleases.releasedAt,
      })
      .from(circleQuestions)
      .innerJoin(users, eq(users.id, circleQuestions.askerId))
      .leftJoin(circleMembers, askerSeat)
      .leftJoin(
        circleReleases,
        and(
          eq(circleReleases.conversationId, circleQuestions.conversationId),
          eq(circleReleases.ownerId, circleQuestions.ownerId),
        ),
      )
      .where(
        and(
          eq(circleQuestions.ownerId, ownerId),
          askerId ? eq(circleQuestions.askerId, askerId) : undefined,
        ),
      )
      .orderBy(asc(circleQuestions.createdAt), asc(circleQuestions.id));
    return rows.map((row) => ({
      ...row.question,
      askerName: row.askerName,
      relation: row.relation,
      released: row.releasedAt !== null,
    }));
  }

  /** She sets a question aside (again is the same); false when it is not one of hers. */
  async decline(ownerId: string, id: string): Promise<boolean> {
    const [existing] = await this.db
      .select({ declinedAt: circleQuestions.declinedAt })
      .from(circleQuestions)
      .where(and(eq(circleQuestions.id, id), eq(circleQuestions.ownerId, ownerId)))
      .limit(1);
    if (!existing) return false;
    if (!existing.declinedAt)
      await this.db
        .update(circleQuestions)
        .set({ declinedAt: new Date() })
        .where(and(eq(circleQuestions.id, id), isNull(circleQuestions.declinedAt)));
    return true;
  }

  /**
   * The oldest question not yet asked nor declined whose asker is still in her circle, with the asker's
   * name and the relation she gave them.
   */
  waiting(ownerId: string): Promise<WaitingQuestion | null> {
    return firstWaitingQuestion(this.db, ownerId);
  }

  /** Marks the question asked in this chapter (a question is asked once: a second chapter changes nothing). */
  async markAsked(ownerId: string, id: string, conversationId: string): Promise<void> {
    await this.db
      .update(circleQuestions)
      .set({ conversationId, askedAt: new Date() })
      .where(
        and(
          eq(circleQuestions.id, id),
          eq(circleQuestions.ownerId, ownerId),
          isNull(circleQuestions.askedAt),
        ),
      );
  }

  /** Marks answered the questions asked in this chapter and not answered yet; their ids. */
  async markAnswered(db: Db, ownerId: string, conversationId: string): Promise<string[]> {
    return stamp(db, ownerId, conversationId, 'askedAt', 'answeredAt');
  }

  /**
   * Marks told the askers of the answered questions of this chapter not told yet, and returns those still in
   * her circle (one who left is not written to). Only one caller gets each row: the update decides.
   */
  async markTold(db: Db, ownerId: string, conversationId: string): Promise<AskerToTell[]> {
    const told = await stamp(db, ownerId, conversationId, 'answeredAt', 'askerToldAt');
    return this.askersOf(db, ownerId, told);
  }

  /** The askers of these questions who still hold a seat in her circle. */
  async askersOf(db: Db, ownerId: string, questionIds: string[]): Promise<AskerToTell[]> {
    if (questionIds.length === 0) return [];
    return db
      .select({
        questionId: circleQuestions.id,
        text: circleQuestions.text,
        email: users.email,
        name: users.fullName,
        language: users.currentLanguage,
      })
      .from(circleQuestions)
      .innerJoin(users, eq(users.id, circleQuestions.askerId))
      .innerJoin(circleMembers, askerJoined)
      .where(and(eq(circleQuestions.ownerId, ownerId), inArray(circleQuestions.id, questionIds)))
      .orderBy(asc(circleQuestions.createdAt));
  }

  async isReleased(db: Db, conversationId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: circleReleases.conversationId })
      .from(circleReleases)
      .where(eq(circleReleases.conversationId, conversationId))
      .limit(1);
    return row !== undefined;
  }

  async nameOf(db: Db, userId: string): Promise<string> {
    const [row] = await db
      .select({ fullName: users.fullName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.fullName ?? '';
  }

  // ---------------------------------------------------------------- words

  async insertWord(conversationId: string, authorId: string, text: string) {
    const [row] = await this.db
      .insert(chapterWords)
      .values({ conversationId, authorId, text })
      .returning();
    return { ...row!, authorName: await this.nameOf(this.db, authorId) };
  }

  /** The words under a chapter, oldest first, with their authors' names; hidden ones only when asked. */
  async words(conversationId: string, options: { withHidden: boolean }) {
    const rows = await this.db
      .select({ word: chapterWords, authorName: users.fullName })
      .from(chapterWords)
      .innerJoin(users, eq(users.id, chapterWords.authorId))
      .where(
        and(
          eq(chapterWords.conversationId, conversationId),
          options.withHidden ? undefined : isNull(chapterWords.hiddenAt),
        ),
      )
      .orderBy(asc(chapterWords.createdAt), asc(chapterWords.id));
    return rows.map((row) => ({ ...row.word, authorName: row.authorName }));
  }

  /**
   * The words she chose to print under these chapters of hers and did not hide, oldest first, with their
   * author's name and the relation she gave them (null once they left her circle): what her book prints
   * (books/service.ts). Whether the chapter is still released does not matter: printing is her choice.
   */
  async printedWords(storytellerId: string, conversationIds: string[]) {
    if (conversationIds.length === 0) return [];
    return this.db
      .select({
        conversationId: chapterWords.conversationId,
        text: chapterWords.text,
        authorName: users.fullName,
        relation: circleMembers.relation,
      })
      .from(chapterWords)
      .innerJoin(
        conversations,
        and(
          eq(conversations.id, chapterWords.conversationId),
          eq(conversations.userId, storytellerId),
        ),
      )
      .innerJoin(users, eq(users.id, chapterWords.authorId))
      .leftJoin(
        circleMembers,
        and(
          eq(circleMembers.ownerId, storytellerId),
          eq(circleMembers.memberId, chapterWords.authorId),
        ),
      )
      .where(
        and(
          inArray(chapterWords.conversationId, conversationIds),
          eq(chapterWords.printed, true),
          isNull(chapterWords.hiddenAt),
        ),
      )
      .orderBy(asc(chapterWords.createdAt), asc(chapterWords.id));
  }

  async deleteOwnWord(conversationId: string, wordId: string, authorId: string): Promise<boolean> {
    const rows = await this.db
      .delete(chapterWords)
      .where(
        and(
          eq(chapterWords.id, wordId),
          eq(chapterWords.conversationId, conversationId),
          eq(chapterWords.authorId, authorId),
        ),
      )
      .returning({ id: chapterWords.id });
    return rows.length > 0;
  }

  async updateWord(
    conversationId: string,
    wordId: string,
    changes: { hidden?: boolean; printed?: boolean },
  ) {
    const [current] = await this.db
      .select({ hiddenAt: chapterWords.hiddenAt })
      .from(chapterWords)
      .where(and(eq(chapterWords.id, wordId), eq(chapterWords.conversationId, conversationId)))
      .limit(1);
    if (!current) return null;
    const set: { hiddenAt?: Date | null; printed?: boolean } = {};
    // Hiding again keeps the first date.
    if (changes.hidden !== undefined)
      set.hiddenAt = changes.hidden ? (current.hiddenAt ?? new Date()) : null;
    if (changes.printed !== undefined) set.printed = changes.printed;
    const [row] = await this.db
      .update(chapterWords)
      .set(set)
      .where(eq(chapterWords.id, wordId))
      .returning();
    return row ? { ...row, authorName: await this.nameOf(this.db, row.authorId) } : null;
  }

  // ---------------------------------------------------------------- suggested photos

  async insertSuggestion(row: typeof suggestedPhotos.$inferInsert): Promise<SuggestionRow> {
    const [inserted] = await this.db.insert(suggestedPhotos).values(row).returning();
    return inserted!;
  }

  async pendingCount(conversationId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(suggestedPhotos)
      .where(eq(suggestedPhotos.conversationId, conversationId));
    return row?.n ?? 0;
  }

  async suggestions(conversationId: string) {
    const rows = await this.db
      .select({ photo: suggestedPhotos, contributorName: users.fullName })
      .from(suggestedPhotos)
      .innerJoin(users, eq(users.id, suggestedPhotos.contributorId))
      .where(eq(suggestedPhotos.conversationId, conversationId))
      .orderBy(asc(suggestedPhotos.createdAt), asc(suggestedPhotos.id));
    return rows.map((row) => ({ ...row.photo, contributorName: row.contributorName }));
  }

  /** Takes the suggestion out (whoever deletes it decides what becomes of it); null when not there. */
  async takeSuggestion(conversationId: string, id: string): Promise<SuggestionRow | null> {
    const [row] = await this.db
      .delete(suggestedPhotos)
      .where(and(eq(suggestedPhotos.id, id), eq(suggestedPhotos.conversationId, conversationId)))
      .returning();
    return row ?? null;
  }

  /** Puts back a suggestion taken out when accepting it failed (a full chapter). */
  async restoreSuggestion(row: SuggestionRow): Promise<void> {
    await this.db.insert(suggestedPhotos).values(row).onConflictDoNothing();
  }

  /** Every photo this person suggested and that is still waiting, in any circle. */
  async suggestionsBy(contributorId: string): Promise<SuggestionRow[]> {
    return this.db
      .select()
      .from(suggestedPhotos)
      .where(eq(suggestedPhotos.contributorId, contributorId));
  }

  async deleteSuggestionsBy(contributorId: string): Promise<void> {
    await this.db.delete(suggestedPhotos).where(eq(suggestedPhotos.contributorId, contributorId));
  }
}

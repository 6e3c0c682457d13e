// The rows of the news and the weekly question: push subscriptions, her rhythm, and what the two jobs
// read of the circle (members, releases) and of her chats (her family's waiting question is the contributions module's). Every method takes the database or
// the job's transaction.
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, conversations, users } from '../../db/schema/index.ts';
import { currentText } from '../conversations/current-text.ts';
import {
  circleMembers,
  circleReleases,
  pushSubscriptions,
  storyRhythms,
} from '../../db/schema/circle.ts';

export type RhythmRow = typeof storyRhythms.$inferSelect;
export type MemberRow = typeof circleMembers.$inferSelect;

export class CircleNewsRepository {
  constructor(private readonly db: Db) {}

  // ---------------------------------------------------------------- push subscriptions

  /** One row per endpoint: a browser subscribed again (or by another person) takes the row over. */
  async upsertSubscription(
    userId: string,
    subscription: { endpoint: string; p256dh: string; auth: string },
  ): Promise<void> {
    await this.db
      .insert(pushSubscriptions)
      .values({ userId, ...subscription })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          createdAt: sql`now()`,
        },
      });
  }

  async deleteSubscription(userId: string, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async findSubscription(userId: string, endpoint: string) {
    const [row] = await this.db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    return row ?? null;
  }

  async subscriptionsOf(userId: string, db: Db = this.db) {
    return db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
  }

  // ---------------------------------------------------------------- her rhythm

  async rhythmOf(userId: string): Promise<RhythmRow | null> {
    const [row] = await this.db.select().from(storyRhythms).where(eq(storyRhythms.userId, userId));
    return row ?? null;
  }

  async putRhythm(
    userId: string,
    rhythm: { weekday: number; byEmail: boolean; byPush: boolean },
  ): Promise<RhythmRow> {
    const [row] = await this.db
      .insert(storyRhythms)
      .values({ userId, ...rhythm })
      .onConflictDoUpdate({ target: storyRhythms.userId, set: rhythm })
      .returning();
    return row;
  }

  async deleteRhythm(userId: string): Promise<void> {
    await this.db.delete(storyRhythms).where(eq(storyRhythms.userId, userId));
  }

  /** The rhythms of this weekday not sent since `sentBefore`. */
  async rhythmsDue(weekday: number, sentBefore: Date): Promise<string[]> {
    const rows = await this.db
      .select({ userId: storyRhythms.userId })
      .from(storyRhythms)
      .where(
        and(
          eq(storyRhythms.weekday, weekday),
          or(eq(storyRhythms.byEmail, true), eq(storyRhythms.byPush, true)),
          or(isNull(storyRhythms.lastSentAt), lt(storyRhythms.lastSentAt, sentBefore)),
        ),
      );
    return rows.map((r) => r.userId);
  }

  /** Her rhythm locked for this transaction (two workers never send the same week's question). */
  async lockRhythm(tx: Db, userId: string): Promise<RhythmRow | null> {
    const [row] = await tx
      .select()
      .from(storyRhythms)
      .where(eq(storyRhythms.userId, userId))
      .for('update');
    return row ?? null;
  }

  async markRhythmSent(tx: Db, userId: string, at: Date): Promise<void> {
    await tx.update(storyRhythms).set({ lastSentAt: at }).where(eq(storyRhythms.userId, userId));
  }

  /** When she last answered the biographer (her own messages), or null. */
  async lastStoryAt(tx: Db, userId: string): Promise<Date | null> {
    const [row] = await tx
      .select({ at: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), eq(chatMessages.type, 'user')))
      .orderBy(desc(chatMessages.createdAt))
      .limit(1);
    return row?.at ?? null;
  }

  /** The bank questions the biographer already asked her. */
  async askedQuestionIds(tx: Db, userId: string): Promise<Set<string>> {
    const rows = await tx
      .selectDistinct({ id: chatMessages.questionId })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, userId),
          eq(chatMessages.type, 'assistant'),
          isNotNull(chatMessages.questionId),
        ),
      );
    return new Set(rows.map((r) => r.id!));
  }

  // ---------------------------------------------------------------- the news of the circle

  /**
   * Members who joined, want news and have a release newer than their last news: candidates of a run
   * (each is checked again under its lock).
   */
  async membersWithNews(): Promise<string[]> {
    const rows = await this.db
      .select({ id: circleMembers.id })
      .from(circleMembers)
      .where(
        and(
          isNotNull(circleMembers.acceptedAt),
          isNotNull(circleMembers.memberId),
          ne(circleMembers.notify, 'never'),
          sql`exists (select 1 from ${circleReleases} where ${circleReleases.ownerId} = ${circleMembers.ownerId} and ${circleReleases.releasedAt} > coalesce(${circleMembers.lastNewsAt}, ${circleMembers.acceptedAt}))`,
        ),
      );
    return rows.map((r) => r.id);
  }

  async lockMember(tx: Db, id: string): Promise<MemberRow | null> {
    const [row] = await tx
      .select()
      .from(circleMembers)
      .where(eq(circleMembers.id, id))
      .for('update');
    return row ?? null;
  }

  async markNewsSent(tx: Db, id: string, at: Date): Promise<void> {
    await tx.update(circleMembers).set({ lastNewsAt: at }).where(eq(circleMembers.id, id));
  }

  /** Her chapters released to the circle after `since`, oldest first, with the text shown. */
  async releasesSince(tx: Db, ownerId: string, since: Date) {
    return tx
      .select({
        id: circleReleases.conversationId,
        releasedAt: circleReleases.releasedAt,
        title: conversations.title,
        text: currentText,
      })
      .from(circleReleases)
      .innerJoin(conversations, eq(conversations.id, circleReleases.conversationId))
      .where(
        and(
          eq(circleReleases.ownerId, ownerId),
          eq(conversations.userId, ownerId),
          gt(circleReleases.releasedAt, since),
        ),
      )
      .orderBy(asc(circleReleases.releasedAt));
  }

  async usersByIds(tx: Db, ids: string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        currentLanguage: users.currentLanguage,
      })
      .from(users)
      .where(inArray(users.id, ids));
  }
}

// Database access of the family circle's core (issue 31): her members and their invitations, the
// memberships of a member, the chapters she releases, and what a member reads of them. Questions, words
// and suggested photos are written by the circle-contributions module; here they are only read.
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chapterWords,
  circleMembers,
  circleQuestions,
  circleReleases,
  conversations,
  images,
  users,
} from '../../db/schema/index.ts';
import type { CircleNotify, CircleRole } from '../../contract/circle.ts';
import { currentTextStart } from '../conversations/current-text.ts';

export type CircleMemberRow = typeof circleMembers.$inferSelect;

export interface MemberView extends CircleMemberRow {
  /** The member's own name once they joined. */
  memberName: string | null;
}

export interface InvitationView {
  seatId: string;
  ownerId: string;
  role: CircleRole;
  expiresAt: Date | null;
  acceptedAt: Date | null;
  ownerName: string;
}

export interface MembershipView {
  ownerId: string;
  ownerName: string;
  role: CircleRole;
  notify: CircleNotify;
  canMakeBook: boolean;
  acceptedAt: Date;
}

export interface ReleasedChapterView {
  id: string;
  title: string | null;
  /** The start of her current text (enough for the first lines). */
  opening: string | null;
  thumbKey: string | null;
  releasedAt: Date;
  updatedAt: Date;
}

export interface PictureView {
  id: string;
  key: string;
  thumbKey: string;
  legend: string | null;
  position: number;
  contributed: boolean;
  contributorId: string | null;
  contributorName: string | null;
}

export interface WordView {
  id: string;
  authorId: string;
  authorName: string;
  authorRelation: string | null;
  text: string;
  printed: boolean;
  createdAt: Date;
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

export class CircleRepository {
  constructor(private readonly db: Db) {}

  // ---------------------------------------------------------------- her members

  async members(ownerId: string): Promise<MemberView[]> {
    const rows = await this.db
      .select({ member: circleMembers, memberName: users.fullName })
      .from(circleMembers)
      .leftJoin(users, eq(users.id, circleMembers.memberId))
      .where(eq(circleMembers.ownerId, ownerId))
      .orderBy(asc(circleMembers.invitedAt), asc(circleMembers.id));
    return rows.map((r) => ({ ...r.member, memberName: r.memberName }));
  }

  async member(ownerId: string, id: string): Promise<MemberView | null> {
    const [row] = await this.db
      .select({ member: circleMembers, memberName: users.fullName })
      .from(circleMembers)
      .leftJoin(users, eq(users.id, circleMembers.memberId))
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.id, id)))
      .limit(1);
    return row ? { ...row.member, memberName: row.memberName } : null;
  }

  async memberByEmail(ownerId: string, email: string): Promise<MemberView | null> {
    const [row] = await this.db
      .select({ id: circleMembers.id })
      .from(circleMembers)
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.email, email)))
      .limit(1);
    return row ? this.member(ownerId, row.id) : null;
  }

  /** A new invitation; null when the address is already in her circle (nothing changed). */
  async invite(values: {
    ownerId: string;
    email: string;
    role: CircleRole;
    relation: string | null;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<string | null> {
    const [row] = await this.db
      .insert(circleMembers)
      .values({
        ownerId: values.ownerId,
        email: values.email,
        role: values.role,
        relation: values.relation,
        inviteTokenHash: values.tokenHash,
        inviteExpiresAt: values.expiresAt,
      })
      .onConflictDoNothing()
      .returning({ id: circleMembers.id });
    return row?.id ?? null;
  }

  /** A new link for a pending invitation (the old hash is replaced: the old link is dead). */
  async renewInvitation(
    ownerId: string,
    id: string,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(circleMembers)
      .set({ inviteTokenHash: tokenHash, inviteExpiresAt: expiresAt, invitedAt: new Date() })
      .where(
        and(
          eq(circleMembers.ownerId, ownerId),
          eq(circleMembers.id, id),
          isNull(circleMembers.acceptedAt),
        ),
      )
      .returning({ id: circleMembers.id });
    return rows.length > 0;
  }

  async updateMember(
    ownerId: string,
    id: string,
    changes: Partial<Pick<CircleMemberRow, 'role' | 'relation' | 'canMakeBook'>>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(circleMembers)
      .set(changes)
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.id, id)))
      .returning({ id: circleMembers.id });
    return rows.length > 0;
  }

  async removeMember(ownerId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(circleMembers)
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.id, id)))
      .returning({ id: circleMembers.id });
    return rows.length > 0;
  }

  // ---------------------------------------------------------------- invitations

  async invitation(tokenHash: string): Promise<InvitationView | null> {
    const [row] = await this.db
      .select({
        seatId: circleMembers.id,
        ownerId: circleMembers.ownerId,
        role: circleMembers.role,
        expiresAt: circleMembers.inviteExpiresAt,
        acceptedAt: circleMembers.acceptedAt,
        ownerName: users.fullName,
      })
      .from(circleMembers)
      .innerJoin(users, eq(users.id, circleMembers.ownerId))
      .where(eq(circleMembers.inviteTokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /**
   * Takes the seat behind a pending, unexpired invitation for this account, in one conditional update:
   * of two acceptances at once only one finds the row still pending. 'taken' when the update found
   * nothing; 'member' when the account already has a seat in that circle (through another address).
   */
  async accept(tokenHash: string, memberId: string): Promise<'accepted' | 'taken' | 'member'> {
    try {
      const rows = await this.db
        .update(circleMembers)
        .set({ memberId, acceptedAt: new Date() })
        .where(
          and(
            eq(circleMembers.inviteTokenHash, tokenHash),
            isNull(circleMembers.acceptedAt),
            sql`${circleMembers.inviteExpiresAt} > now()`,
          ),
        )
        .returning({ id: circleMembers.id });
      return rows.length > 0 ? 'accepted' : 'taken';
    } catch (error) {
      if (isUniqueViolation(error)) return 'member';
      throw error;
    }
  }

  // ---------------------------------------------------------------- a member's circles

  async memberships(memberId: string, ownerId?: string): Promise<MembershipView[]> {
    const rows = await this.db
      .select({
        ownerId: circleMembers.ownerId,
        ownerName: users.fullName,
        role: circleMembers.role,
        notify: circleMembers.notify,
        canMakeBook: circleMembers.canMakeBook,
        acceptedAt: circleMembers.acceptedAt,
      })
      .from(circleMembers)
      .innerJoin(users, eq(users.id, circleMembers.ownerId))
      .where(
        and(
          eq(circleMembers.memberId, memberId),
          isNotNull(circleMembers.acceptedAt),
          ownerId ? eq(circleMembers.ownerId, ownerId) : undefined,
        ),
      )
      .orderBy(asc(circleMembers.acceptedAt), asc(circleMembers.id));
    return rows.map((r) => ({ ...r, acceptedAt: r.acceptedAt! }));
  }

  async setNotify(seatId: string, notify: CircleNotify): Promise<void> {
    await this.db.update(circleMembers).set({ notify }).where(eq(circleMembers.id, seatId));
  }

  async leave(seatId: string): Promise<void> {
    await this.db.delete(circleMembers).where(eq(circleMembers.id, seatId));
  }

  // ---------------------------------------------------------------- releases

  /**
   * Releases her chapter (once: releasing again keeps the first date; `isNew` says whether this call did
   * it). Her chapter list's content version moves in the same transaction, so her kept list
   * (list-cache.ts) shows `released_at` at once.
   */
  async release(
    ownerId: string,
    conversationId: string,
  ): Promise<{ releasedAt: Date; isNew: boolean }> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(circleReleases)
        .values({ conversationId, ownerId })
        .onConflictDoNothing()
        .returning({ releasedAt: circleReleases.releasedAt });
      if (inserted[0]) {
        await tx.execute(sql`select bump_content_version(${ownerId})`);
        return { releasedAt: inserted[0].releasedAt, isNew: true };
      }
      const [row] = await tx
        .select({ releasedAt: circleReleases.releasedAt })
        .from(circleReleases)
        .where(eq(circleReleases.conversationId, conversationId))
        .limit(1);
      return { releasedAt: row!.releasedAt, isNew: false };
    });
  }

  async withdraw(ownerId: string, conversationId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(circleReleases)
        .where(
          and(
            eq(circleReleases.conversationId, conversationId),
            eq(circleReleases.ownerId, ownerId),
          ),
        )
        .returning({ id: circleReleases.conversationId });
      if (deleted.length > 0) await tx.execute(sql`select bump_content_version(${ownerId})`);
    });
  }

  // ---------------------------------------------------------------- what a member reads

  /** Her released chapters, newest release first, with the start of their text and first picture. */
  async releasedChapters(ownerId: string): Promise<ReleasedChapterView[]> {
    return this.db
      .select({
        id: conversations.id,
        title: conversations.title,
        opening: currentTextStart(600),
        thumbKey: sql<
          string | null
        >`(select i.thumb_key from images i where i.conversation_id = ${conversations.id} order by i.position limit 1)`,
        releasedAt: circleReleases.releasedAt,
        updatedAt: conversations.updatedAt,
      })
      .from(circleReleases)
      .innerJoin(conversations, eq(conversations.id, circleReleases.conversationId))
      .where(and(eq(circleReleases.ownerId, ownerId), eq(conversations.userId, ownerId)))
      .orderBy(desc(circleReleases.releasedAt), desc(conversations.id));
  }

  async releasedAt(conversationId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ releasedAt: circleReleases.releasedAt })
      .from(circleReleases)
      .where(eq(circleReleases.conversationId, conversationId))
      .limit(1);
    return row?.releasedAt ?? null;
  }

  /** A chapter's pictures in position order, with the contributor's current name for theirs. */
  async pictures(conversationId: string): Promise<PictureView[]> {
    return this.db
      .select({
        id: images.id,
        key: images.key,
        thumbKey: images.thumbKey,
        legend: images.legend,
        position: images.position,
        contributed: images.contributed,
        contributorId: images.contributorId,
        contributorName: users.fullName,
      })
      .from(images)
      .leftJoin(users, eq(users.id, images.contributorId))
      .where(eq(images.conversationId, conversationId))
      .orderBy(asc(images.position))
      .then((rows) => rows.map((r) => ({ ...r, position: r.position ?? 1 })));
  }

  /** The words under a chapter that she did not hide, oldest first, with their author's name. */
  async visibleWords(ownerId: string, conversationId: string): Promise<WordView[]> {
    return this.db
      .select({
        id: chapterWords.id,
        authorId: chapterWords.authorId,
        authorName: users.fullName,
        authorRelation: circleMembers.relation,
        text: chapterWords.text,
        printed: chapterWords.printed,
        createdAt: chapterWords.createdAt,
      })
      .from(chapterWords)
      .innerJoin(users, eq(users.id, chapterWords.authorId))
      .leftJoin(
        circleMembers,
        and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.memberId, chapterWords.authorId)),
      )
      .where(and(eq(chapterWords.conversationId, conversationId), isNull(chapterWords.hiddenAt)))
      .orderBy(asc(chapterWords.createdAt), asc(chapterWords.id));
  }

  // ---------------------------------------------------------------- her export

  async questionsFor(ownerId: string) {
    return this.db
      .select({
        text: circleQuestions.text,
        askerName: users.fullName,
        relation: circleMembers.relation,
        askedAt: circleQuestions.askedAt,
        answeredAt: circleQuestions.answeredAt,
        declinedAt: circleQuestions.declinedAt,
        createdAt: circleQuestions.createdAt,
      })
      .from(circleQuestions)
      .innerJoin(users, eq(users.id, circleQuestions.askerId))
      .leftJoin(
        circleMembers,
        and(
          eq(circleMembers.ownerId, ownerId),
          eq(circleMembers.memberId, circleQuestions.askerId),
        ),
      )
      .where(eq(circleQuestions.ownerId, ownerId))
      .orderBy(asc(circleQuestions.createdAt), asc(circleQuestions.id));
  }

  async wordsFor(ownerId: string) {
    return this.db
      .select({
        chapterTitle: conversations.title,
        conversationId: conversations.id,
        authorName: users.fullName,
        relation: circleMembers.relation,
        text: chapterWords.text,
        hidden: sql<boolean>`${chapterWords.hiddenAt} is not null`,
        createdAt: chapterWords.createdAt,
      })
      .from(chapterWords)
      .innerJoin(conversations, eq(conversations.id, chapterWords.conversationId))
      .innerJoin(users, eq(users.id, chapterWords.authorId))
      .leftJoin(
        circleMembers,
        and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.memberId, chapterWords.authorId)),
      )
      .where(eq(conversations.userId, ownerId))
      .orderBy(asc(conversations.createdAt), asc(chapterWords.createdAt), asc(chapterWords.id));
  }
}

// Who may do what in a family circle (issue 31), read from the database on every request, so that a
// member removed, or a chapter taken back, is refused at the very next request. Anything one may not
// see is answered as if it did not exist (404): a circle one is not in, a chapter not released.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { circleMembers, circleReleases, conversations } from '../../db/schema/index.ts';
import { AppError, registerErrorStatus } from '../../errors.ts';
import { registerErrorMessages } from '../../i18n/messages.ts';
import { isUuid } from '../../input.ts';
import type { CircleRole } from '../../contract/circle.ts';

// 403 is never a business rule (api.md: the app signs out on 403): a reader asking for what only a
// contributor may do is a 409.
registerErrorStatus('contributor_only', 409);
registerErrorMessages({
  contributor_only: {
    fr: 'Seuls les contributeurs de ce cercle peuvent faire cela. Demandez-le à la personne qui raconte.',
    en: 'Only the contributors of this circle can do this. Ask the storyteller.',
  },
});

export interface CircleSeat {
  /** The circle_members row. */
  seatId: string;
  ownerId: string;
  role: CircleRole;
  canMakeBook: boolean;
}

export class CircleAccess {
  constructor(private readonly db: Db) {}

  /** The member's seat in the storyteller's circle, or null (not a member, only invited, or removed). */
  async seat(ownerId: string, memberId: string): Promise<CircleSeat | null> {
    if (!isUuid(ownerId) || !isUuid(memberId) || ownerId === memberId) return null;
    const [row] = await this.db
      .select({
        seatId: circleMembers.id,
        ownerId: circleMembers.ownerId,
        role: circleMembers.role,
        canMakeBook: circleMembers.canMakeBook,
      })
      .from(circleMembers)
      .where(
        and(
          eq(circleMembers.ownerId, ownerId),
          eq(circleMembers.memberId, memberId),
          isNotNull(circleMembers.acceptedAt),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** The seat, or 404; with `role: 'contributor'`, a reader is refused too (409 `contributor_only`). */
  async requireSeat(
    ownerId: string,
    memberId: string,
    role: CircleRole = 'reader',
  ): Promise<CircleSeat> {
    const seat = await this.seat(ownerId, memberId);
    if (!seat) throw new AppError('not_found');
    if (role === 'contributor' && seat.role !== 'contributor')
      throw new AppError('contributor_only');
    return seat;
  }

  /** A chapter of the storyteller released to her circle, or 404. */
  async requireReleased(ownerId: string, conversationId: string): Promise<void> {
    if (!isUuid(conversationId)) throw new AppError('not_found');
    const [row] = await this.db
      .select({ id: circleReleases.conversationId })
      .from(circleReleases)
      .innerJoin(conversations, eq(conversations.id, circleReleases.conversationId))
      .where(
        and(
          eq(circleReleases.conversationId, conversationId),
          eq(circleReleases.ownerId, ownerId),
          eq(conversations.userId, ownerId),
        ),
      )
      .limit(1);
    if (!row) throw new AppError('not_found');
  }

  /** Her own chapter, or 404. */
  async requireOwnChapter(ownerId: string, conversationId: string): Promise<void> {
    if (!isUuid(conversationId)) throw new AppError('not_found');
    const [row] = await this.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, ownerId)))
      .limit(1);
    if (!row) throw new AppError('not_found');
  }
}

// The family circle's core (issue 31; docs/api.md « The family circle »): the storyteller invites people
// by email (a single-use link valid 14 days, only its SHA-256 stored), changes their role or removes them;
// the invited accept with whatever account they are signed in to; members list their circles, choose
// their news and leave; she releases a chapter to her circle or takes it back; members read what she
// released (her current text, her pictures credited, the words she did not hide) and nothing else.
// Every member-side call reads the seat again (CircleAccess): a removal holds from the next request.
import type { Config } from '../../config.ts';
import { hashLinkToken, newLinkToken } from '../../auth/tokens.ts';
import { AppError, registerErrorStatus } from '../../errors.ts';
import { registerErrorMessages, userLocale, type Locale } from '../../i18n/messages.ts';
import { isUuid } from '../../input.ts';
import type {
  ChapterWord,
  CircleChapter,
  CircleChapterList,
  CircleMember,
  CircleMemberList,
  CircleNotify,
  InvitationInfo,
  InviteBody,
  Membership,
  MembershipList,
  Release,
  UpdateMemberBody,
} from '../../contract/circle.ts';
import { MAX_RELATION_LENGTH } from '../../contract/circle.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import type { UserRow } from '../accounts/repository.ts';
import { EMAIL_PATTERN, normaliseEmail } from '../accounts/emails.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { ConversationsService } from '../conversations/service.ts';
import type { MailService } from '../mail/service.ts';
import { CircleAccess } from './access.ts';
import type { CircleRepository, MemberView, MembershipView, WordView } from './repository.ts';

export const INVITATION_DAYS = 14;
const DAY_MS = 86_400_000;
/** A member's list shows the start of each chapter: about this many characters, cut at a word. */
export const FIRST_LINES_LENGTH = 200;

registerErrorStatus('invitation_expired', 410);
registerErrorStatus('invitation_used', 409);
registerErrorStatus('own_circle', 409);
registerErrorStatus('already_in_circle', 409);
registerErrorMessages({
  invitation_expired: {
    fr: 'Cette invitation a expiré. Demandez à la personne qui vous a invité de vous en envoyer une nouvelle.',
    en: 'This invitation has expired. Ask the person who invited you to send a new one.',
  },
  invitation_used: {
    fr: 'Cette invitation a déjà servi. Si ce n’était pas vous, demandez une nouvelle invitation.',
    en: 'This invitation has already been used. If it was not you, ask for a new invitation.',
  },
  own_circle: {
    fr: 'C’est votre propre cercle familial : vous n’avez pas besoin d’y entrer.',
    en: 'This is your own family circle: you do not need to join it.',
  },
  already_in_circle: {
    fr: 'Cette personne fait déjà partie du cercle familial.',
    en: 'This person is already in the family circle.',
  },
});

/** « un proche », the credit of a photo whose giver's account is gone, in the storyteller's language. */
export const RELATIVE = { fr: 'un proche', en: 'a relative' } as const;

/** The start of a text, about `length` characters, cut at a word, with an ellipsis when cut. */
export function firstLines(text: string | null, length = FIRST_LINES_LENGTH): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= length) return clean;
  const cut = clean.slice(0, length + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut.slice(0, length)).replace(/[\s,;:.]+$/, '')}…`;
}

/** Called after one of her chapters is newly released to her circle. */
export type ChapterReleasedHook = (ownerId: string, conversationId: string) => Promise<void>;

export class CircleService {
  private readonly access: CircleAccess;
  private readonly releasedHooks: ChapterReleasedHook[] = [];

  constructor(
    private readonly repository: CircleRepository,
    access: CircleAccess,
    private readonly accounts: AccountsService,
    private readonly conversations: ConversationsService,
    private readonly storage: StorageProvider,
    private readonly mail: MailService,
    private readonly config: Pick<Config, 'publicUrl'>,
  ) {
    this.access = access;
  }

  // ---------------------------------------------------------------- her members

  async members(user: UserRow): Promise<CircleMemberList> {
    const rows = await this.repository.members(user.id);
    return { data: rows.map(memberWire), count: rows.length };
  }

  /** Her member or invitation of this address, if any. */
  async memberByEmail(user: UserRow, email: string): Promise<CircleMember | null> {
    const row = await this.repository.memberByEmail(user.id, normaliseEmail(email));
    return row ? memberWire(row) : null;
  }

  /**
   * Invites an address: `created` false (and no mail) when it is already in her circle. The caller counts
   * the mail against her mail limit before, and gives it back when none was sent.
   */
  async invite(
    user: UserRow,
    body: InviteBody,
  ): Promise<{ member: CircleMember; created: boolean }> {
    const email = normaliseEmail(body.email);
    if (!EMAIL_PATTERN.test(email))
      throw new AppError('validation_error', {}, { loc: ['body', 'email'] });
    const relation = cleanRelation(body.relation);
    const existing = await this.repository.memberByEmail(user.id, email);
    if (existing) return { member: memberWire(existing), created: false };
    const { token, hash } = newLinkToken();
    const id = await this.repository.invite({
      ownerId: user.id,
      email,
      role: body.role,
      relation,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
    });
    // Invited twice at once: the other call's row is the one; nothing is sent twice.
    if (!id)
      return {
        member: memberWire((await this.repository.memberByEmail(user.id, email))!),
        created: false,
      };
    await this.sendInvitation(user, email, body.role, relation, token);
    return { member: memberWire((await this.repository.member(user.id, id))!), created: true };
  }

  /** A new link for someone still invited (the previous link stops working). */
  async resend(user: UserRow, id: string): Promise<CircleMember> {
    const member = await this.ownMember(user, id);
    if (member.acceptedAt) throw new AppError('already_in_circle');
    const { token, hash } = newLinkToken();
    const renewed = await this.repository.renewInvitation(
      user.id,
      id,
      hash,
      new Date(Date.now() + INVITATION_DAYS * DAY_MS),
    );
    // Accepted (or removed) meanwhile.
    if (!renewed) throw new AppError('already_in_circle');
    await this.sendInvitation(user, member.email, member.role, member.relation, token);
    return memberWire((await this.repository.member(user.id, id))!);
  }

  async updateMember(user: UserRow, id: string, body: UpdateMemberBody): Promise<CircleMember> {
    if (body.role === undefined && body.relation === undefined && body.can_make_book === undefined)
      throw new AppError('validation_error', {}, { loc: ['body'] });
    await this.ownMember(user, id);
    const changed = await this.repository.updateMember(user.id, id, {
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.relation !== undefined ? { relation: cleanRelation(body.relation) } : {}),
      ...(body.can_make_book !== undefined ? { canMakeBook: body.can_make_book } : {}),
    });
    if (!changed) throw new AppError('not_found');
    return memberWire((await this.repository.member(user.id, id))!);
  }

  /** Removes someone (invited or member): their next request finds no seat. */
  async removeMember(user: UserRow, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.repository.removeMember(user.id, id)))
      throw new AppError('not_found');
  }

  private async ownMember(user: UserRow, id: string): Promise<MemberView> {
    const member = isUuid(id) ? await this.repository.member(user.id, id) : null;
    if (!member) throw new AppError('not_found');
    return member;
  }

  private async sendInvitation(
    owner: UserRow,
    email: string,
    role: 'reader' | 'contributor',
    relation: string | null,
    token: string,
  ): Promise<void> {
    // The invited person has no language of their own yet: hers.
    await this.mail.send(userLocale(owner), email, {
      kind: 'circle_invitation',
      link: `${this.config.publicUrl}/circle/join?token=${encodeURIComponent(token)}`,
      storyteller: owner.fullName,
      role,
      relation,
      days: INVITATION_DAYS,
    });
  }

  // ---------------------------------------------------------------- invitations

  /** What a link is, without signing in: 404 unknown (or replaced), 410 expired, 409 used. */
  async invitation(token: string): Promise<InvitationInfo> {
    const invitation = await this.pendingInvitation(token);
    return {
      storyteller_name: invitation.ownerName,
      role: invitation.role,
      expires_at: invitation.expiresAt!.toISOString(),
    };
  }

  /** Takes the seat for the signed-in account, whatever its address: the link is the proof. */
  async accept(user: UserRow, token: string): Promise<Membership> {
    const hash = hashLinkToken(token.slice(0, 200));
    const invitation = await this.repository.invitation(hash);
    if (invitation?.ownerId === user.id) throw new AppError('own_circle');
    // Accepted already by this very account (a retry, or two taps at once): the seat it has.
    if (invitation?.acceptedAt) {
      const [mine] = await this.repository.memberships(user.id, invitation.ownerId);
      if (
        mine &&
        (await this.access.seat(invitation.ownerId, user.id))?.seatId === invitation.seatId
      )
        return membershipWire(mine);
    }
    await this.pendingInvitation(token);
    const outcome = await this.repository.accept(hash, user.id);
    if (outcome === 'member') throw new AppError('already_in_circle');
    if (outcome === 'taken') {
      // Another acceptance won, or the link expired or was replaced this very moment.
      const now = await this.repository.invitation(hash);
      const seat = now ? await this.access.seat(now.ownerId, user.id) : null;
      if (now && seat?.seatId === now.seatId) {
        const [mine] = await this.repository.memberships(user.id, now.ownerId);
        if (mine) return membershipWire(mine);
      }
      await this.pendingInvitation(token);
      throw new AppError('invitation_used');
    }
    const [membership] = await this.repository.memberships(user.id, invitation!.ownerId);
    return membershipWire(membership!);
  }

  private async pendingInvitation(token: string) {
    const invitation = await this.repository.invitation(hashLinkToken(token.slice(0, 200)));
    if (!invitation) throw new AppError('not_found');
    if (invitation.acceptedAt) throw new AppError('invitation_used');
    if (!invitation.expiresAt || invitation.expiresAt.getTime() <= Date.now())
      throw new AppError('invitation_expired');
    return invitation;
  }

  // ---------------------------------------------------------------- a member's circles

  async memberships(user: UserRow): Promise<MembershipList> {
    const rows = await this.repository.memberships(user.id);
    return { data: rows.map(membershipWire), count: rows.length };
  }

  async setNotify(user: UserRow, ownerId: string, notify: CircleNotify): Promise<Membership> {
    const seat = await this.access.requireSeat(ownerId, user.id);
    await this.repository.setNotify(seat.seatId, notify);
    const [membership] = await this.repository.memberships(user.id, ownerId);
    if (!membership) throw new AppError('not_found');
    return membershipWire(membership);
  }

  async leave(user: UserRow, ownerId: string): Promise<void> {
    const seat = await this.access.requireSeat(ownerId, user.id);
    await this.repository.leave(seat.seatId);
  }

  // ---------------------------------------------------------------- releases

  /** Hooks run once a chapter is newly released (the news mails, the « question answered » link). */
  onChapterReleased(hook: ChapterReleasedHook): void {
    this.releasedHooks.push(hook);
  }

  async release(user: UserRow, conversationId: string): Promise<Release> {
    await this.access.requireOwnChapter(user.id, conversationId);
    const { releasedAt, isNew } = await this.repository.release(user.id, conversationId);
    // The release is committed: a hook that fails is logged, not turned into a failed release (releasing
    // again would not run it a second time).
    if (isNew)
      for (const hook of this.releasedHooks)
        await hook(user.id, conversationId).catch((error: unknown) =>
          console.error('[circle] a release hook failed', error),
        );
    return { released_at: releasedAt.toISOString() };
  }

  async withdraw(user: UserRow, conversationId: string): Promise<Release> {
    await this.access.requireOwnChapter(user.id, conversationId);
    await this.repository.withdraw(user.id, conversationId);
    return { released_at: null };
  }

  // ---------------------------------------------------------------- what a member reads

  async chapters(user: UserRow, ownerId: string): Promise<CircleChapterList> {
    await this.access.requireSeat(ownerId, user.id);
    const rows = await this.repository.releasedChapters(ownerId);
    const data = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        title: row.title,
        first_lines: firstLines(row.opening),
        thumbnail_url: row.thumbKey ? await this.storage.signedUrl(row.thumbKey) : null,
        released_at: row.releasedAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      })),
    );
    return { data, count: data.length };
  }

  async chapter(user: UserRow, ownerId: string, conversationId: string): Promise<CircleChapter> {
    await this.access.requireSeat(ownerId, user.id);
    await this.access.requireReleased(ownerId, conversationId);
    const [chapter] = await this.conversations.chaptersOf(ownerId, [conversationId]);
    const releasedAt = await this.repository.releasedAt(conversationId);
    if (!chapter || !releasedAt) throw new AppError('not_found');
    const owner = await this.accounts.findUser(ownerId);
    const relative = RELATIVE[owner ? userLocale(owner) : 'fr'];
    const pictures = await Promise.all(
      (await this.repository.pictures(conversationId)).map(async (p) => ({
        id: p.id,
        url: await this.storage.signedUrl(p.key),
        thumbnail_url: await this.storage.signedUrl(p.thumbKey),
        legend: p.legend,
        position: p.position,
        credit: p.contributed ? (p.contributorId && p.contributorName?.trim()) || relative : null,
      })),
    );
    const words = (await this.repository.visibleWords(ownerId, conversationId)).map((w) =>
      wordWire(w, user.id, relative),
    );
    return {
      id: chapter.id,
      title: chapter.title,
      keywords: chapter.keywords,
      text: chapter.summary ?? '',
      pictures,
      words,
      released_at: releasedAt.toISOString(),
      updated_at: chapter.updatedAt.toISOString(),
    };
  }

  // ---------------------------------------------------------------- her export

  /** The circle's questions and words as plain text in her language; null when there are none. */
  async exportText(user: UserRow): Promise<string | null> {
    const locale = userLocale(user);
    const questions = await this.repository.questionsFor(user.id);
    const words = await this.repository.wordsFor(user.id);
    if (questions.length === 0 && words.length === 0) return null;
    const t = EXPORT_TEXT[locale];
    const relative = RELATIVE[locale];
    const who = (name: string, relation: string | null) =>
      [name.trim() || relative, relation?.trim() ? `(${relation.trim()})` : null]
        .filter(Boolean)
        .join(' ');
    const lines: string[] = [t.questions, ''];
    if (questions.length === 0) lines.push(t.none, '');
    for (const q of questions) {
      const status = q.declinedAt
        ? t.declined
        : q.answeredAt
          ? t.answered
          : q.askedAt
            ? t.asked
            : t.waiting;
      lines.push(`« ${q.text} »`, `${t.askedBy(who(q.askerName, q.relation))} — ${status}`, '');
    }
    lines.push(t.words, '');
    if (words.length === 0) lines.push(t.none, '');
    for (const w of words)
      lines.push(
        `${t.chapter(w.chapterTitle?.trim() || t.untitled)} — ${who(w.authorName, w.relation)}${w.hidden ? ` (${t.hidden})` : ''}`,
        w.text,
        '',
      );
    return lines.join('\n');
  }
}

const EXPORT_TEXT: Record<
  Locale,
  {
    questions: string;
    words: string;
    none: string;
    untitled: string;
    hidden: string;
    waiting: string;
    asked: string;
    answered: string;
    declined: string;
    askedBy: (who: string) => string;
    chapter: (title: string) => string;
  }
> = {
  fr: {
    questions: 'Les questions de la famille',
    words: 'Les mots laissés sous vos chapitres',
    none: '(aucun)',
    untitled: 'Sans titre',
    hidden: 'masqué',
    waiting: 'en attente',
    asked: 'posée par le biographe',
    answered: 'répondue',
    declined: 'mise de côté',
    askedBy: (who) => `Posée par ${who}`,
    chapter: (title) => `Chapitre « ${title} »`,
  },
  en: {
    questions: 'Questions from the family',
    words: 'Words left under your chapters',
    none: '(none)',
    untitled: 'Untitled',
    hidden: 'hidden',
    waiting: 'waiting',
    asked: 'asked by the biographer',
    answered: 'answered',
    declined: 'set aside',
    askedBy: (who) => `Asked by ${who}`,
    chapter: (title) => `Chapter “${title}”`,
  },
};

function cleanRelation(relation: string | null | undefined): string | null {
  const clean = relation?.trim() ?? '';
  if (clean.length > MAX_RELATION_LENGTH)
    throw new AppError('validation_error', {}, { loc: ['body', 'relation'] });
  return clean || null;
}

function memberWire(row: MemberView): CircleMember {
  const active = row.acceptedAt !== null && row.memberId !== null;
  return {
    id: row.id,
    email: row.email,
    name: active ? row.memberName?.trim() || null : null,
    relation: row.relation,
    role: row.role,
    status: active ? 'active' : 'invited',
    invited_at: row.invitedAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    invite_expires_at: active ? null : (row.inviteExpiresAt?.toISOString() ?? null),
    can_make_book: row.canMakeBook,
  };
}

function membershipWire(row: MembershipView): Membership {
  return {
    storyteller_id: row.ownerId,
    storyteller_name: row.ownerName,
    role: row.role,
    notify: row.notify,
    can_make_book: row.canMakeBook,
    joined_at: row.acceptedAt.toISOString(),
  };
}

function wordWire(row: WordView, viewerId: string, relative: string): ChapterWord {
  return {
    id: row.id,
    // A name, never an address; the relation she gave when the member has no name.
    author_name: row.authorName.trim() || row.authorRelation?.trim() || relative,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    hidden: false,
    printed: row.printed,
    mine: row.authorId === viewerId,
  };
}

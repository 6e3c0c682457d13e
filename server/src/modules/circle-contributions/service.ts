// What the family circle gives a storyteller (issue 31): questions a contributor asks (offered by the
// biographer when a chapter opens, the asker told once she answered), words any member leaves under a
// released chapter (she hides them, chooses which are printed), and photos a contributor suggests for it
// (she accepts them into the chapter's pictures, credited, or declines them). Who may do what is read from
// the database on every request (CircleAccess): a circle one is not in, or a chapter not released, is a 404.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, registerErrorStatus } from '../../errors.ts';
import { registerErrorMessages, userLocale } from '../../i18n/messages.ts';
import { isUuid } from '../../input.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import {
  MAX_QUESTION_LENGTH,
  MAX_WORD_LENGTH,
  type ChapterWord,
  type CircleQuestion,
  type SuggestedPhoto,
  type UpdateWordBody,
} from '../../contract/circle.ts';
import type { ChapterImage } from '../../contract/images.ts';
import type { FamilyQuestion } from '../../providers/interviewer/types.ts';
import type { UserRow } from '../accounts/repository.ts';
import type { FamilyQuestionSource } from '../chat/service.ts';
import type { ImagesService, Upload } from '../images/service.ts';
import type { MailService } from '../mail/service.ts';
import { CircleAccess } from '../circle/access.ts';
import type {
  AskerToTell,
  CircleContributionsRepository,
  QuestionView,
  SuggestionRow,
} from './repository.ts';

/** Photos waiting for her answer under one chapter: more would only fill her disk before she looks. */
export const MAX_PENDING_PHOTOS_PER_CHAPTER = 20;

registerErrorStatus('too_many_suggested_photos', 409);
registerErrorMessages({
  too_many_suggested_photos: {
    fr: 'Beaucoup de photos attendent déjà sa réponse pour ce chapitre ({limit} au plus). Réessayez quand elle les aura regardées.',
    en: 'Many photos are already waiting for an answer on this chapter ({limit} at most). Try again once they have been looked at.',
  },
});

function questionStatus(row: QuestionView): CircleQuestion['status'] {
  if (row.declinedAt) return 'declined';
  if (row.answeredAt) return 'answered';
  if (row.askedAt) return 'asked';
  return 'waiting';
}

/** Trimmed text of at most `max` characters, else 422 at `loc`. */
function checkedWords(raw: string, max: number, loc: string[]): string {
  const text = raw.trim();
  if (text.length === 0 || text.length > max) throw new AppError('validation_error', {}, { loc });
  return text;
}

export class CircleContributionsService implements FamilyQuestionSource {
  private readonly access: CircleAccess;

  constructor(
    db: Db,
    private readonly repository: CircleContributionsRepository,
    private readonly images: ImagesService,
    private readonly mail: MailService,
    private readonly queue: Pick<JobQueue, 'transaction'>,
    private readonly config: Pick<Config, 'publicUrl'>,
  ) {
    this.access = new CircleAccess(db);
  }

  // ---------------------------------------------------------------- questions

  /** `POST /circles/{storytellerId}/questions`: a contributor asks. */
  async ask(member: UserRow, ownerId: string, rawText: string): Promise<CircleQuestion> {
    await this.access.requireSeat(ownerId, member.id, 'contributor');
    const text = checkedWords(rawText, MAX_QUESTION_LENGTH, ['body', 'text']);
    const row = await this.repository.insertQuestion(ownerId, member.id, text);
    const [view] = (await this.repository.questions(ownerId, member.id)).filter(
      (q) => q.id === row.id,
    );
    return this.questionWire(view!, { forMember: true });
  }

  /** `GET /circles/{storytellerId}/questions`: the member's own questions in that circle. */
  async questionsAsked(
    member: UserRow,
    ownerId: string,
  ): Promise<{ data: CircleQuestion[]; count: number }> {
    await this.access.requireSeat(ownerId, member.id);
    const rows = await this.repository.questions(ownerId, member.id);
    return {
      data: rows.map((row) => this.questionWire(row, { forMember: true })),
      count: rows.length,
    };
  }

  /** `GET /circle/questions`: every question of her circle, with who asked. */
  async questionsOf(owner: UserRow): Promise<{ data: CircleQuestion[]; count: number }> {
    const rows = await this.repository.questions(owner.id);
    return {
      data: rows.map((row) => this.questionWire(row, { forMember: false })),
      count: rows.length,
    };
  }

  /** `DELETE /circle/questions/{id}`: she sets it aside; the biographer never offers it. */
  async decline(owner: UserRow, questionId: string): Promise<void> {
    if (!isUuid(questionId) || !(await this.repository.decline(owner.id, questionId)))
      throw new AppError('not_found');
  }

  /** The chat's source: the question to offer when her next chapter opens. */
  async waiting(ownerId: string): Promise<FamilyQuestion | null> {
    const row = await this.repository.waiting(ownerId);
    if (!row) return null;
    const firstName = row.askerName.replace(/\s+/g, ' ').trim().split(' ')[0] || null;
    return { id: row.id, text: row.text, askerName: firstName, relation: row.relation };
  }

  async asked(ownerId: string, questionId: string, conversationId: string): Promise<void> {
    if (isUuid(questionId)) await this.repository.markAsked(ownerId, questionId, conversationId);
  }

  /**
   * Her first message in a chapter that asked a family question: the question is answered, and its asker
   * told in the same transaction (a mail is queued only if the mark commits, so it is never sent twice):
   * with the link when the chapter is released, else that she will share it when she chooses.
   */
  async answered(ownerId: string, conversationId: string): Promise<void> {
    await this.queue.transaction(async (tx) => {
      const ids = await this.repository.markAnswered(tx, ownerId, conversationId);
      if (ids.length === 0) return;
      const released = await this.repository.isReleased(tx, conversationId);
      const askers = released
        ? await this.repository.markTold(tx, ownerId, conversationId)
        : await this.repository.askersOf(tx, ownerId, ids);
      await this.tell(tx, ownerId, conversationId, askers, released);
    });
  }

  /**
   * To be called when she releases a chapter to her circle: the askers of the questions she answered in it
   * and who were not given its link yet get it now (once: `asker_told_at`).
   */
  async chapterReleased(ownerId: string, conversationId: string): Promise<void> {
    await this.queue.transaction(async (tx) => {
      const askers = await this.repository.markTold(tx, ownerId, conversationId);
      await this.tell(tx, ownerId, conversationId, askers, true);
    });
  }

  private async tell(
    tx: Db,
    ownerId: string,
    conversationId: string,
    askers: AskerToTell[],
    released: boolean,
  ): Promise<void> {
    if (askers.length === 0) return;
    const storyteller = await this.repository.nameOf(tx, ownerId);
    const link = released
      ? `${this.config.publicUrl}/circles/${ownerId}/chapters/${conversationId}`
      : null;
    for (const asker of askers)
      await this.mail.send(
        userLocale({ currentLanguage: asker.language }),
        asker.email,
        {
          kind: 'circle_question_answered',
          name: asker.name,
          storyteller,
          question: asker.text,
          link,
        },
        { within: tx },
      );
  }

  private questionWire(row: QuestionView, options: { forMember: boolean }): CircleQuestion {
    return {
      id: row.id,
      text: row.text,
      asker_name: row.askerName,
      relation: row.relation,
      status: questionStatus(row),
      // A member learns which chapter only once it is released to them.
      conversation_id: options.forMember && !row.released ? null : row.conversationId,
      created_at: row.createdAt.toISOString(),
    };
  }

  // ---------------------------------------------------------------- words

  /** `POST /circles/{storytellerId}/chapters/{id}/words`: any member, under a released chapter. */
  async writeWord(
    member: UserRow,
    ownerId: string,
    conversationId: string,
    rawText: string,
  ): Promise<ChapterWord> {
    await this.access.requireSeat(ownerId, member.id);
    await this.access.requireReleased(ownerId, conversationId);
    const text = checkedWords(rawText, MAX_WORD_LENGTH, ['body', 'text']);
    return this.wordWire(
      await this.repository.insertWord(conversationId, member.id, text),
      member.id,
    );
  }

  /** `DELETE /circles/{storytellerId}/chapters/{id}/words/{wordId}`: a member's own word; another's is a 404. */
  async deleteWord(
    member: UserRow,
    ownerId: string,
    conversationId: string,
    wordId: string,
  ): Promise<void> {
    await this.access.requireSeat(ownerId, member.id);
    await this.access.requireReleased(ownerId, conversationId);
    if (
      !isUuid(wordId) ||
      !(await this.repository.deleteOwnWord(conversationId, wordId, member.id))
    )
      throw new AppError('not_found');
  }

  /**
   * The words a member sees under a released chapter (not the hidden ones), for the member's reading of
   * the chapter (the circle module). The caller has checked the seat and the release.
   */
  async visibleWords(conversationId: string, viewerId: string): Promise<ChapterWord[]> {
    const rows = await this.repository.words(conversationId, { withHidden: false });
    return rows.map((row) => this.wordWire(row, viewerId));
  }

  /** `GET /conversations/{id}/words`: every word under her chapter, hidden ones too. */
  async wordsOf(
    owner: UserRow,
    conversationId: string,
  ): Promise<{ data: ChapterWord[]; count: number }> {
    await this.access.requireOwnChapter(owner.id, conversationId);
    const rows = await this.repository.words(conversationId, { withHidden: true });
    return { data: rows.map((row) => this.wordWire(row, owner.id)), count: rows.length };
  }

  /** `PATCH /conversations/{id}/words/{wordId}`: she hides or shows it, and chooses whether it is printed. */
  async updateWord(
    owner: UserRow,
    conversationId: string,
    wordId: string,
    body: UpdateWordBody,
  ): Promise<ChapterWord> {
    if (body.hidden === undefined && body.printed === undefined)
      throw new AppError('validation_error', {}, { loc: ['body'] });
    await this.access.requireOwnChapter(owner.id, conversationId);
    const row = isUuid(wordId)
      ? await this.repository.updateWord(conversationId, wordId, body)
      : null;
    if (!row) throw new AppError('not_found');
    return this.wordWire(row, owner.id);
  }

  private wordWire(
    row: {
      id: string;
      authorId: string;
      authorName: string;
      text: string;
      createdAt: Date;
      hiddenAt: Date | null;
      printed: boolean;
    },
    viewerId: string,
  ): ChapterWord {
    return {
      id: row.id,
      author_name: row.authorName,
      text: row.text,
      created_at: row.createdAt.toISOString(),
      hidden: row.hiddenAt !== null,
      printed: row.printed,
      mine: row.authorId === viewerId,
    };
  }

  // ---------------------------------------------------------------- suggested photos

  /** Whether this member may suggest a photo for that chapter now (checked before the upload is read). */
  async assertCanSuggest(member: UserRow, ownerId: string, conversationId: string): Promise<void> {
    await this.access.requireSeat(ownerId, member.id, 'contributor');
    await this.access.requireReleased(ownerId, conversationId);
    if ((await this.repository.pendingCount(conversationId)) >= MAX_PENDING_PHOTOS_PER_CHAPTER)
      throw new AppError('too_many_suggested_photos', { limit: MAX_PENDING_PHOTOS_PER_CHAPTER });
  }

  /** `POST /circles/{storytellerId}/chapters/{id}/photos`: a contributor suggests a photo. */
  async suggestPhoto(
    member: UserRow,
    ownerId: string,
    conversationId: string,
    upload: Upload,
  ): Promise<SuggestedPhoto> {
    await this.assertCanSuggest(member, ownerId, conversationId);
    const file = await this.images.prepareContribution(ownerId, conversationId, member.id, upload);
    let row: SuggestionRow;
    try {
      row = await this.repository.insertSuggestion({
        ...file,
        conversationId,
        contributorId: member.id,
      });
    } catch (error) {
      await this.images.discardContribution(file);
      throw error;
    }
    return this.photoWire({ ...row, contributorName: member.fullName });
  }

  /** `GET /conversations/{id}/suggested-photos`: the photos waiting for her answer. */
  async suggestionsOf(
    owner: UserRow,
    conversationId: string,
  ): Promise<{ data: SuggestedPhoto[]; count: number }> {
    await this.access.requireOwnChapter(owner.id, conversationId);
    const rows = await this.repository.suggestions(conversationId);
    return { data: await Promise.all(rows.map((row) => this.photoWire(row))), count: rows.length };
  }

  /**
   * `POST /conversations/{id}/suggested-photos/{photoId}/accept`: the photo becomes the chapter's next
   * picture, credited to its contributor; a full chapter is a 409 and the suggestion stays.
   */
  async acceptPhoto(
    owner: UserRow,
    conversationId: string,
    photoId: string,
  ): Promise<ChapterImage> {
    await this.access.requireOwnChapter(owner.id, conversationId);
    const row = isUuid(photoId)
      ? await this.repository.takeSuggestion(conversationId, photoId)
      : null;
    if (!row) throw new AppError('not_found');
    try {
      return await this.images.adoptContribution(owner.id, conversationId, row, row.contributorId);
    } catch (error) {
      await this.repository.restoreSuggestion(row);
      throw error;
    }
  }

  /** `DELETE /conversations/{id}/suggested-photos/{photoId}`: she declines it; its files go. */
  async declinePhoto(owner: UserRow, conversationId: string, photoId: string): Promise<void> {
    await this.access.requireOwnChapter(owner.id, conversationId);
    const row = isUuid(photoId)
      ? await this.repository.takeSuggestion(conversationId, photoId)
      : null;
    if (!row) throw new AppError('not_found');
    await this.images.discardContribution(row);
  }

  /**
   * Account deletion of a member: the files of the photos they suggested and she has not answered go (the
   * rows would go with the account, the files would not). Accepted ones are her chapter's and stay.
   */
  async deleteAllOf(userId: string): Promise<void> {
    const pending = await this.repository.suggestionsBy(userId);
    for (const row of pending) await this.images.discardContribution(row);
    await this.repository.deleteSuggestionsBy(userId);
  }

  private async photoWire(
    row: SuggestionRow & { contributorName: string },
  ): Promise<SuggestedPhoto> {
    return {
      id: row.id,
      ...(await this.images.signedLinks(row)),
      legend: row.legend,
      contributor_name: row.contributorName,
      created_at: row.createdAt.toISOString(),
    };
  }
}

// Chapters: the free-chapter quota, creation with the interviewer's opening, the list, edits, the summary's
// versions (undo/redo) and deletion of everything a chapter owns.
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type {
  Conversation,
  ConversationImageWire,
  SummaryAction,
  UpdateConversationBody,
} from '../../contract/conversations.ts';
import type { UserRow } from '../accounts/repository.ts';
import { isUuid } from '../../input.ts';
import type { ChatService } from '../chat/service.ts';
import type { ConversationsRepository, ConversationView, SortBy } from './repository.ts';

/** Whether a person has full access (subscription, pack, gift); the premium module provides it. */
export type FullAccessCheck = (userId: string) => Promise<boolean>;

/** The images of chapters, by chapter id, in position order; the images module provides it. */
export type ImageSource = (
  conversationIds: string[],
) => Promise<Map<string, ConversationImageWire[]>>;

/** Called after a chapter's rows are gone, to remove what it owned elsewhere (files of its images…). */
export type ChapterDeletedHook = (userId: string, conversationId: string) => Promise<void>;

export interface ListOptions {
  sortBy: SortBy;
  sortOrder: 'ascending' | 'descending';
  includeSummaries: boolean;
  skip: number;
  limit: number;
}

function allowedActions(row: ConversationView): SummaryAction[] {
  const actions: SummaryAction[] = [];
  if (row.summaryCursor > 1) actions.push('undo');
  if (row.hasNextVersion) actions.push('redo');
  return actions;
}

export function toWire(row: ConversationView, images: ConversationImageWire[] = []): Conversation {
  return {
    id: row.id,
    title_infos: { title: row.title },
    keywords_infos: { keywords: row.keywords },
    summary_infos: {
      summary: row.summary,
      allowed_actions: allowedActions(row),
      warnings: row.summaryWarnings ?? [],
    },
    images,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    conv_author: row.convAuthor,
    chat_count: row.chatCount,
    released_at: row.releasedAt ? row.releasedAt.toISOString() : null,
  };
}

export class ConversationsService {
  private fullAccess: FullAccessCheck = async () => false;
  private imageSource: ImageSource = async () => new Map();
  private imageUrlPeriod: () => string | null = () => 'none';
  private readonly chapterDeletedHooks: ChapterDeletedHook[] = [];

  constructor(
    private readonly repository: ConversationsRepository,
    private readonly chat: ChatService,
    private readonly config: Pick<Config, 'freeChapters'>,
  ) {
    chat.setFirstAnswerCheck((user, conversationId) => this.countFirstAnswer(user, conversationId));
  }

  /** Set by the premium module once it exists; until then nobody has full access. */
  setFullAccessCheck(check: FullAccessCheck): void {
    this.fullAccess = check;
  }

  /**
   * Set by the images module: the `images` of every chapter answered, and the period during which their
   * signed URLs stay the same (null: they may change at any time).
   */
  setImageSource(source: ImageSource, urlPeriod: () => string | null): void {
    this.imageSource = source;
    this.imageUrlPeriod = urlPeriod;
  }

  /** The period during which a list's answer stays the same if the person's rows do (list-cache.ts). */
  listPeriod(): string | null {
    return this.imageUrlPeriod();
  }

  /** Hooks run after a chapter is deleted (its rows are gone by then; cascade). */
  onChapterDeleted(hook: ChapterDeletedHook): void {
    this.chapterDeletedHooks.push(hook);
  }

  /** Whether the person has full access (premium); false until the premium module sets the check. */
  hasFullAccess(userId: string): Promise<boolean> {
    return this.fullAccess(userId);
  }

  /**
   * A new chapter with the biographer's opening; `questionId` (a bank question, the weekly question's
   * link) is the question it opens on when the chat can ask it (ChatService.opening), else it is ignored.
   */
  async create(
    user: UserRow,
    rawAuthor: string | undefined,
    questionId?: string,
  ): Promise<Conversation> {
    const author = rawAuthor?.trim() || null;
    // Multi-user accounts tell whose chapter it is (spec §4: the author is asked before creating).
    if (user.accountType === 'multi-users' && !author)
      throw new AppError('validation_error', {}, { loc: ['querystring', 'conv_author'] });
    const unlimited = await this.fullAccess(user.id);
    const freeLimit = unlimited ? null : this.config.freeChapters;
    // Nobody without a free chapter left starts one (the first answer checks again, under a row lock).
    if (freeLimit !== null && user.chaptersCreated >= freeLimit)
      throw new AppError('quota_exceeded');
    const opening = await this.chat.opening(user, questionId);
    // Not counted yet: a chapter costs a free one at its first answer (countFirstAnswer).
    const id = await this.repository.create(user.id, author, opening);
    await this.chat.opened(user, id, opening);
    return this.get(user, id);
  }

  /**
   * Called by the chat before a chapter's first answer is stored: the chapter is counted against the
   * free chapters now, once; 402 quota_exceeded when none is left (nothing is stored then).
   */
  async countFirstAnswer(user: UserRow, conversationId: string): Promise<void> {
    // Within the free chapters nobody's access needs reading; past them, full access counts without limit.
    let outcome = await this.repository.countFirstAnswer(
      user.id,
      conversationId,
      this.config.freeChapters,
    );
    if (outcome === 'quota' && (await this.fullAccess(user.id)))
      outcome = await this.repository.countFirstAnswer(user.id, conversationId, null);
    if (outcome === 'quota') throw new AppError('quota_exceeded');
  }

  async list(
    user: UserRow,
    options: ListOptions,
  ): Promise<{ data: Conversation[]; count: number }> {
    const { rows, count } = await this.repository.list(user.id, {
      sortBy: options.sortBy,
      ascending: options.sortOrder === 'ascending',
      withSummaries: options.includeSummaries,
      skip: options.skip,
      limit: options.limit,
    });
    const images = await this.imageSource(rows.map((row) => row.id));
    return { data: rows.map((row) => toWire(row, images.get(row.id))), count };
  }

  async get(user: UserRow, id: string): Promise<Conversation> {
    const row = await this.find(user, id);
    const images = await this.imageSource([row.id]);
    return toWire(row, images.get(row.id));
  }

  /** Every chapter of this person with its current text, oldest first (the data export). */
  async allChaptersOf(userId: string): Promise<ConversationView[]> {
    const { rows } = await this.repository.list(userId, {
      sortBy: 'created_at',
      ascending: true,
      withSummaries: true,
      skip: 0,
      limit: 100_000,
    });
    return rows;
  }

  /** These chapters of this person, with their current text, in the order asked; others are left out. */
  async chaptersOf(userId: string, ids: string[]): Promise<ConversationView[]> {
    const rows = await this.repository.findMany(userId, ids.filter(isUuid));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async update(user: UserRow, id: string, body: UpdateConversationBody): Promise<Conversation> {
    if (body.title === undefined && body.conv_author === undefined && body.summary === undefined)
      throw new AppError('validation_error', {}, { loc: ['body'] });
    await this.find(user, id);
    const changes: { title?: string | null; convAuthor?: string | null } = {};
    if (body.title !== undefined) changes.title = body.title.trim() || null;
    if (body.conv_author !== undefined) {
      const author = body.conv_author.trim() || null;
      if (!author && user.accountType === 'multi-users')
        throw new AppError('validation_error', {}, { loc: ['body', 'conv_author'] });
      changes.convAuthor = author;
    }
    if (changes.title !== undefined || changes.convAuthor !== undefined)
      await this.repository.update(user.id, id, changes);
    if (body.summary !== undefined)
      await this.repository.addSummaryVersion(id, body.summary.trim());
    return this.get(user, id);
  }

  async moveSummary(user: UserRow, id: string, action: SummaryAction): Promise<Conversation> {
    await this.find(user, id);
    const moved = await this.repository.moveSummaryCursor(id, action === 'undo' ? -1 : 1);
    if (!moved) throw new AppError(action === 'undo' ? 'undo_not_allowed' : 'redo_not_allowed');
    return this.get(user, id);
  }

  async delete(user: UserRow, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.repository.delete(user.id, id)))
      throw new AppError('not_found');
    // Rows went with the chapter (cascade); its files go now.
    await this.chat.deleteChapterFiles(user.id, id);
    for (const hook of this.chapterDeletedHooks) await hook(user.id, id);
  }

  /** The account-deletion hook: every chapter, message, version and file of the person. */
  async deleteAllOf(userId: string): Promise<void> {
    await this.repository.deleteAllOf(userId);
    await this.chat.deleteFilesOf(userId);
  }

  private async find(user: UserRow, id: string): Promise<ConversationView> {
    const row = isUuid(id) ? await this.repository.find(user.id, id) : null;
    if (!row) throw new AppError('not_found');
    return row;
  }
}

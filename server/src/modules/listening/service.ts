// A chapter's listening page (issue 20): the public page a printed book's voice code opens. It plays the
// chapter's recorded answers, each under the question it answered, and nothing else of the person. One link
// per chapter, made when a book with voice codes is typeset (or asked by the owner), revoked by the owner:
// a printed code then opens a plain « no longer available » page. The token is derived from the row and
// the server's secret (HMAC) and only its SHA-256 is stored, as for shared chapters; the sound is served
// through the page's own address, never by an expiring signed link, since a book is kept for years.
import { and, eq } from 'drizzle-orm';
import { derivedLinkToken, hashLinkToken } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { ListenLink } from '../../contract/listening.ts';
import type { Db } from '../../db/client.ts';
import { chapterListenLinks, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { pickLocale } from '../../i18n/messages.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import type { UserRow } from '../accounts/repository.ts';
import { isUuid } from '../../input.ts';
import type { ConversationsService } from '../conversations/service.ts';
import type { RecordingFile, RecordingsService } from '../recordings/service.ts';

export interface ListeningAnswer {
  /** The interviewer's question this answer followed; null for an answer with none before it. */
  question: string | null;
  mimeType: string;
  durationMs: number | null;
}

export interface ListeningPage {
  title: string;
  author: string | null;
  language: 'fr' | 'en';
  answers: ListeningAnswer[];
}

export class ListeningService {
  constructor(
    private readonly db: Db,
    private readonly conversations: ConversationsService,
    private readonly storage: StorageProvider,
    private readonly recordings: RecordingsService,
    private readonly config: Pick<Config, 'jwtSecret' | 'publicUrl'>,
  ) {}

  private tokenOf(linkId: string): string {
    return derivedLinkToken(this.config.jwtSecret, 'listen', linkId);
  }

  private wire(row: typeof chapterListenLinks.$inferSelect): ListenLink {
    return {
      url: `${this.config.publicUrl}/l/${this.tokenOf(row.id)}`,
      created_at: row.createdAt.toISOString(),
    };
  }

  private async ownChapter(userId: string, id: string): Promise<void> {
    if (!isUuid(id) || (await this.conversations.chaptersOf(userId, [id])).length === 0)
      throw new AppError('not_found');
  }

  private async find(conversationId: string) {
    const [row] = await this.db
      .select()
      .from(chapterListenLinks)
      .where(eq(chapterListenLinks.conversationId, conversationId))
      .limit(1);
    return row ?? null;
  }

  /** `POST …/listen-link`: the chapter's listening link, made if there is none yet. */
  async ensure(user: UserRow, conversationId: string): Promise<ListenLink> {
    await this.ownChapter(user.id, conversationId);
    return this.linkFor(user.id, conversationId);
  }

  /**
   * The listening link of a chapter known to be the person's (a book being typeset read its chapters
   * already), made if there is none yet.
   */
  async linkFor(userId: string, conversationId: string): Promise<ListenLink> {
    const existing = await this.find(conversationId);
    if (existing) return this.wire(existing);
    const id = crypto.randomUUID();
    await this.db
      .insert(chapterListenLinks)
      .values({ id, conversationId, userId, tokenHash: hashLinkToken(this.tokenOf(id)) })
      .onConflictDoNothing();
    // Two books typeset at once: both print the one row that won.
    return this.wire((await this.find(conversationId))!);
  }

  async get(user: UserRow, conversationId: string): Promise<ListenLink> {
    await this.ownChapter(user.id, conversationId);
    const existing = await this.find(conversationId);
    if (!existing) throw new AppError('not_found');
    return this.wire(existing);
  }

  async revoke(user: UserRow, conversationId: string): Promise<void> {
    await this.ownChapter(user.id, conversationId);
    const rows = await this.db
      .delete(chapterListenLinks)
      .where(
        and(
          eq(chapterListenLinks.conversationId, conversationId),
          eq(chapterListenLinks.userId, user.id),
        ),
      )
      .returning({ id: chapterListenLinks.id });
    if (rows.length === 0) throw new AppError('not_found');
  }

  /** Which of these chapters have at least one recorded answer (a book prints codes for those only). */
  chaptersWithRecordings(conversationIds: string[]): Promise<Set<string>> {
    return this.recordings.chaptersWithRecordings(conversationIds);
  }

  /** A chapter's recordings with their bytes (a book's EPUB with voice puts them inside). */
  recordingFilesOf(conversationId: string): Promise<RecordingFile[]> {
    return this.recordings.filesOfChapter(conversationId);
  }

  /** The link behind a token and its owner, or null (never valid, revoked, chapter gone: all the same). */
  private async linkOf(token: string) {
    const [row] = await this.db
      .select({
        conversationId: chapterListenLinks.conversationId,
        userId: chapterListenLinks.userId,
        fullName: users.fullName,
        language: users.currentLanguage,
      })
      .from(chapterListenLinks)
      .innerJoin(users, eq(users.id, chapterListenLinks.userId))
      .where(eq(chapterListenLinks.tokenHash, hashLinkToken(token.slice(0, 100))))
      .limit(1);
    return row ?? null;
  }

  /** What the page behind a token shows, or null. */
  async page(token: string): Promise<ListeningPage | null> {
    const link = await this.linkOf(token);
    if (!link) return null;
    const [chapter] = await this.conversations.chaptersOf(link.userId, [link.conversationId]);
    if (!chapter) return null;
    const language = pickLocale(link.language, undefined);
    const answers = (await this.recordings.chapterRecordings(link.conversationId)).map(
      (recording) => ({
        question: recording.question?.trim() || null,
        mimeType: recording.mimeType,
        durationMs: recording.durationMs,
      }),
    );
    return {
      title:
        chapter.title?.trim() ||
        (language === 'en' ? 'A chapter of my life' : 'Un chapitre de ma vie'),
      author: chapter.convAuthor?.trim() || link.fullName.trim() || null,
      language,
      answers,
    };
  }

  /** The sound of the page's `index`-th answer (from 0), or null. */
  async recording(token: string, index: number) {
    const link = await this.linkOf(token);
    if (!link || !Number.isInteger(index) || index < 0) return null;
    const recording = (await this.recordings.chapterRecordings(link.conversationId))[index];
    if (!recording) return null;
    const file = await this.storage.get(recording.key);
    return file ? { bytes: file.bytes, contentType: recording.mimeType } : null;
  }
}

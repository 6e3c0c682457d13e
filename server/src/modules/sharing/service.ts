// A chapter's public page (issue: a story page to share): the owner creates a link by sharing and can
// revoke it. The token is derived from the share row and the server's secret (HMAC) and only its SHA-256 is
// stored, so the database alone cannot give a link away; a lookup costs the same whether the token was
// never valid, revoked, or guessed (one hash, one indexed select).
import { pickLocale } from '../../i18n/messages.ts';
import { and, eq } from 'drizzle-orm';
import { derivedLinkToken, hashLinkToken } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { chapterShares, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { ShareLink, ShareSettings } from '../../contract/share.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import type { UserRow } from '../accounts/repository.ts';
import { isUuid } from '../../input.ts';
import type { ConversationsService } from '../conversations/service.ts';
import type { ImagesService } from '../images/service.ts';
import type { RecordingsService } from '../recordings/service.ts';

export interface PublicStory {
  title: string;
  author: string | null;
  text: string;
  /** The first picture's stored key, served through the page's own picture address. */
  pictureKey: string | null;
  pictureLegend: string | null;
  language: 'fr' | 'en';
  /** The recorded answers, each under its question, in the conversation's order; empty unless chosen. */
  recordings: PublicRecording[];
}

/** One recorded answer of a shared chapter: a signed link, like the chat's, and the question it answers. */
export interface PublicRecording {
  /** The biographer's question just before the answer; null when the answer came first. */
  question: string | null;
  url: string;
  mimeType: string;
  durationMs: number | null;
}

export class SharingService {
  constructor(
    private readonly db: Db,
    private readonly conversations: ConversationsService,
    private readonly images: ImagesService,
    private readonly storage: StorageProvider,
    private readonly recordings: RecordingsService,
    private readonly config: Pick<Config, 'jwtSecret' | 'publicUrl'>,
  ) {}

  private tokenOf(shareId: string): string {
    return derivedLinkToken(this.config.jwtSecret, 'share', shareId);
  }

  private async link(row: typeof chapterShares.$inferSelect): Promise<ShareLink> {
    return {
      url: `${this.config.publicUrl}/s/${this.tokenOf(row.id)}`,
      created_at: row.createdAt.toISOString(),
      include_voice: row.includeVoice,
      recording_count: await this.recordings.countForChapter(row.conversationId),
    };
  }

  private async ownChapter(user: UserRow, id: string): Promise<void> {
    if (!isUuid(id) || (await this.conversations.chaptersOf(user.id, [id])).length === 0)
      throw new AppError('not_found');
  }

  async share(user: UserRow, conversationId: string): Promise<ShareLink> {
    await this.ownChapter(user, conversationId);
    const existing = await this.find(conversationId);
    if (existing) return this.link(existing);
    const id = crypto.randomUUID();
    await this.db
      .insert(chapterShares)
      .values({ id, conversationId, userId: user.id, tokenHash: hashLinkToken(this.tokenOf(id)) })
      .onConflictDoNothing();
    // Two "share" at once: both answer the one row that won.
    return this.link((await this.find(conversationId))!);
  }

  /**
   * `GET …/share`: the chapter's link, or null when her own chapter is not shared (the route answers 204:
   * « not shared » is an answer, not an error a browser logs on every opening of the dialog).
   */
  async get(user: UserRow, conversationId: string): Promise<ShareLink | null> {
    await this.ownChapter(user, conversationId);
    const existing = await this.find(conversationId);
    return existing ? this.link(existing) : null;
  }

  /** `PATCH …/share`: the choices of the chapter's existing link (404 when it is not shared). */
  async update(user: UserRow, conversationId: string, settings: ShareSettings): Promise<ShareLink> {
    await this.ownChapter(user, conversationId);
    const [row] = await this.db
      .update(chapterShares)
      .set({ includeVoice: settings.include_voice })
      .where(
        and(eq(chapterShares.conversationId, conversationId), eq(chapterShares.userId, user.id)),
      )
      .returning();
    if (!row) throw new AppError('not_found');
    return this.link(row);
  }

  async revoke(user: UserRow, conversationId: string): Promise<void> {
    await this.ownChapter(user, conversationId);
    const rows = await this.db
      .delete(chapterShares)
      .where(
        and(eq(chapterShares.conversationId, conversationId), eq(chapterShares.userId, user.id)),
      )
      .returning({ id: chapterShares.id });
    if (rows.length === 0) throw new AppError('not_found');
  }

  private async find(conversationId: string) {
    const [row] = await this.db
      .select()
      .from(chapterShares)
      .where(eq(chapterShares.conversationId, conversationId))
      .limit(1);
    return row ?? null;
  }

  /** The share behind a token and its owner, or null (never valid, revoked, chapter gone: all the same). */
  private async shareOf(token: string) {
    const [row] = await this.db
      .select({
        conversationId: chapterShares.conversationId,
        userId: chapterShares.userId,
        includeVoice: chapterShares.includeVoice,
        fullName: users.fullName,
        language: users.currentLanguage,
      })
      .from(chapterShares)
      .innerJoin(users, eq(users.id, chapterShares.userId))
      .where(eq(chapterShares.tokenHash, hashLinkToken(token.slice(0, 100))))
      .limit(1);
    return row ?? null;
  }

  /** The public story behind a token, or null. */
  async story(token: string): Promise<PublicStory | null> {
    const share = await this.shareOf(token);
    if (!share) return null;
    const [chapter] = await this.conversations.chaptersOf(share.userId, [share.conversationId]);
    if (!chapter) return null;
    const language = pickLocale(share.language, undefined);
    const picture = await this.images.firstPictureOf(share.conversationId);
    return {
      title:
        chapter.title?.trim() ||
        (language === 'en' ? 'A chapter of my life' : 'Un chapitre de ma vie'),
      author: chapter.convAuthor?.trim() || share.fullName.trim() || null,
      text: chapter.summary ?? '',
      pictureKey: picture?.key ?? null,
      pictureLegend: picture?.legend ?? null,
      language,
      recordings: share.includeVoice ? await this.recordingsOf(share.conversationId) : [],
    };
  }

  /** The chapter's recorded answers with the question asked just before each, signed like the chat's. */
  private async recordingsOf(conversationId: string): Promise<PublicRecording[]> {
    const rows = await this.recordings.chapterRecordings(conversationId);
    return Promise.all(
      rows.map(async (row) => ({
        question: row.question?.trim() || null,
        url: await this.storage.signedUrl(row.key),
        mimeType: row.mimeType,
        durationMs: row.durationMs,
      })),
    );
  }

  /** The story's first picture: only the share and the picture are read, not the text. */
  async picture(token: string) {
    const share = await this.shareOf(token);
    const picture = share ? await this.images.firstPictureOf(share.conversationId) : null;
    return picture ? this.storage.get(picture.key) : null;
  }
}

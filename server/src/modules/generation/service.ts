// The chapter's AI products (api.md § Conversations, generate): title, keywords and text from the writer,
// a picture from the illustrator. One generation per chapter at a time, across processes (a lease on the
// chapter row); nothing is changed unless the writer answered.
import { AppError } from '../../errors.ts';
import { limits } from '../../limits.ts';
import type { Conversation } from '../../contract/conversations.ts';
import type { UserRow } from '../accounts/repository.ts';
import type { ChatRepository } from '../chat/repository.ts';
import type { ConversationsRepository } from '../conversations/repository.ts';
import type { ConversationsService } from '../conversations/service.ts';
import type { ImagesService } from '../images/service.ts';
import { userLanguage, type OnboardingService } from '../onboarding/service.ts';
import type { Illustrator } from '../../providers/illustrator/types.ts';
import { IllustratorUnavailableError } from '../../providers/illustrator/types.ts';
import { parseSummaryInstructions } from '../../providers/writer/instructions.ts';
import type { Writer, WriterOutput } from '../../providers/writer/types.ts';
import { WriterUnavailableError } from '../../providers/writer/types.ts';

/** The person's latest chapters read for the spelling of names (a bound on the work of one generation). */
const CONTEXT_CHAPTERS = 30;

/** Longer than any writer call (retries and one regeneration included): a crashed run frees the chapter. */
const LEASE_MS = 5 * 60_000;

/**
 * Pictures one person may have being drawn at once in this process (a chapter's generation with its
 * picture, or `POST /conversations/{id}/images` without a file): one more is a 429, so one person's
 * flood does not keep the illustrator from everyone else.
 */
export const MAX_DRAWINGS_IN_PROGRESS = 2;

export interface Products {
  title: boolean;
  keywords: boolean;
  image: boolean;
  summary: boolean;
}

export interface SummaryKwargs {
  userInstructions: string | null;
  usePreviousSummary: boolean;
}

export class GenerationService {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly repository: ConversationsRepository,
    private readonly chat: ChatRepository,
    private readonly onboarding: OnboardingService,
    private readonly images: ImagesService,
    private readonly writer: Writer,
    private readonly illustrator: Illustrator,
  ) {}

  private readonly drawing = new Map<string, number>();

  /** Takes one of this person's drawing slots (or refuses with a 429); call the result to give it back. */
  private startDrawing(userId: string): () => void {
    const current = this.drawing.get(userId) ?? 0;
    if (current >= MAX_DRAWINGS_IN_PROGRESS)
      throw new AppError('too_many_pictures_in_progress', {}, { retryAfter: 10 });
    this.drawing.set(userId, current + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.drawing.get(userId) ?? 1) - 1;
      if (left === 0) this.drawing.delete(userId);
      else this.drawing.set(userId, left);
    };
  }

  async generate(
    user: UserRow,
    id: string,
    products: Products,
    kwargs: SummaryKwargs,
  ): Promise<Conversation> {
    const before = await this.conversations.get(user, id);
    const transcript = await this.chat.transcript(id);
    if (!transcript.some((message) => message.type === 'user'))
      throw new AppError('not_enough_messages');
    // Refused before anything is written rather than after the text, when a picture was asked.
    const stopDrawing = products.image ? this.startDrawing(user.id) : () => {};
    if (!(await this.repository.claimGeneration(id, LEASE_MS))) {
      stopDrawing();
      throw new AppError('generation_in_progress');
    }
    try {
      let title = before.title_infos.title;
      let keywords = before.keywords_infos.keywords;
      let summary = before.summary_infos.summary;
      if (products.title || products.keywords || products.summary) {
        const written = await this.write(user, transcript, summary, products, kwargs);
        if (written.title !== undefined) title = written.title;
        if (written.keywords !== undefined) keywords = written.keywords;
        const changes: { title?: string; keywords?: string[] } = {};
        if (products.title && written.title) changes.title = written.title;
        if (products.keywords && written.keywords) changes.keywords = written.keywords;
        if (changes.title !== undefined || changes.keywords !== undefined)
          await this.repository.update(user.id, id, changes);
        if (products.summary && written.summary) {
          summary = written.summary;
          await this.repository.addSummaryVersion(id, written.summary, written.warnings);
        }
      }
      // A full chapter gets no picture (api.md: "adds one image unless … 5"): none is drawn for nothing.
      if (products.image && before.images.length < limits.imagesPerChapter)
        await this.illustrate(user, id, { title, keywords, summary });
      return await this.conversations.get(user, id);
    } finally {
      stopDrawing();
      await this.repository.releaseGeneration(id);
    }
  }

  /** The picture `POST /conversations/{id}/images` makes when it is sent no file. */
  async picture(user: UserRow, conversationId: string): Promise<Buffer> {
    const chapter = await this.conversations.get(user, conversationId);
    const stopDrawing = this.startDrawing(user.id);
    try {
      return await this.draw(user, conversationId, {
        title: chapter.title_infos.title,
        keywords: chapter.keywords_infos.keywords,
        summary: chapter.summary_infos.summary,
      });
    } finally {
      stopDrawing();
    }
  }

  private async write(
    user: UserRow,
    transcript: Awaited<ReturnType<ChatRepository['transcript']>>,
    previousSummary: string | null,
    products: Products,
    kwargs: SummaryKwargs,
  ): Promise<WriterOutput> {
    try {
      return await this.writer.write({
        language: userLanguage(user),
        personName: user.fullName.trim() || null,
        profile: await this.onboarding.profile(user),
        context: await this.namesElsewhere(user),
        transcript,
        previousSummary,
        doTitle: products.title,
        doKeywords: products.keywords,
        doSummary: products.summary,
        options: parseSummaryInstructions(kwargs.userInstructions, kwargs.usePreviousSummary),
      });
    } catch (error) {
      if (error instanceof WriterUnavailableError) throw new AppError('ai_unavailable');
      throw error;
    }
  }

  /**
   * What the person wrote in their other chapters (titles, keywords, texts, which they may have corrected by
   * hand): how they spell the names that recognised speech brings in lower case.
   */
  private async namesElsewhere(user: UserRow): Promise<string[]> {
    const { rows } = await this.repository.list(user.id, {
      sortBy: 'updated_at',
      ascending: false,
      withSummaries: true,
      skip: 0,
      limit: CONTEXT_CHAPTERS,
    });
    return rows.flatMap((row) => [row.title ?? '', ...(row.keywords ?? []), row.summary ?? '']);
  }

  /** A picture is added unless the chapter filled up meanwhile (then addGeneratedImage adds none). */
  private async illustrate(
    user: UserRow,
    id: string,
    chapter: { title: string | null; keywords: string[]; summary: string | null },
  ): Promise<void> {
    const png = await this.draw(user, id, chapter);
    await this.images.addGeneratedImage(user.id, id, png);
  }

  private async draw(
    user: UserRow,
    id: string,
    chapter: { title: string | null; keywords: string[]; summary: string | null },
  ): Promise<Buffer> {
    try {
      const { png } = await this.illustrator.illustrate({
        language: userLanguage(user),
        title: chapter.title,
        keywords: chapter.keywords,
        summary: chapter.summary,
        // A new seed each time: regenerating a chapter's picture gives another one.
        seed: `${id}:${Date.now()}`,
      });
      return png;
    } catch (error) {
      if (error instanceof IllustratorUnavailableError) throw new AppError('ai_unavailable');
      throw error;
    }
  }
}

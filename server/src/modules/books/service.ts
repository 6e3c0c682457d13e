// Books (api.md § Books): creation checks everything the person sent and queues `book.generate`; the job
// gathers the chapters and pictures, typesets the book with Typst in a worker thread and stores its four
// files, with its EPUB (issue 33, epub.ts) beside them. Generation is idempotent: files go under fixed keys
// (a retry overwrites them), the row moves from `ongoing` only once, and a book whose job died is turned to
// `failure` rather than staying `ongoing`.
import { appendFileSync } from 'node:fs';
import type { Config } from '../../config.ts';
import { coverPreviewPng } from './cover-preview.ts';
import { AppError, registerErrorStatus } from '../../errors.ts';
import { pickLocale, registerErrorMessages, userLocale, type Locale } from '../../i18n/messages.ts';
import { userDateLocale } from '../../i18n/language-tag.ts';
import type {
  Book,
  BookImageRef,
  BookSuggestions,
  BookSuggestionsBody,
  CreateBookBody,
} from '../../contract/books.ts';
import { MAX_BOOK_CHAPTERS, MIN_BOOK_CHAPTERS } from '../../contract/books.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Db } from '../../db/client.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import type { Writer } from '../../providers/writer/types.ts';
import { WriterUnavailableError } from '../../providers/writer/types.ts';
import type { UserRow } from '../accounts/repository.ts';
import type { AccountsService } from '../accounts/service.ts';
import { isUuid } from '../../input.ts';
import { userFolder } from '../chat/service.ts';
import type { ConversationsService } from '../conversations/service.ts';
import type { ImagesService } from '../images/service.ts';
import type { MailService } from '../mail/service.ts';
import type { BookImageChoice } from '../../db/schema/books.ts';
import {
  coverJob,
  interiorJob,
  picturesOf,
  type BookMaterial,
  type MaterialChapter,
  type MaterialWord,
} from './render.ts';
import { BooksRepository, type BookRow } from './repository.ts';
import { buildEpub, EPUB_AUDIO_TYPES, type EpubRecording } from './epub.ts';
import type { Typesetter, TypesetResult } from './typesetter.ts';

export const BOOK_JOB = 'book.generate';
/** Attempts of one book's job after the first (a crash, a worker killed, storage failing). */
export const BOOK_JOB_RETRIES = 3;
/**
 * Books one person may have in the making at once: a further `POST /books` is a 429 until one is
 * ready. With the queue's priorities (see create) one person's books never keep another's waiting
 * for more than the one being made.
 */
export const MAX_BOOKS_IN_PROGRESS = 2;
/**
 * A book still `ongoing` after this has lost its job for good: it is shown as failed. Every attempt may
 * take up to JOB_TIMEOUT_SECONDS before the queue calls it dead, so never less than all of them.
 */
export function staleAfterMs(jobTimeoutSeconds: number): number {
  return Math.max(30 * 60_000, (BOOK_JOB_RETRIES + 2) * jobTimeoutSeconds * 1000);
}
/**
 * `npm run bench:book` sets it to a file: each generated book appends its phase times there (one JSON line).
 * Read from the environment directly, as a measuring hook rather than a setting.
 */
const PHASES_LOG = process.env.BOOK_PHASES_LOG;

/** Times the phases of one book's generation, in ms, in the order they ran. */
function stopwatch() {
  let last = performance.now();
  const phases: Record<string, number> = {};
  return {
    phases,
    lap(name: string, extra?: Record<string, number>) {
      const now = performance.now();
      phases[name] = Math.round((now - last) * 10) / 10;
      last = now;
      for (const [key, value] of Object.entries(extra ?? {}))
        phases[key] = Math.round(value * 10) / 10;
    },
  };
}

function writePhases(bookId: string, phases: Record<string, number>): void {
  if (PHASES_LOG) appendFileSync(PHASES_LOG, `${JSON.stringify({ bookId, ...phases })}\n`);
}

/** Width of the front cover preview image. */
const COVER_PREVIEW_WIDTH = 600;
/**
 * The recordings put inside the EPUB with voice, at most (bytes): past it that EPUB is not made, the link
 * to each chapter's listening page in the plain one stays.
 */
export const MAX_VOICE_EPUB_RECORDINGS_BYTES = 200 * 1024 * 1024;
const EPUB_TYPE = 'application/epub+zip';

export interface BookJobData {
  bookId: string;
}

registerErrorStatus('book_chapter_count', 422);
registerErrorStatus('chapter_without_title', 422);
registerErrorStatus('too_many_books_in_progress', 429);
registerErrorMessages({
  too_many_books_in_progress: {
    fr: `Vos ${MAX_BOOKS_IN_PROGRESS} livres en cours de fabrication doivent être prêts avant d’en commencer un autre.`,
    en: `Your ${MAX_BOOKS_IN_PROGRESS} books being made must be ready before you start another one.`,
  },
  book_chapter_count: {
    fr: `Un livre contient de ${MIN_BOOK_CHAPTERS} à ${MAX_BOOK_CHAPTERS} chapitres différents.`,
    en: `A book holds ${MIN_BOOK_CHAPTERS} to ${MAX_BOOK_CHAPTERS} different chapters.`,
  },
  chapter_without_title: {
    fr: 'Chaque chapitre du livre doit avoir un titre.',
    en: 'Every chapter of the book needs a title.',
  },
});

/** Why a book could not be made, as the person reads it on the book's page. */
const GENERATION_ERRORS: Record<string, Record<Locale, string>> = {
  chapter_missing: {
    fr: 'Un chapitre de ce livre a été supprimé pendant sa création. Créez le livre à nouveau avec les chapitres qui restent.',
    en: 'A chapter of this book was deleted while it was being made. Create the book again with the remaining chapters.',
  },
  chapter_without_title: {
    fr: 'Un chapitre de ce livre n’a plus de titre. Donnez-lui un titre, puis créez le livre à nouveau.',
    en: 'A chapter of this book no longer has a title. Give it one, then create the book again.',
  },
  typesetting_failed: {
    fr: 'La mise en page du livre a échoué. Réessayez en créant le livre à nouveau ; si cela se reproduit, écrivez-nous.',
    en: 'Laying out the book failed. Try creating it again; if it happens again, write to us.',
  },
  timed_out: {
    fr: 'La création du livre a pris trop de temps et a été arrêtée. Créez le livre à nouveau.',
    en: 'Making the book took too long and was stopped. Create the book again.',
  },
};

/** A problem with the book's material: retrying will not help, the book fails at once. */
class BookProblem extends Error {
  constructor(readonly code: keyof typeof GENERATION_ERRORS) {
    super(code);
  }
}

export function bookFolder(userId: string, bookId: string): string {
  return `${userFolder(userId)}books/${bookId}`;
}

// NUL characters never get here: the app's input hygiene refuses them before any handler.
function required(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new AppError('validation_error', {}, { loc: ['body', field] });
  return trimmed;
}

function choiceOf(ref: BookImageRef | null | undefined): BookImageChoice | null {
  return ref ? { convId: ref.conv_id, imageId: ref.image_id } : null;
}

function workerTimes(result: TypesetResult): Record<string, number> {
  const times: Record<string, number> = {};
  for (const [name, output] of Object.entries(result)) {
    if (!output.ms) continue;
    for (const [step, ms] of Object.entries(output.ms)) times[`${name}.${step}`] = ms;
  }
  return times;
}

/** Where a book with voice codes gets its chapters' listening pages (the listening module). */
export interface VoiceCodeSource {
  chaptersWithRecordings(conversationIds: string[]): Promise<Set<string>>;
  linkFor(userId: string, conversationId: string): Promise<{ url: string }>;
  /** A chapter's recordings with their bytes, in the conversation's order (the EPUB with voice). */
  recordingFilesOf?(conversationId: string): Promise<EpubRecording[]>;
}

/** Where a book gets the words of her family she chose to print (issue 31, the circle-contributions module). */
export interface FamilyWordsSource {
  /** Printed and not hidden, under these chapters of hers, oldest first. */
  printedWords(
    storytellerId: string,
    conversationIds: string[],
  ): Promise<
    { conversationId: string; text: string; authorName: string; relation: string | null }[]
  >;
}

export class BooksService {
  private voiceCodes: VoiceCodeSource | null = null;
  private familyWords: FamilyWordsSource | null = null;

  constructor(
    private readonly repository: BooksRepository,
    private readonly conversations: ConversationsService,
    private readonly images: ImagesService,
    private readonly accounts: AccountsService,
    private readonly writer: Writer,
    private readonly storage: StorageProvider,
    private readonly queue: JobQueue,
    private readonly typesetter: Typesetter,
    private readonly mail: MailService,
    private readonly config: Pick<Config, 'publicUrl' | 'jobs'>,
  ) {
    queue.define<BookJobData>(BOOK_JOB, (data, job) => this.generate(data.bookId, job.retryCount), {
      retryLimit: BOOK_JOB_RETRIES,
      retryDelaySeconds: 5,
      // A run taking longer than this is taken as dead (a killed worker) and retried.
      expireInSeconds: config.jobs.timeoutSeconds,
    });
  }

  /** Set by the listening module; until then a book asked with voice codes is made without them. */
  setVoiceCodes(source: VoiceCodeSource): void {
    this.voiceCodes = source;
  }

  /** Set by the app with the circle's words; until then a book prints none. */
  setFamilyWords(source: FamilyWordsSource): void {
    this.familyWords = source;
  }

  /**
   * `user` is the book's owner. Issue 31: `options.madeBy`, the contributor of her circle who prepared
   * it (the circle-books module checks the seat and the chapters first); the book stays hers.
   */
  async create(
    user: UserRow,
    body: CreateBookBody,
    options: { madeBy?: string } = {},
  ): Promise<Book> {
    if (!(await this.conversations.hasFullAccess(user.id)))
      throw new AppError('full_access_required');
    const title = required(body.title, 'title');
    const subtitle = required(body.subtitle, 'subtitle');
    const author = required(body.author, 'author');
    const summary = required(body.summary, 'summary');
    const dedication = body.dedication?.trim() || null;
    const ids = body.conversation_ids;
    if (
      ids.length < MIN_BOOK_CHAPTERS ||
      ids.length > MAX_BOOK_CHAPTERS ||
      new Set(ids).size !== ids.length
    )
      throw new AppError('book_chapter_count', {}, { loc: ['body', 'conversation_ids'] });
    const chapters = await this.conversations.chaptersOf(user.id, ids);
    // Another person's chapter (or none at all) is not found, like everywhere else.
    ids.forEach((id, index) => {
      if (!chapters.some((c) => c.id === id))
        throw new AppError('not_found', {}, { loc: ['body', 'conversation_ids', index] });
    });
    chapters.forEach((chapter, index) => {
      if (!chapter.title?.trim())
        throw new AppError(
          'chapter_without_title',
          {},
          { loc: ['body', 'conversation_ids', index] },
        );
    });
    // A picture is the person's if it is in one of their chapters or among their own photos.
    for (const [field, ref] of [
      ['front_cover_image_id', body.front_cover_image_id],
      ['back_cover_image_id', body.back_cover_image_id],
    ] as const) {
      if (!ref) continue;
      if (!(await this.images.owns(user.id, ref.conv_id, ref.image_id)))
        throw new AppError('not_found', {}, { loc: ['body', field] });
    }
    // Fairness: a person's first book in the making goes before anyone's second one (the queue takes
    // the highest priority first, the oldest among equals).
    const inProgress = await this.inProgressCount(user.id);
    if (inProgress >= MAX_BOOKS_IN_PROGRESS)
      throw new AppError('too_many_books_in_progress', {}, { retryAfter: 60 });
    const row = await this.repository.create({
      userId: user.id,
      madeBy: options.madeBy ?? null,
      author,
      title,
      subtitle,
      summary,
      dedication,
      conversationIds: ids,
      frontCover: choiceOf(body.front_cover_image_id),
      portrait: choiceOf(body.back_cover_image_id),
      largePrint: body.large_print ?? false,
      voiceCodes: body.voice_codes ?? false,
      language: userLocale(user),
    });
    await this.queue.send<BookJobData>(
      BOOK_JOB,
      { bookId: row.id },
      { singletonKey: row.id, priority: -inProgress },
    );
    return this.toWire(row, userLocale(user));
  }

  async list(user: UserRow, skip: number, limit: number): Promise<{ data: Book[]; count: number }> {
    const { rows, count } = await this.repository.list(user.id, skip, limit);
    const locale = userLocale(user);
    const current = await Promise.all(rows.map((row) => this.unlessStale(row)));
    return { data: await Promise.all(current.map((row) => this.toWire(row, locale))), count };
  }

  async get(user: UserRow, id: string): Promise<Book> {
    const row = isUuid(id) ? await this.repository.find(user.id, id) : null;
    if (!row) throw new AppError('not_found');
    return this.toWire(await this.unlessStale(row), userLocale(user));
  }

  /**
   * A book still `ongoing` long after its job could have run has lost it for good: it is turned to
   * `failure` when it is read (a write only then, so reading and polling stay plain selects).
   */
  private async unlessStale(row: BookRow): Promise<BookRow> {
    const cutoff = Date.now() - staleAfterMs(this.config.jobs.timeoutSeconds);
    if (row.generationStatus !== 'ongoing' || row.createdAt.getTime() >= cutoff) return row;
    await this.repository.fail(row.id, 'timed_out');
    return { ...row, generationStatus: 'failure', generationError: 'timed_out' };
  }

  /** A row read elsewhere (the circle-books module) as the wire has it, turned to failure if stale. */
  async present(row: BookRow, locale: Locale): Promise<Book> {
    return this.toWire(await this.unlessStale(row), locale);
  }

  /** This person's books still being made (those whose job was lost for good do not count). */
  private async inProgressCount(userId: string): Promise<number> {
    // The newest few suffice: no one has more than MAX_BOOKS_IN_PROGRESS in the making.
    const { rows } = await this.repository.list(userId, 0, 20);
    const current = await Promise.all(rows.map((row) => this.unlessStale(row)));
    return current.filter((row) => row.generationStatus === 'ongoing').length;
  }

  /** Every book of this person, newest first (the data export). */
  async allOf(userId: string): Promise<BookRow[]> {
    return (await this.repository.list(userId, 0, 1000)).rows;
  }

  /** A book of this person as an order needs it (its print files); null when it is not theirs. */
  async forOrder(userId: string, id: string): Promise<BookRow | null> {
    return isUuid(id) ? this.repository.find(userId, id) : null;
  }

  async delete(user: UserRow, id: string): Promise<void> {
    const row = isUuid(id) ? await this.repository.delete(user.id, id) : null;
    if (!row) throw new AppError('not_found');
    // A job still running for it finds no row and removes what it wrote (see generate).
    await this.storage.deletePrefix(`${bookFolder(user.id, id)}/`);
  }

  async suggestions(user: UserRow, body: BookSuggestionsBody): Promise<BookSuggestions> {
    const ids = [...new Set(body.conversation_ids)];
    const chapters = await this.conversations.chaptersOf(user.id, ids);
    if (chapters.length !== ids.length)
      throw new AppError('not_found', {}, { loc: ['body', 'conversation_ids'] });
    const author = (body.author ?? user.fullName).trim();
    try {
      const suggested = await this.writer.suggestBook({
        language: body.language ? pickLocale(body.language, undefined) : userLocale(user),
        author,
        chapters: chapters.map((c) => ({
          title: c.title?.trim() ?? '',
          keywords: c.keywords ?? [],
          text: c.summary,
        })),
        instructions: body.user_instructions?.trim() || null,
      });
      // The cover prints the author's name: a model that puts it in the title or subtitle anyway
      // (« Ma vie, par Jeanne Martin ») would have it there two or three times.
      return {
        ...suggested,
        title: withoutAuthorName(suggested.title, author),
        subtitle: withoutAuthorName(suggested.subtitle, author),
      };
    } catch (error) {
      if (error instanceof WriterUnavailableError) throw new AppError('ai_unavailable');
      throw error;
    }
  }

  /** The `book.generate` job. Throws (so the queue retries) only for what a retry can mend. */
  async generate(bookId: string, retryCount: number): Promise<void> {
    const clock = stopwatch();
    const book = await this.repository.findById(bookId);
    if (!book || book.generationStatus !== 'ongoing') return;
    // From the row's creation (the POST) to this job's start: the queue's pick-up.
    clock.lap('readRow', { pickup: Date.now() - book.createdAt.getTime() });
    const folder = bookFolder(book.userId, book.id);
    // The files are written one after the other (written together they take as long: the disk is the
    // limit), each as soon as it is made, while the next is typeset: the EPUB during the interior, the
    // interior during the cover and its preview. Nothing waits for the disk but the end.
    let writing: Promise<void> = Promise.resolve();
    const write = (key: string, bytes: ArrayBuffer | Uint8Array, type: string) => {
      const buffer = Buffer.isBuffer(bytes)
        ? bytes
        : bytes instanceof ArrayBuffer
          ? Buffer.from(bytes)
          : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      writing = writing.then(() => this.storage.put(key, buffer, type));
      // Awaited below; a failure meanwhile must not count as unhandled.
      writing.catch(() => {});
    };
    try {
      const material = await this.gather(book);
      clock.lap('gather');
      // The EPUB first: the typesetter takes the pictures' buffers to its thread (they are gone after).
      const epub = await buildEpub(material, { id: book.id });
      const recordings = await this.epubRecordings(book);
      const epubVoice = recordings ? await buildEpub(material, { id: book.id, recordings }) : null;
      clock.lap('epub');
      const files = {
        pageCount: 0,
        interiorKey: `${folder}/interior.pdf`,
        webKey: `${folder}/screen.pdf`,
        coverKey: `${folder}/cover.pdf`,
        coverPreviewKey: `${folder}/cover.png`,
        epubKey: `${folder}/book.epub`,
        epubSize: epub.byteLength,
        epubVoiceKey: epubVoice ? `${folder}/book-voice.epub` : null,
        epubVoiceSize: epubVoice?.byteLength ?? null,
      };
      write(files.epubKey, epub, EPUB_TYPE);
      if (epubVoice && files.epubVoiceKey) write(files.epubVoiceKey, epubVoice, EPUB_TYPE);
      const job = await interiorJob(material);
      clock.lap('prepare');
      const interior = await this.typesetter.run(job, picturesOf(job));
      clock.lap('typesetInterior', workerTimes(interior));
      files.pageCount = interior.print!.pages;
      write(files.interiorKey, interior.print!.pdf!, 'application/pdf');
      write(files.webKey, interior.screen!.pdf!, 'application/pdf');
      // The cover's preview is drawn (resvg, in its own thread) while Typst lays the cover out.
      const [cover, preview] = await Promise.all([
        coverJob(material, files.pageCount).then((coverDocument) =>
          this.typesetter.run(coverDocument),
        ),
        coverPreviewPng(interior.front!.svg!, COVER_PREVIEW_WIDTH),
      ]);
      clock.lap('typesetCover', workerTimes(cover));
      write(files.coverKey, cover.cover!.pdf!, 'application/pdf');
      write(files.coverPreviewKey, preview, 'image/png');
      await writing;
      clock.lap('write');
      // The book's success and its « book ready » mail in one transaction: a worker killed in between
      // leaves neither (the job is retried), never a ready book nobody is told about.
      const owner = await this.accounts.findUser(book.userId);
      const finished = await this.queue.transaction(async (tx) => {
        if (!(await new BooksRepository(tx).finish(book.id, files))) return false;
        if (owner) await this.announce(book, owner, tx);
        return true;
      });
      if (finished) {
        clock.lap('finish');
        writePhases(book.id, clock.phases);
      } else if (!(await this.repository.findById(book.id))) {
        // Deleted while it was being made: nothing of it stays.
        await this.storage.deletePrefix(`${folder}/`);
      }
    } catch (error) {
      // No write of this attempt may land after its failure is recorded (or the next attempt's files),
      // and a book that failed keeps none of the files made before the failure (its EPUB, say).
      await writing.catch(() => {});
      const failed = async (code: string) => {
        // The files go with a book now failed, or deleted meanwhile; never with one that another
        // delivery of the job finished while this one ran (`fail` leaves a finished book as it is).
        if (
          (await this.repository.fail(book.id, code)) ||
          !(await this.repository.findById(book.id))
        )
          await this.storage.deletePrefix(`${folder}/`);
      };
      if (error instanceof BookProblem) return failed(error.code);
      if (retryCount >= BOOK_JOB_RETRIES) {
        console.error(`[books] ${book.id} failed for good`, error);
        return failed('typesetting_failed');
      }
      throw error;
    }
  }

  /**
   * The recordings of each chapter (book order) for the EPUB with voice: only for a book with voice codes,
   * only those EPUB readers play; null when there are none, or more than MAX_VOICE_EPUB_RECORDINGS_BYTES.
   */
  private async epubRecordings(book: BookRow): Promise<(EpubRecording[] | null)[] | null> {
    const source = this.voiceCodes;
    if (!book.voiceCodes || !source?.recordingFilesOf) return null;
    const voiced = await source.chaptersWithRecordings(book.conversationIds);
    let total = 0;
    const perChapter: (EpubRecording[] | null)[] = [];
    for (const id of book.conversationIds) {
      const files = voiced.has(id)
        ? (await source.recordingFilesOf(id)).filter((f) => EPUB_AUDIO_TYPES.has(f.mimeType))
        : [];
      total += files.reduce((sum, f) => sum + f.bytes.byteLength, 0);
      if (total > MAX_VOICE_EPUB_RECORDINGS_BYTES) return null;
      perChapter.push(files.length ? files : null);
    }
    return perChapter.some(Boolean) ? perChapter : null;
  }

  /** Queues the « book ready » mail within `tx` (nothing else is read meanwhile: PGlite has one connection). */
  private async announce(book: BookRow, user: UserRow, tx: Db): Promise<void> {
    await this.mail.send(
      userLocale(user),
      user.email,
      {
        kind: 'book_ready',
        link: `${this.config.publicUrl}/book/${book.id}`,
        name: user.fullName,
        title: book.title,
      },
      { within: tx },
    );
  }

  /** Everything the book is made of, read now: the chapters as they are, their pictures, cover and portrait. */
  private async gather(book: BookRow): Promise<BookMaterial> {
    const ids = book.conversationIds;
    // Asked together: the pictures' files are read while the database answers the rest.
    const picture = (choice: BookImageChoice | null) =>
      choice ? this.images.ownedFile(book.userId, choice.convId, choice.imageId) : null;
    const [rows, pictures, voiced, printedWords, owner, cover, portrait] = await Promise.all([
      this.conversations.chaptersOf(book.userId, ids),
      this.images.printImagesOf(ids),
      book.voiceCodes && this.voiceCodes
        ? this.voiceCodes.chaptersWithRecordings(ids)
        : new Set<string>(),
      this.familyWords?.printedWords(book.userId, ids),
      this.accounts.findUser(book.userId),
      // A picture deleted since the book was asked for is left out, not a failure.
      picture(book.frontCover),
      picture(book.portrait),
    ]);
    if (rows.length !== ids.length) throw new BookProblem('chapter_missing');
    // Issue 31: the words of her family she chose to print, each under its chapter, oldest first.
    const words = new Map<string, MaterialWord[]>();
    for (const word of printedWords ?? [])
      words.set(word.conversationId, [
        ...(words.get(word.conversationId) ?? []),
        { text: word.text, name: word.authorName, relation: word.relation },
      ]);
    const chapters: MaterialChapter[] = [];
    for (const row of rows) {
      if (!row.title?.trim()) throw new BookProblem('chapter_without_title');
      chapters.push({
        title: row.title.trim(),
        author: row.convAuthor?.trim() || null,
        text: row.summary,
        images: pictures.get(row.id) ?? [],
        voice: voiced.has(row.id)
          ? {
              url: (await this.voiceCodes!.linkFor(book.userId, row.id)).url,
              speaker: row.convAuthor?.trim() || book.author,
            }
          : null,
        words: words.get(row.id) ?? [],
      });
    }
    // The edition date as the author writes dates (en-GB day first, en-US month first): the account's tag
    // when it is in the book's language, else the book language's usual one.
    const language = book.language === 'en' ? 'en' : 'fr';
    const tag = owner ? userDateLocale(owner) : null;
    return {
      language,
      dateLocale: tag?.startsWith(language) ? tag : undefined,
      title: book.title,
      subtitle: book.subtitle,
      author: book.author,
      summary: book.summary,
      dedication: book.dedication,
      largePrint: book.largePrint,
      chapters,
      cover,
      portrait,
      createdAt: book.createdAt,
    };
  }

  private async toWire(row: BookRow, locale: Locale): Promise<Book> {
    const url = (key: string | null) => (key ? this.storage.signedUrl(key) : Promise.resolve(null));
    const done = row.generationStatus === 'success';
    return {
      id: row.id,
      author: row.author,
      title: row.title,
      subtitle: row.subtitle,
      summary: row.summary,
      dedication: row.dedication,
      conversation_ids: row.conversationIds,
      large_print: row.largePrint,
      voice_codes: row.voiceCodes,
      language: row.language,
      created_at: row.createdAt.toISOString(),
      generation_status: row.generationStatus,
      generation_error: row.generationError
        ? (GENERATION_ERRORS[row.generationError]?.[locale] ??
          GENERATION_ERRORS.typesetting_failed![locale])
        : null,
      url_pdf: done ? await url(row.interiorKey) : null,
      url_web_pdf: done ? await url(row.webKey) : null,
      url_cover_pdf: done ? await url(row.coverKey) : null,
      url_cover_preview: done ? await url(row.coverPreviewKey) : null,
      page_count: row.pageCount,
      url_epub: done ? await url(row.epubKey) : null,
      epub_size: done ? row.epubSize : null,
      url_epub_with_voice: done ? await url(row.epubVoiceKey) : null,
      epub_with_voice_size: done && row.epubVoiceKey ? row.epubVoiceSize : null,
      // Issue 31: who of her circle prepared it (null when she did, or once that account is gone).
      made_by_name: row.madeBy
        ? (await this.accounts.findUser(row.madeBy))?.fullName.trim() || null
        : null,
    };
  }
}

/**
 * A suggested title or subtitle without the author's name (the cover prints it), with the little words
 * that led to it (« par », « de », « by », « of »…) and the punctuation left hanging. Unchanged when the
 * name is not in it, or when nothing would be left.
 */
export function withoutAuthorName(text: string, author: string): string {
  const name = author.trim();
  if (!name || !text.toLocaleLowerCase().includes(name.toLocaleLowerCase())) return text;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  const lead = String.raw`(?:\s*[,:;–—-]\s*|\s+)?(?:(?:par|de|d['’]|selon|by|of|from)\s*)?`;
  const stripped = text
    .replace(new RegExp(`${lead}${escaped}`, 'giu'), '')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,:;–—-]+|[\s,:;–—-]+$/g, '')
    .trim();
  return stripped || text;
}

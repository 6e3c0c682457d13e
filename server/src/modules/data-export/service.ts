// "Télécharger mes données": a job builds a ZIP of everything the person told — each chapter as plain text
// and Markdown with its photos and captions, the conversations' transcripts, the onboarding answers and the
// PDFs and EPUB of every book — stores it, and a mail says it is ready. The link works for 7 days; asking twice while
// one is being built gives the same export (one pending row per person, one job). Nothing here depends on a
// subscription: a person can always take their story away.
// Exports do not pile up (issue 28): a new ZIP replaces the previous one (its file is deleted), an expired
// ZIP is deleted (every person's swept when an export is asked for or built; one's own when read), and a
// person may ask for 3 a day.
import { and, desc, eq, gte, isNotNull, lt, ne } from 'drizzle-orm';
import { strToU8, zip, type Zippable } from 'fflate';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { dataExports } from '../../db/schema/index.ts';
import type { DataExport } from '../../contract/data-export.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import { userLocale } from '../../i18n/messages.ts';
import { userDateLocale } from '../../i18n/language-tag.ts';
import type { UserRow } from '../accounts/repository.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { BooksService } from '../books/service.ts';
import type { ChatRepository } from '../chat/repository.ts';
import { userFolder } from '../chat/service.ts';
import type { ConversationsService } from '../conversations/service.ts';
import type { ImagesService } from '../images/service.ts';
import type { MailService } from '../mail/service.ts';
import type { OnboardingService } from '../onboarding/service.ts';
import type { RecordingsService } from '../recordings/service.ts';
import { AppError } from '../../errors.ts';

export const EXPORT_JOB = 'export.build';
export const EXPORT_DAYS = 7;
/** New exports a person may ask for in a day (asking again while one is being built is free). */
export const EXPORTS_PER_DAY = 3;
const DAY_MS = 86_400_000;

type ExportRow = typeof dataExports.$inferSelect;

/**
 * The ZIP speaks the account's language: its file and folder names as well as the labels inside
 * (issue 35). French puts a space before « : » and « ; », English does not.
 */
export const EXPORT_WORDS = {
  fr: {
    readmeFile: 'LISEZ-MOI.txt',
    chaptersFolder: 'chapitres',
    chapterFile: 'chapitre',
    photosFolder: 'photos',
    recordingsFolder: 'enregistrements',
    ownPhotosFolder: 'mes-photos',
    circleFile: 'cercle-familial.txt',
    profileFile: 'profil.txt',
    booksFolder: 'livres',
    bookFallback: 'livre',
    coverSuffix: 'couverture',
    readme: (name: string, date: string) =>
      `Les données de ${name || 'votre compte'} sur Chapitres, au ${date}.\n\n` +
      '- chapitres/ : chaque chapitre en texte (.txt) et en Markdown (.md), avec ses photos et leurs légendes, et la conversation avec le biographe (conversation.txt) ; les enregistrements de vos réponses dites à voix haute, quand vous les avez gardés, sont dans enregistrements/ ;\n' +
      '- mes-photos/ : vos propres photos (dont votre portrait pour les livres) ;\n' +
      '- profil.txt : vos réponses aux questions de départ ;\n' +
      '- livres/ : vos livres en PDF (intérieur et couverture) et en EPUB, le livre numérique accessible.\n',
    chapter: 'Chapitre',
    untitled: 'Sans titre',
    by: 'par',
    photos: 'Photos',
    you: 'Vous',
    biographer: 'Biographe',
    recording: 'enregistrement',
    /** « Label : text », with French's space before the colon. */
    labelled: (label: string, text: string) => `${label} : ${text}`,
  },
  en: {
    readmeFile: 'README.txt',
    chaptersFolder: 'chapters',
    chapterFile: 'chapter',
    photosFolder: 'photos',
    recordingsFolder: 'recordings',
    ownPhotosFolder: 'my-photos',
    circleFile: 'family-circle.txt',
    profileFile: 'profile.txt',
    booksFolder: 'books',
    bookFallback: 'book',
    coverSuffix: 'cover',
    readme: (name: string, date: string) =>
      `The data of ${name || 'your account'} on Chapitres, on ${date}.\n\n` +
      '- chapters/: each chapter as text (.txt) and Markdown (.md), with its photos and their captions, and the conversation with the biographer (conversation.txt); the recordings of your spoken answers, when you kept them, are in recordings/;\n' +
      '- my-photos/: your own photos (your portrait for the books among them);\n' +
      '- profile.txt: your answers to the first questions;\n' +
      '- books/: your books as PDF (interior and cover) and as EPUB, the accessible e-book.\n',
    chapter: 'Chapter',
    untitled: 'Untitled',
    by: 'by',
    photos: 'Photos',
    you: 'You',
    biographer: 'Biographer',
    recording: 'recording',
    /** "Label: text", without a space before the colon. */
    labelled: (label: string, text: string) => `${label}: ${text}`,
  },
} as const;

export type ExportWords = (typeof EXPORT_WORDS)[keyof typeof EXPORT_WORDS];

/**
 * A conversation as the export writes it: one paragraph per message, « Vous : … » / "You: …", and
 * under a kept recording the file it is in.
 */
export function conversationText(
  transcript: { id: string; type: string; content: string }[],
  recordings: Map<string, string>,
  w: ExportWords,
): string {
  return (
    transcript
      .map((m) => {
        const line = w.labelled(m.type === 'user' ? w.you : w.biographer, m.content);
        const recording = recordings.get(m.id);
        return recording ? `${line}\n[${w.labelled(w.recording, recording)}]` : line;
      })
      .join('\n\n') + '\n'
  );
}

/**
 * A date as people write it where they live: « 26 novembre 2026 », "26 November 2026" (en-GB),
 * "November 26, 2026" (en-US). `locale` is the account's language and region (userDateLocale).
 */
export function longDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: 'Europe/Paris',
  }).format(date);
}

/**
 * The name the ZIP is saved under: « chapitres-<name>-<date>.zip » (ASCII letters, digits and hyphens
 * only, so that it is a valid storage key and reads the same everywhere).
 */
export function exportFileName(fullName: string, date: Date): string {
  const slug = fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const day = date.toISOString().slice(0, 10);
  return `chapitres-${slug ? `${slug}-` : ''}${day}.zip`;
}

/** A file or folder name from a title: no path separators or control characters, not too long. */
export function safeName(value: string, fallback: string): string {
  const clean = value
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return clean || fallback;
}

function zipAsync(files: Zippable): Promise<Uint8Array> {
  return new Promise((resolve, reject) =>
    zip(files, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data))),
  );
}

/** The family circle's questions and words as plain text in her language (issue 31); null: none. */
export type CircleTextSource = (user: UserRow) => Promise<string | null>;

export class DataExportService {
  private circleText: CircleTextSource = async () => null;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly storage: StorageProvider,
    private readonly accounts: AccountsService,
    private readonly conversations: ConversationsService,
    private readonly chat: ChatRepository,
    private readonly images: ImagesService,
    private readonly onboarding: OnboardingService,
    private readonly books: BooksService,
    private readonly mail: MailService,
    private readonly config: Pick<Config, 'publicUrl'>,
    private readonly recordings: RecordingsService | null = null,
  ) {
    queue.define<{ exportId: string }>(
      EXPORT_JOB,
      (data, job) => this.build(data.exportId, job.retryCount),
      {
        retryLimit: 2,
        retryDelaySeconds: 10,
      },
    );
  }

  /** Set by the circle module: its questions and words join her export. */
  setCircleText(source: CircleTextSource): void {
    this.circleText = source;
  }

  async request(user: UserRow): Promise<DataExport> {
    await this.sweepExpired();
    const since = new Date(Date.now() - DAY_MS);
    const recent = await this.db
      .select({ status: dataExports.status, requestedAt: dataExports.requestedAt })
      .from(dataExports)
      .where(and(eq(dataExports.userId, user.id), gte(dataExports.requestedAt, since)))
      .orderBy(dataExports.requestedAt);
    if (!recent.some((r) => r.status === 'pending') && recent.length >= EXPORTS_PER_DAY) {
      const retryAfter = Math.max(
        1,
        Math.ceil((recent[0]!.requestedAt.getTime() + DAY_MS - Date.now()) / 1000),
      );
      throw new AppError('too_many_requests', {}, { retryAfter });
    }
    const inserted = await this.db
      .insert(dataExports)
      .values({ userId: user.id })
      .onConflictDoNothing()
      .returning();
    if (inserted[0])
      await this.queue.send(EXPORT_JOB, { exportId: inserted[0].id }, { singletonKey: user.id });
    // Just inserted (or the one being prepared): there is one.
    return (await this.status(user))!;
  }

  /** The latest export asked for; null when she never asked (the route answers 204). */
  async status(user: UserRow): Promise<DataExport | null> {
    const [row] = await this.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, user.id))
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);
    if (!row) return null;
    // This person's expired file goes as it is read (every person's are swept by request and build).
    if (row.key && row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
      await this.forgetFile(row);
      row.key = null;
    }
    return this.toWire(row);
  }

  private async toWire(row: ExportRow): Promise<DataExport> {
    const live =
      row.status === 'ready' && row.key && row.expiresAt && row.expiresAt.getTime() > Date.now();
    return {
      status: row.status,
      requested_at: row.requestedAt.toISOString(),
      url: live ? await this.storage.signedUrl(row.key!) : null,
      expires_at: row.expiresAt?.toISOString() ?? null,
    };
  }

  async build(exportId: string, retryCount: number): Promise<void> {
    const [row] = await this.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, exportId))
      .limit(1);
    if (!row || row.status !== 'pending') return;
    await this.sweepExpired();
    const user = await this.accounts.findUser(row.userId);
    if (!user) return;
    try {
      const bytes = await zipAsync(await this.contents(user));
      // The file's own name ends the key (and so the download link): the browser saves it under it.
      const key = `${userFolder(user.id)}exports/${row.id}/${exportFileName(user.fullName, new Date())}`;
      await this.storage.put(key, Buffer.from(bytes), 'application/zip');
      const expiresAt = new Date(Date.now() + EXPORT_DAYS * 86_400_000);
      const done = await this.db
        .update(dataExports)
        .set({ status: 'ready', key, expiresAt })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      // Deleted meanwhile (the account went while the ZIP was being made): no file may outlive it.
      if (done.length === 0) return await this.storage.delete(key);
      await this.dropOlder(user.id, row.id);
      const locale = userLocale(user);
      await this.mail.send(locale, user.email, {
        kind: 'export_ready',
        name: user.fullName,
        link: `${this.config.publicUrl}/profile`,
        expires: longDate(expiresAt, userDateLocale(user)),
      });
    } catch (error) {
      if (retryCount < 2) throw error;
      console.error('[export] failed for good', error);
      await this.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, row.id));
    }
  }

  /** Deletes the files of every export whose link has expired (the row stays, without its file). */
  async sweepExpired(): Promise<void> {
    const expired = await this.db
      .select({ id: dataExports.id, key: dataExports.key })
      .from(dataExports)
      .where(and(isNotNull(dataExports.key), lt(dataExports.expiresAt, new Date())));
    for (const row of expired) await this.forgetFile(row);
  }

  /**
   * Only the newest export is kept: the older ones' files go, and their rows once a day old (the rows
   * of the last day count the requests).
   */
  private async dropOlder(userId: string, newestId: string): Promise<void> {
    const older = await this.db
      .select({ id: dataExports.id, key: dataExports.key })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          ne(dataExports.id, newestId),
          isNotNull(dataExports.key),
        ),
      );
    for (const row of older) await this.forgetFile(row);
    await this.db
      .delete(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          ne(dataExports.id, newestId),
          ne(dataExports.status, 'pending'),
          lt(dataExports.requestedAt, new Date(Date.now() - DAY_MS)),
        ),
      );
  }

  private async forgetFile(row: { id: string; key: string | null }): Promise<void> {
    if (row.key) await this.storage.delete(row.key);
    await this.db.update(dataExports).set({ key: null }).where(eq(dataExports.id, row.id));
  }

  private async contents(user: UserRow): Promise<Zippable> {
    const locale = userLocale(user);
    const w = EXPORT_WORDS[locale];
    const files: Zippable = {};
    files[w.readmeFile] = strToU8(
      w.readme(user.fullName, longDate(new Date(), userDateLocale(user))),
    );

    const chapters = await this.conversations.allChaptersOf(user.id);
    const pictures = await this.images.originalFilesOf(chapters.map((c) => c.id));
    for (const [index, chapter] of chapters.entries()) {
      const title = chapter.title?.trim() || w.untitled;
      const folder = `${w.chaptersFolder}/${String(index + 1).padStart(2, '0')} - ${safeName(title, w.untitled)}`;
      const author = chapter.convAuthor?.trim();
      const text = chapter.summary?.trim() ?? '';
      const photos = pictures.get(chapter.id) ?? [];
      const photoNames = photos.map((p, i) => `${w.photosFolder}/${i + 1}.${p.ext}`);
      files[`${folder}/${w.chapterFile}.txt`] = strToU8(
        [title, author ? `${w.by} ${author}` : null, '', text]
          .filter((l) => l !== null)
          .join('\n') + '\n',
      );
      files[`${folder}/${w.chapterFile}.md`] = strToU8(
        [
          `# ${title}`,
          author ? `*${w.by} ${author}*` : null,
          text,
          photos.length ? `## ${w.photos}` : null,
          ...photos.map(
            (p, i) =>
              `![${(p.legend ?? '').replace(/[[\]]/g, '')}](${photoNames[i]})${p.legend ? `\n\n*${p.legend}*` : ''}`,
          ),
        ]
          .filter((l) => l !== null)
          .join('\n\n') + '\n',
      );
      photos.forEach((p, i) => (files[`${folder}/${photoNames[i]}`] = [p.bytes, { level: 0 }]));
      const transcript = await this.chat.transcriptWithIds(chapter.id);
      // Each kept recording is named by its message's place in the conversation, and named after it.
      const recordings = new Map<string, string>();
      for (const file of (await this.recordings?.filesOfChapter(chapter.id)) ?? []) {
        const place = transcript.findIndex((m) => m.id === file.messageId) + 1;
        const name = `${w.recordingsFolder}/${String(place).padStart(3, '0')}.${file.ext}`;
        recordings.set(file.messageId, name);
        files[`${folder}/${name}`] = [file.bytes, { level: 0 }];
      }
      files[`${folder}/conversation.txt`] = strToU8(conversationText(transcript, recordings, w));
    }

    // The person's own photos (not in a chapter): the portrait chosen for a book is one of them.
    for (const [index, photo] of (await this.images.ownOriginalFiles(user.id)).entries()) {
      const legend = photo.legend?.trim() ? ` - ${safeName(photo.legend, '')}` : '';
      files[`${w.ownPhotosFolder}/${String(index + 1).padStart(2, '0')}${legend}.${photo.ext}`] = [
        photo.bytes,
        { level: 0 },
      ];
    }

    const answers = await this.onboarding.profile(user);
    files[w.profileFile] = strToU8(
      answers.map((a) => `${a.question}\n${a.answer}`).join('\n\n') + '\n',
    );

    const circle = await this.circleText(user);
    if (circle) files[w.circleFile] = strToU8(circle);

    for (const book of await this.books.allOf(user.id)) {
      if (book.generationStatus !== 'success') continue;
      const name = safeName(book.title, w.bookFallback);
      for (const [key, suffix] of [
        [book.interiorKey, ''],
        [book.coverKey, ` - ${w.coverSuffix}`],
      ] as const) {
        const file = key ? await this.storage.get(key) : null;
        if (file)
          files[`${w.booksFolder}/${name}${suffix} (${book.id.slice(0, 8)}).pdf`] = [
            file.bytes,
            { level: 0 },
          ];
      }
      // Issue 33: the EPUB beside the PDFs (already a ZIP: stored as it is). The one with recordings inside
      // is left out: the recordings are in the chapters' folders already.
      const epub = book.epubKey ? await this.storage.get(book.epubKey) : null;
      if (epub)
        files[`${w.booksFolder}/${name} (${book.id.slice(0, 8)}).epub`] = [
          epub.bytes,
          { level: 0 },
        ];
    }
    return files;
  }
}

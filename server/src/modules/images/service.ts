// Images: a chapter's pictures (upload, generated, legend, order, deletion; at most 5) and the person's own
// photos. Files are re-encoded by processing.ts and kept in storage beside the chapter's other files; rows
// and files are written so that a failure never leaves one without the other.
import { randomUUID } from 'node:crypto';
import { AppError, registerErrorStatus } from '../../errors.ts';
import { registerErrorMessages } from '../../i18n/messages.ts';
import { limits } from '../../limits.ts';
import type { ConversationImageWire } from '../../contract/conversations.ts';
import type {
  ChapterImage,
  PictureOrigin,
  UpdateImageBody,
  UserImage,
} from '../../contract/images.ts';
import { MAX_LEGEND_LENGTH } from '../../contract/images.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import type { UserRow } from '../accounts/repository.ts';
import { isUuid } from '../../input.ts';
import { chapterFolder, userFolder } from '../chat/service.ts';
import {
  displayFileOf,
  displayRenditionOf,
  formatOfExtension,
  processImage,
  type ImageFormat,
  type ProcessedImage,
} from './processing.ts';
import type { ImageRow, ImagesRepository, NewImage } from './repository.ts';

registerErrorStatus('file_too_large', 413);
registerErrorStatus('image_too_large', 413);
registerErrorStatus('invalid_image', 422);
registerErrorStatus('too_many_pictures_in_progress', 429);
registerErrorMessages({
  too_many_pictures_in_progress: {
    fr: 'Vos images précédentes sont encore en préparation. Réessayez dans un instant.',
    en: 'Your previous pictures are still being prepared. Try again in a moment.',
  },
  file_too_large: {
    fr: 'Ce fichier est trop lourd : 15 Mo au plus.',
    en: 'This file is too large: 15 MB at most.',
  },
  image_too_large: {
    fr: 'Cette image est trop grande : {megapixels} mégapixels au plus.',
    en: 'This image is too large: {megapixels} megapixels at most.',
  },
  invalid_image: {
    fr: 'Cette image est illisible ou incomplète.',
    en: 'This image cannot be read or is incomplete.',
  },
});

/** Draws one picture for a chapter (PNG); the illustrations module provides it. */
export type ImageGenerator = (user: UserRow, conversationId: string) => Promise<Buffer>;

/** Where the print rendition of the image stored under `key` is. */
export function printKeyOf(key: string): string {
  return key.replace(/\.[a-z]+$/, '.print.jpg');
}

/** Where the screen rendition of the image stored under `key` is. */
export function screenKeyOf(key: string): string {
  return key.replace(/\.[a-z]+$/, '.screen.jpg');
}

/** The display rendition (at most 1200 px: the app's cards) of the image stored under `key`. */
function displayOf(key: string): { key: string; contentType: string; format: ImageFormat } {
  const format = formatOfExtension(key.slice(key.lastIndexOf('.') + 1)) ?? 'jpeg';
  const file = displayFileOf(format);
  return {
    key: key.replace(/\.[a-z]+$/, `.display.${file.ext}`),
    contentType: file.contentType,
    format,
  };
}

/** Where the display rendition of the image stored under `key` is. */
export function displayKeyOf(key: string): string {
  return displayOf(key).key;
}

/**
 * A stored picture with its bytes: its print rendition (baseline JPEG, at most 1600 px) when `printReady`,
 * else the re-encoded original (at most 3000 px); and its screen rendition (at most 500 px) when it has one.
 */
export interface ImageFile {
  bytes: Buffer;
  printReady: boolean;
  screen: Buffer | null;
  legend: string | null;
  width: number;
  height: number;
}

export interface Upload {
  bytes: Buffer;
  /** The multipart `legend` field as sent, if any. */
  legend?: string;
}

/**
 * A photo a member of her circle suggested (issue 31): processed and stored in her chapter's folder (so it
 * goes with the chapter and with her account), not one of the chapter's pictures until she accepts it.
 */
export interface ContributedFile {
  id: string;
  key: string;
  thumbKey: string;
  contentType: string;
  width: number;
  height: number;
  legend: string | null;
}

export function chapterImagesFolder(userId: string, conversationId: string): string {
  return `${chapterFolder(userId, conversationId)}images/`;
}

export function ownImagesFolder(userId: string): string {
  return `${userFolder(userId)}images/`;
}

/** Trimmed; blank is no legend. */
function normaliseLegend(legend: string | null | undefined): string | null {
  const trimmed = legend?.trim();
  return trimmed ? trimmed : null;
}

function checkedLegend(legend: string | undefined): string | null {
  if (legend !== undefined && legend.length > MAX_LEGEND_LENGTH)
    throw new AppError('validation_error', {}, { loc: ['body', 'legend'] });
  if (legend?.includes('\u0000'))
    throw new AppError('validation_error', {}, { loc: ['body', 'legend'] });
  return normaliseLegend(legend);
}

export class ImagesService {
  private generator: ImageGenerator | null = null;

  constructor(
    private readonly repository: ImagesRepository,
    private readonly storage: StorageProvider,
  ) {}

  /** Set by the generation module (the illustrator); until then asking for a generated image is a 503. */
  setGenerator(generator: ImageGenerator): void {
    this.generator = generator;
  }

  /**
   * Makes the display rendition of every stored picture that has none: those stored before it existed
   * (`npm run cli -- images renditions`). Until then their cards fall back to the picture itself.
   */
  async addMissingRenditions(): Promise<{ checked: number; made: number; unreadable: number }> {
    const counts = { checked: 0, made: 0, unreadable: 0 };
    let after: string | null = null;
    for (;;) {
      const page = await this.repository.keysAfter(after, 200);
      if (page.length === 0) return counts;
      for (const { key } of page) {
        counts.checked += 1;
        const display = displayOf(key);
        if (await this.storage.has(display.key)) continue;
        try {
          const original = await this.storage.get(key);
          if (!original) throw new Error(`no file under ${key}`);
          await this.storage.put(
            display.key,
            await displayRenditionOf(original.bytes, display.format),
            display.contentType,
          );
          counts.made += 1;
        } catch (error) {
          console.warn('[images] no display rendition for', key, error);
          counts.unreadable += 1;
        }
      }
      after = page[page.length - 1]!.id;
    }
  }

  /** The storage's URL period (StorageProvider.urlPeriod); null when its URLs are not stable. */
  urlPeriod(): string | null {
    return this.storage.urlPeriod?.() ?? null;
  }

  /** The conversations module's image source: each chapter's images in position order. */
  async imagesOf(conversationIds: string[]): Promise<Map<string, ConversationImageWire[]>> {
    const rows = await this.repository.listForChapters(conversationIds);
    const byChapter = new Map<string, ConversationImageWire[]>();
    for (const row of rows) {
      const list = byChapter.get(row.conversationId!) ?? [];
      list.push({
        id: row.id,
        url: await this.storage.signedUrl(row.key),
        thumbnail_url: await this.storage.signedUrl(row.thumbKey),
        display_url: await this.storage.signedUrl(displayKeyOf(row.key)),
        legend: row.legend,
        position: row.position!,
        origin: row.origin,
      });
      byChapter.set(row.conversationId!, list);
    }
    return byChapter;
  }

  /**
   * The pictures of these chapters with their bytes, for a book: each chapter's in position order. A file
   * missing from storage (deleted meanwhile) is left out rather than failing the book.
   */
  async printImagesOf(conversationIds: string[]): Promise<Map<string, ImageFile[]>> {
    const rows = await this.repository.listForChapters(conversationIds);
    // Read together: on S3, one after the other would be up to 100 round trips in a row for a book.
    const files = await Promise.all(rows.map((row) => this.fileOf(row)));
    const byChapter = new Map<string, ImageFile[]>();
    for (const [index, row] of rows.entries()) {
      const file = files[index];
      if (!file) continue;
      const list = byChapter.get(row.conversationId!) ?? [];
      list.push(file);
      byChapter.set(row.conversationId!, list);
    }
    return byChapter;
  }

  /** Each chapter's pictures as stored (the full re-encoded file), in position order: the data export. */
  async originalFilesOf(
    conversationIds: string[],
  ): Promise<Map<string, { bytes: Buffer; legend: string | null; ext: string }[]>> {
    const byChapter = new Map<string, { bytes: Buffer; legend: string | null; ext: string }[]>();
    for (const row of await this.repository.listForChapters(conversationIds)) {
      const stored = await this.storage.get(row.key);
      if (!stored) continue;
      const list = byChapter.get(row.conversationId!) ?? [];
      list.push({
        bytes: stored.bytes,
        legend: row.legend,
        ext: row.key.split('.').pop() ?? 'jpg',
      });
      byChapter.set(row.conversationId!, list);
    }
    return byChapter;
  }

  /** The person's own photos (not in a chapter) as stored, oldest first: the data export. */
  async ownOriginalFiles(
    userId: string,
  ): Promise<{ bytes: Buffer; legend: string | null; ext: string }[]> {
    const files: { bytes: Buffer; legend: string | null; ext: string }[] = [];
    for (const row of await this.repository.allOwn(userId)) {
      const stored = await this.storage.get(row.key);
      if (stored)
        files.push({
          bytes: stored.bytes,
          legend: row.legend,
          ext: row.key.split('.').pop() ?? 'jpg',
        });
    }
    return files;
  }

  /** A chapter's first picture (its key and legend), for the public story page. */
  async firstPictureOf(
    conversationId: string,
  ): Promise<{ key: string; legend: string | null } | null> {
    const [row] = await this.repository.listForChapters([conversationId]);
    return row ? { key: row.key, legend: row.legend } : null;
  }

  /** Whether this person owns that picture (in that chapter, or among their own photos when null). */
  async owns(userId: string, conversationId: string | null, imageId: string): Promise<boolean> {
    if (!isUuid(imageId) || (conversationId !== null && !isUuid(conversationId))) return false;
    return (await this.repository.findOwned(userId, conversationId, imageId)) !== null;
  }

  /** A picture of this person with its bytes; null when it or its file is gone. */
  async ownedFile(
    userId: string,
    conversationId: string | null,
    imageId: string,
  ): Promise<ImageFile | null> {
    if (!isUuid(imageId) || (conversationId !== null && !isUuid(conversationId))) return null;
    const row = await this.repository.findOwned(userId, conversationId, imageId);
    return row ? this.fileOf(row) : null;
  }

  /**
   * The print rendition when there is one (pictures stored before it existed have none), else the image;
   * with the screen rendition when there is one.
   */
  private async fileOf(row: ImageRow): Promise<ImageFile | null> {
    const [print, screen] = await Promise.all([
      this.storage.get(printKeyOf(row.key)),
      this.storage.get(screenKeyOf(row.key)),
    ]);
    const stored = print ? null : await this.storage.get(row.key);
    if (!print && !stored) return null;
    return {
      bytes: print?.bytes ?? stored!.bytes,
      printReady: print !== null,
      screen: screen?.bytes ?? null,
      legend: row.legend,
      width: row.width,
      height: row.height,
    };
  }

  async upload(user: UserRow, conversationId: string, upload: Upload): Promise<ChapterImage> {
    const legend = checkedLegend(upload.legend);
    await this.assertRoomIn(user.id, conversationId);
    const processed = await processImage(upload.bytes, { owner: user.id });
    const row = await this.addToChapter(user.id, conversationId, processed, legend, 'photo');
    if (!row) throw new AppError('max_images_reached', { limit: limits.imagesPerChapter });
    return this.chapterWire(row);
  }

  /** `POST /conversations/{id}/images` without a file: one generated picture at the next position. */
  async generate(user: UserRow, conversationId: string): Promise<ChapterImage> {
    await this.assertRoomIn(user.id, conversationId);
    if (!this.generator) throw new AppError('service_unavailable');
    const png = await this.generator(user, conversationId);
    const image = await this.addGeneratedImage(user.id, conversationId, png);
    if (!image) throw new AppError('max_images_reached', { limit: limits.imagesPerChapter });
    return image;
  }

  /**
   * Stores a generated picture as the chapter's next image; null when the chapter already holds the
   * maximum (for the chapter generation, which then simply adds none). A missing chapter is a 404.
   */
  async addGeneratedImage(
    userId: string,
    conversationId: string,
    png: Buffer,
  ): Promise<ChapterImage | null> {
    if (!isUuid(conversationId)) throw new AppError('not_found');
    const processed = await processImage(png, { owner: userId });
    const row = await this.addToChapter(userId, conversationId, processed, null, 'illustration');
    return row ? this.chapterWire(row) : null;
  }

  async update(
    user: UserRow,
    conversationId: string,
    imageId: string,
    body: UpdateImageBody,
  ): Promise<ChapterImage> {
    if (body.legend === undefined && body.position === undefined)
      throw new AppError('validation_error', {}, { loc: ['body'] });
    if (!isUuid(conversationId) || !isUuid(imageId)) throw new AppError('not_found');
    const result = await this.repository.updateInChapter(user.id, conversationId, imageId, {
      ...(body.legend !== undefined ? { legend: normaliseLegend(body.legend) } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
    });
    if (result === 'bad_position')
      throw new AppError('validation_error', {}, { loc: ['body', 'position'] });
    if (!result) throw new AppError('not_found');
    return this.chapterWire(result);
  }

  async delete(user: UserRow, conversationId: string, imageId: string): Promise<void> {
    if (!isUuid(conversationId) || !isUuid(imageId)) throw new AppError('not_found');
    const deleted = await this.repository.deleteFromChapter(user.id, conversationId, imageId);
    if (!deleted) throw new AppError('not_found');
    await this.deleteFiles(deleted);
  }

  /** `POST /images`: one of the person's own photos (no chapter, no limit but the size ones). */
  async uploadOwn(user: UserRow, upload: Upload): Promise<UserImage> {
    const legend = checkedLegend(upload.legend);
    const processed = await processImage(upload.bytes, { owner: user.id });
    const image = this.newImage(ownImagesFolder(user.id), processed, legend);
    await this.storeFiles(image, processed);
    try {
      return await this.userWire(await this.repository.insertOwn(user.id, image));
    } catch (error) {
      await this.discardFiles(image);
      throw error;
    }
  }

  async listOwn(
    user: UserRow,
    skip: number,
    limit: number,
  ): Promise<{ data: UserImage[]; count: number }> {
    const { rows, count } = await this.repository.listOwn(user.id, skip, limit);
    return { data: await Promise.all(rows.map((row) => this.userWire(row))), count };
  }

  async deleteOwn(user: UserRow, imageId: string): Promise<void> {
    const deleted = isUuid(imageId) ? await this.repository.deleteOwn(user.id, imageId) : null;
    if (!deleted) throw new AppError('not_found');
    await this.deleteFiles(deleted);
  }

  /** A contributor's upload for her chapter: checked and re-encoded like hers, stored, not yet a picture. */
  async prepareContribution(
    ownerId: string,
    conversationId: string,
    contributorId: string,
    upload: Upload,
  ): Promise<ContributedFile> {
    const legend = checkedLegend(upload.legend);
    const processed = await processImage(upload.bytes, { owner: contributorId });
    const image = this.newImage(chapterImagesFolder(ownerId, conversationId), processed, legend);
    await this.storeFiles(image, processed);
    return {
      id: image.id,
      key: image.key,
      thumbKey: image.thumbKey,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      legend,
    };
  }

  /**
   * A suggested photo she accepted: the chapter's next picture (its files stay where they are), credited to
   * the contributor; 409 max_images_reached when the chapter is full (nothing changes then).
   */
  async adoptContribution(
    ownerId: string,
    conversationId: string,
    file: ContributedFile,
    contributorId: string,
  ): Promise<ChapterImage> {
    const outcome = await this.repository.insertIntoChapter(
      ownerId,
      conversationId,
      {
        id: file.id,
        key: file.key,
        thumbKey: file.thumbKey,
        contentType: file.contentType,
        width: file.width,
        height: file.height,
        legend: file.legend,
        origin: 'photo',
        contributed: true,
        contributorId,
      },
      limits.imagesPerChapter,
    );
    if ('missing' in outcome) throw new AppError('not_found');
    if ('full' in outcome)
      throw new AppError('max_images_reached', { limit: limits.imagesPerChapter });
    return this.chapterWire(outcome.row);
  }

  /** The files of a suggested photo declined or whose contributor is gone. */
  async discardContribution(file: Pick<ContributedFile, 'key' | 'thumbKey'>): Promise<void> {
    await this.discardFiles(file);
  }

  /** Signed links to a stored picture and its thumbnail. */
  async signedLinks(file: Pick<ContributedFile, 'key' | 'thumbKey'>) {
    return {
      url: await this.storage.signedUrl(file.key),
      thumbnail_url: await this.storage.signedUrl(file.thumbKey),
    };
  }

  /** The conversations module's chapter-deletion hook: the rows went with the chapter, the files go now. */
  async deleteChapterFiles(userId: string, conversationId: string): Promise<void> {
    await this.storage.deletePrefix(chapterImagesFolder(userId, conversationId));
  }

  /** Fails fast (before any decoding) on a missing chapter or a full one; the insert checks again. */
  private async assertRoomIn(userId: string, conversationId: string): Promise<void> {
    const count = isUuid(conversationId)
      ? await this.repository.chapterImageCount(userId, conversationId)
      : null;
    if (count === null) throw new AppError('not_found');
    if (count >= limits.imagesPerChapter)
      throw new AppError('max_images_reached', { limit: limits.imagesPerChapter });
  }

  /** Files first, then the row under the chapter lock; null when the chapter is full. No file outlives a failure. */
  private async addToChapter(
    userId: string,
    conversationId: string,
    processed: ProcessedImage,
    legend: string | null,
    origin: PictureOrigin,
  ): Promise<ImageRow | null> {
    const image = {
      ...this.newImage(chapterImagesFolder(userId, conversationId), processed, legend),
      origin,
    };
    await this.storeFiles(image, processed);
    let outcome;
    try {
      outcome = await this.repository.insertIntoChapter(
        userId,
        conversationId,
        image,
        limits.imagesPerChapter,
      );
    } catch (error) {
      await this.discardFiles(image);
      throw error;
    }
    if ('row' in outcome) return outcome.row;
    await this.discardFiles(image);
    if ('missing' in outcome) throw new AppError('not_found');
    return null;
  }

  private newImage(folder: string, processed: ProcessedImage, legend: string | null): NewImage {
    const id = randomUUID();
    return {
      id,
      legend,
      key: `${folder}${id}.${processed.ext}`,
      thumbKey: `${folder}${id}.thumb.${processed.ext}`,
      contentType: processed.contentType,
      width: processed.width,
      height: processed.height,
    };
  }

  private async storeFiles(image: NewImage, processed: ProcessedImage): Promise<void> {
    try {
      await this.storage.put(image.key, processed.image, processed.contentType);
      await this.storage.put(image.thumbKey, processed.thumbnail, processed.contentType);
      await this.storage.put(printKeyOf(image.key), processed.print, 'image/jpeg');
      await this.storage.put(screenKeyOf(image.key), processed.screen, 'image/jpeg');
      const display = displayOf(image.key);
      await this.storage.put(display.key, processed.display, display.contentType);
    } catch (error) {
      await this.discardFiles(image);
      throw error;
    }
  }

  /** Cleanup after a failure: best effort, so that the first error is the one answered. */
  private async discardFiles(image: Pick<ImageRow, 'key' | 'thumbKey'>): Promise<void> {
    await Promise.allSettled([
      this.storage.delete(image.key),
      this.storage.delete(image.thumbKey),
      this.storage.delete(printKeyOf(image.key)),
      this.storage.delete(screenKeyOf(image.key)),
      this.storage.delete(displayKeyOf(image.key)),
    ]);
  }

  private async deleteFiles(image: Pick<ImageRow, 'key' | 'thumbKey'>): Promise<void> {
    await Promise.all([
      this.storage.delete(image.key),
      this.storage.delete(image.thumbKey),
      this.storage.delete(printKeyOf(image.key)),
      this.storage.delete(screenKeyOf(image.key)),
      this.storage.delete(displayKeyOf(image.key)),
    ]);
  }

  private async chapterWire(row: ImageRow): Promise<ChapterImage> {
    return {
      id: row.id,
      url: await this.storage.signedUrl(row.key),
      thumbnail_url: await this.storage.signedUrl(row.thumbKey),
      display_url: await this.storage.signedUrl(displayKeyOf(row.key)),
      legend: row.legend,
      position: row.position!,
      origin: row.origin,
    };
  }

  private async userWire(row: ImageRow): Promise<UserImage> {
    return {
      id: row.id,
      url: await this.storage.signedUrl(row.key),
      thumbnail_url: await this.storage.signedUrl(row.thumbKey),
      legend: row.legend,
    };
  }
}

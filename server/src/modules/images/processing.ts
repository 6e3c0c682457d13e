// The upload pipeline: recognise the type by its first bytes, read the dimensions from the header before
// decoding anything (a decompression bomb is refused for the price of a header), then re-encode with the
// orientation applied and every metadata block (EXIF, GPS, XMP, IPTC, ICC) dropped, at most MAX_SIDE px on
// the long side, plus a thumbnail. At most PIPELINES images are decoded at once, so five simultaneous
// uploads keep memory bounded.
import type { Metadata, Sharp } from 'sharp';
import { loadSharp } from './sharp.ts';
import { AppError } from '../../errors.ts';
import { limits } from '../../limits.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const MAX_SIDE = 3000;
export const THUMBNAIL_SIDE = 400;
/**
 * Long side of the print rendition books use: an A5 page's widest picture (113 mm) needs 1335 px at
 * 300 dpi. Made once at upload, so a book does not decode every full-size photo again.
 */
export const PRINT_SIDE = 1600;
/**
 * Long side of the screen rendition books use for their screen PDF: the widest picture (113 mm) at 110 dpi
 * is 489 px. Made once at upload from the print rendition, as a book would make it.
 */
export const SCREEN_SIDE = 500;
/**
 * Long side of the display rendition the app's cards show: the first card of the home page spans a
 * phone's width (about 1,000 px at its density) and three fifths of a tablet's. A drawn picture of
 * 1536 × 1024 is a PNG of 1–3 MB; this one is a few dozen kB.
 */
export const DISPLAY_SIDE = 1200;
/** Decoding pipelines running at once in this process; the others wait their turn. */
const PIPELINES = 2;

const FORMATS: Record<ImageFormat, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
};

export interface ProcessedImage {
  format: ImageFormat;
  contentType: string;
  ext: string;
  image: Buffer;
  thumbnail: Buffer;
  /** Baseline JPEG, at most PRINT_SIDE px, transparency flattened on white (books). */
  print: Buffer;
  /** JPEG, at most SCREEN_SIDE px, resized from `print` (the books' screen PDF). */
  screen: Buffer;
  /** At most DISPLAY_SIDE px, in `displayFormatOf(format)` (the app's cards). */
  display: Buffer;
  width: number;
  height: number;
}

/**
 * The display rendition's format: WebP for what may be transparent or drawn (PNG and WebP originals:
 * transparency kept, flat colours a few kB), JPEG for photos, made from the print rendition (WebP took
 * five times as long to encode a 12 MP photo's, 300 ms more per upload, for no lighter a file).
 */
export function displayFormatOf(format: ImageFormat): 'jpeg' | 'webp' {
  return format === 'jpeg' ? 'jpeg' : 'webp';
}

/** The format of a file stored with this extension (FORMATS' `ext`), null for another one. */
export function formatOfExtension(ext: string): ImageFormat | null {
  return (
    (Object.keys(FORMATS) as ImageFormat[]).find((format) => FORMATS[format].ext === ext) ?? null
  );
}

/** Extension and type of the display rendition of a picture of this format. */
export function displayFileOf(format: ImageFormat): { ext: string; contentType: string } {
  return FORMATS[displayFormatOf(format)];
}

/** The display rendition (the app's cards) of a decoded picture: at most DISPLAY_SIDE px. */
function displayRendition(input: Sharp, format: 'jpeg' | 'webp'): Promise<Buffer> {
  const resized = input.resize({
    width: DISPLAY_SIDE,
    height: DISPLAY_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  return (
    format === 'jpeg' ? resized.jpeg({ quality: 80 }) : resized.webp({ quality: 80 })
  ).toBuffer();
}

/**
 * The display rendition of a picture already stored (re-encoded, oriented, at most MAX_SIDE px, in its
 * original format): for the pictures stored before that rendition existed (`npm run cli -- images
 * renditions`).
 */
export async function displayRenditionOf(stored: Buffer, format: ImageFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  return pipelines.run(null, () =>
    displayRendition(
      sharp(stored, { limitInputPixels: limits.imageMaxPixels, failOn: 'truncated' }),
      displayFormatOf(format),
    ),
  );
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format by content (magic bytes) — never by the file's name or declared type. */
export function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * Pictures one person may have being decoded or waiting for a pipeline in this process (more than a
 * chapter holds, so a whole selection sent at once gets its « five at most » answer): one more is a
 * 429, so a flood holds neither the memory of its files nor a growing line.
 */
export const MAX_PICTURES_IN_PROGRESS = 8;

/**
 * A counting semaphore shared fairly: `run` waits for a free slot, and a freed slot goes to the
 * waiter whose owner has the fewest pipelines running and was served longest ago, so one person's
 * many pictures never keep another's waiting for more than one picture.
 */
export class FairSemaphore {
  private active = 0;
  private readonly waiting: { owner: string; resolve: () => void }[] = [];
  private readonly runningBy = new Map<string, number>();
  private readonly pendingBy = new Map<string, number>();
  /** When each owner with pictures pending last got a pipeline (a counter): the longest-waiting goes first. */
  private readonly lastStartBy = new Map<string, number>();
  private starts = 0;

  constructor(
    private readonly slots: number,
    private readonly maxPerOwner: number,
  ) {}

  /** Those of this owner running or waiting. */
  pending(owner: string): number {
    return this.pendingBy.get(owner) ?? 0;
  }

  /** owner null: the operator's own work (no cap; it shares like one more person). */
  async run<T>(ownerOrNull: string | null, task: () => Promise<T>): Promise<T> {
    const owner = ownerOrNull ?? '';
    if (ownerOrNull !== null && this.pending(owner) >= this.maxPerOwner)
      throw new AppError('too_many_pictures_in_progress', {}, { retryAfter: 10 });
    bump(this.pendingBy, owner, 1);
    if (this.active >= this.slots)
      await new Promise<void>((resolve) => this.waiting.push({ owner, resolve }));
    else this.active += 1;
    bump(this.runningBy, owner, 1);
    this.lastStartBy.set(owner, (this.starts += 1));
    try {
      return await task();
    } finally {
      bump(this.runningBy, owner, -1);
      bump(this.pendingBy, owner, -1);
      if (this.pending(owner) === 0) this.lastStartBy.delete(owner);
      const next = this.takeNext();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else this.active -= 1;
    }
  }

  private takeNext(): (() => void) | undefined {
    if (this.waiting.length === 0) return undefined;
    // Fewest pipelines running first, then the owner served longest ago (never: first), then the oldest.
    const rank = (owner: string) => [
      this.runningBy.get(owner) ?? 0,
      this.lastStartBy.get(owner) ?? 0,
    ];
    let best = 0;
    for (let i = 1; i < this.waiting.length; i += 1) {
      const [running, last] = rank(this.waiting[i]!.owner);
      const [bestRunning, bestLast] = rank(this.waiting[best]!.owner);
      if (running! < bestRunning! || (running === bestRunning && last! < bestLast!)) best = i;
    }
    return this.waiting.splice(best, 1)[0]!.resolve;
  }
}

function bump(counts: Map<string, number>, owner: string, by: number): void {
  const value = (counts.get(owner) ?? 0) + by;
  if (value === 0) counts.delete(owner);
  else counts.set(owner, value);
}

const pipelines = new FairSemaphore(PIPELINES, MAX_PICTURES_IN_PROGRESS);
const FILE = ['body', 'file'];

function encode(image: Sharp, format: ImageFormat): Sharp {
  // No withMetadata/keepExif/keepIccProfile: sharp writes none of the input's metadata.
  if (format === 'jpeg') return image.jpeg({ quality: 85, progressive: true });
  if (format === 'png') return image.png({ compressionLevel: 7 });
  return image.webp({ quality: 82 });
}

/** Checks and re-encodes an uploaded or generated image; AppError for anything a person could send. */
export async function processImage(
  bytes: Buffer,
  /** owner: whose picture it is (the fair share of the pipelines); none for the operator's commands. */
  options: { maxPixels?: number; owner?: string } = {},
): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? limits.imageMaxPixels;
  const format = sniffFormat(bytes);
  if (!format) throw new AppError('invalid_file_type', {}, { loc: FILE });
  const sharp = await loadSharp();

  // The header only: width × height before a single pixel is decoded.
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('invalid_image', {}, { loc: FILE });
  }
  if (header.format !== format) throw new AppError('invalid_image', {}, { loc: FILE });
  if (!header.width || !header.height) throw new AppError('invalid_image', {}, { loc: FILE });
  const pixels = header.width * (header.pageHeight ?? header.height);
  if (pixels > maxPixels)
    throw new AppError(
      'image_too_large',
      { megapixels: Math.round(maxPixels / 1e6) },
      { loc: FILE },
    );

  return pipelines.run(options.owner ?? null, async () => {
    try {
      // limitInputPixels again: libvips itself refuses anything larger than the header promised.
      const input = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated' })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
      const { data: image, info } = await encode(input, format).toBuffer({
        resolveWithObject: true,
      });
      // JPEG and WebP decoders shrink on load: the thumbnail is cheaper from the original than from the
      // re-encoded image. PNG has no such shortcut, and the re-encoded one is smaller.
      const thumbnailSource =
        format === 'png'
          ? sharp(image)
          : sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated' }).rotate();
      const thumbnail = await encode(
        thumbnailSource.resize({
          width: THUMBNAIL_SIDE,
          height: THUMBNAIL_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        }),
        format,
      ).toBuffer();
      const print = await (
        format === 'png'
          ? sharp(image)
          : sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated' }).rotate()
      )
        .resize({ width: PRINT_SIDE, height: PRINT_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
        .toBuffer();
      const display = await displayRendition(
        format === 'jpeg'
          ? sharp(print)
          : format === 'png'
            ? sharp(image)
            : sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated' }).rotate(),
        displayFormatOf(format),
      );
      const screen = await sharp(print)
        .resize({
          width: SCREEN_SIDE,
          height: SCREEN_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: 72 })
        .toBuffer();
      return {
        format,
        ...FORMATS[format],
        image,
        thumbnail,
        print,
        screen,
        display,
        width: info.width,
        height: info.height,
      };
    } catch {
      // libvips' errors here are all about the input (truncated, corrupt, lying header).
      throw new AppError('invalid_image', {}, { loc: FILE });
    }
  });
}

// From a book's material (its texts, chapters and pictures) to the Typst jobs that make its files: the data
// JSON the templates read, pictures resized for print (300 dpi) and for the screen, and the documents to
// compile. Pure but for sharp; the templates are in ./template.
import { readFileSync } from 'node:fs';
import * as workerThreads from 'node:worker_threads';
import QRCode from 'qrcode';
import { SCREEN_SIDE } from '../images/processing.ts';
import { loadSharp } from '../images/sharp.ts';
import {
  headingText,
  NBSP,
  paragraphs,
  typeset,
  type BookLanguage,
  type TypesetOptions,
} from './typography.ts';
import type { TypesetJob } from './typesetter.ts';

export interface MaterialImage {
  bytes: Buffer;
  /** The bytes are already a print rendition (JPEG at 300 dpi or more for any place in the book). */
  printReady?: boolean;
  /** A screen rendition made at upload (JPEG, at most SCREEN_SIDE px, resized from the print one). */
  screen?: Buffer | null;
  legend: string | null;
  width: number;
  height: number;
}

export interface MaterialChapter {
  title: string;
  /** Shown under the title on multi-user accounts; null otherwise. */
  author: string | null;
  text: string | null;
  images: MaterialImage[];
  /** Issue 20: the chapter's listening page, printed as a code at its end; null without voice codes. */
  voice?: { url: string; speaker: string } | null;
  /** Issue 31: the words of her family she chose to print under this chapter, oldest first. */
  words?: MaterialWord[];
}

/** A word a member of her circle left under the chapter, as it is printed at the chapter's end. */
export interface MaterialWord {
  text: string;
  /** The author's name as her circle shows it (empty: « un proche »). Never an address. */
  name: string;
  /** How she names them (« ma fille »), as she wrote it; null when she gave none or they left. */
  relation: string | null;
}

export interface BookMaterial {
  language: BookLanguage;
  /** How the author writes dates (`en-US`, `fr-CA`…); absent: the language's usual (fr-FR, en-GB). */
  dateLocale?: string;
  title: string;
  subtitle: string;
  author: string;
  summary: string;
  dedication: string | null;
  largePrint: boolean;
  chapters: MaterialChapter[];
  cover: MaterialImage | null;
  portrait: MaterialImage | null;
  createdAt: Date;
}

/** A5 text block: 148 mm less the inside (20) and outside (15) margins. */
const TEXT_WIDTH_MM = 113;
/**
 * The box each picture is fitted in, by its shape: a landscape as wide as the text, a portrait narrower
 * (about 60 % of the text) so that it does not fill a page, a square in between; the first picture of a
 * chapter, under its title on the opening page, lower; two pictures side by side, half the text each.
 */
const FIGURE_BOX = {
  landscape: { width: TEXT_WIDTH_MM, height: 78 },
  square: { width: 84, height: 84 },
  portrait: { width: 72, height: 96 },
  first: { width: TEXT_WIDTH_MM, height: 70 },
  firstPortrait: { width: 50, height: 66 },
  half: { width: 54, height: 72 },
} as const;
/** A chapter this short (in characters) with several pictures shows them two by two. */
const SHORT_CHAPTER = 6_000;
/** Running heads longer than this (in characters) end with an ellipsis. */
const RUNNING_HEAD_MAX = { normal: 52, large: 40 };
const COVER_IMAGE = { width: 96, height: 100 };
const PORTRAIT = { width: 60, height: 75 };
const PRINT_DPI = 300;
const SCREEN_DPI = 110;
/** Offset paper of 90 g/m²: about 0.11 mm a sheet, so 0.055 mm a page, plus the cover's fold. */
const SPINE_MM_PER_PAGE = 0.055;
const SPINE_EXTRA_MM = 1;
const BLEED_MM = 3;

export const COVER_COLORS = { ink: '#23364a', paper: '#f6f1e7', accent: '#c9a86a' };

export const LABELS = {
  fr: {
    contents: 'Table des matières',
    chapter: 'Chapitre',
    by: 'par',
    colophon: (author: string, year: number) =>
      `© ${year} ${author}. Livre écrit avec Chapitres, le biographe qui écoute.`,
    edition: (date: string) => `Première édition, ${date}.`,
    brand: 'Chapitres',
    listen: (speaker: string) => `Écoutez la voix de ${speaker}`,
    scan: 'Visez ce code avec l’appareil photo d’un téléphone.',
    familyWords: (count: number) => (count > 1 ? 'Des mots de la famille' : 'Un mot de la famille'),
    relative: 'un proche',
  },
  en: {
    contents: 'Contents',
    chapter: 'Chapter',
    by: 'by',
    colophon: (author: string, year: number) =>
      `© ${year} ${author}. A book written with Chapitres, the biographer who listens.`,
    edition: (date: string) => `First edition, ${date}.`,
    brand: 'Chapitres',
    listen: (speaker: string) => `Listen to the voice of ${speaker}`,
    scan: 'Point a phone’s camera at this code.',
    familyWords: (count: number) =>
      count > 1 ? 'Words from the family' : 'A word from the family',
    relative: 'a relative',
  },
} as const;

const templates = {
  book: readFileSync(new URL('./template/book.typ', import.meta.url)),
  cover: readFileSync(new URL('./template/cover.typ', import.meta.url)),
};

export function spineWidthMm(pageCount: number): number {
  return Math.round((pageCount * SPINE_MM_PER_PAGE + SPINE_EXTRA_MM) * 10) / 10;
}

/** Width in mm of a picture fitted in a box, keeping its proportions. */
function fitWidthMm(image: MaterialImage, box: { width: number; height: number }): number {
  const aspect = image.width / Math.max(1, image.height);
  return Math.round(Math.min(box.width, box.height * aspect) * 10) / 10;
}

/** A screen rendition wider than its place needs by more than this is resized again; else used as it is. */
const SCREEN_SLACK = 1.25;
/**
 * Beside another (half the text's width), a picture takes the screen rendition made at upload as it is
 * (500 px for 54 mm, about 235 dpi): resizing every picture of a book full of them would cost more than
 * the few kilobytes it saves in the screen PDF.
 */
const SCREEN_SLACK_PAIRED = 2.5;

function asBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * The picture at the resolution its printed width needs (never enlarged), as JPEG for print. A print
 * rendition made at upload is used as it is: nothing large is decoded.
 */
async function printRendition(image: MaterialImage, widthMm: number): Promise<Buffer> {
  if (image.printReady) return image.bytes;
  const sharp = await loadSharp();
  return sharp(image.bytes, { limitInputPixels: 50_000_000 })
    .resize({ width: pixels(widthMm, PRINT_DPI), withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

function pixels(widthMm: number, dpi: number): number {
  return Math.round((widthMm / 25.4) * dpi);
}

/** Width in px of the screen rendition made at upload: the stored picture fitted in SCREEN_SIDE. */
function screenRenditionWidth(image: MaterialImage): number {
  const scale = Math.min(1, SCREEN_SIDE / Math.max(image.width, image.height, 1));
  return Math.round(image.width * scale);
}

/**
 * The picture for print and, resized from that, for the screen. The screen rendition made at upload is
 * used as it is when it is about the size its place needs (the usual case: every picture of a chapter is
 * as wide as the text or nearly), else it is resized from it, which is cheap at 500 px; decoding the
 * print rendition again is only for pictures stored before screen renditions existed.
 */
async function resampled(image: MaterialImage, widthMm: number, slack = SCREEN_SLACK) {
  const print = await printRendition(image, widthMm);
  const needed = pixels(widthMm, SCREEN_DPI);
  let screen: Buffer;
  if (image.screen && screenRenditionWidth(image) <= needed * slack) screen = image.screen;
  else {
    const sharp = await loadSharp();
    screen = await sharp(image.screen ?? print)
      .resize({ width: needed, withoutEnlargement: true })
      .jpeg({ quality: 72 })
      .toBuffer();
  }
  return { print: asBytes(print), screen: asBytes(screen) };
}

/** Runs the tasks with at most `limit` at once (sharp works on libuv's pool of four threads). */
async function inParallel<T>(tasks: (() => Promise<T>)[], limit = 4): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export interface PlacedFigure {
  path: string;
  width: number;
  caption: string | null;
}

type Block =
  | { kind: 'p'; text: string; lead?: string }
  | ({ kind: 'img'; first?: boolean } & PlacedFigure)
  | { kind: 'pair'; first?: boolean; figures: [PlacedFigure, PlacedFigure] };

/** A picture alone, or two shown side by side. */
export type FigureGroup = PlacedFigure | [PlacedFigure, PlacedFigure];

/**
 * The first words of a chapter, set in small capitals as a book opens a chapter: up to the first
 * punctuation, at most three words (and never the whole of a short paragraph).
 */
export function openingWords(text: string): { lead: string; text: string } | null {
  if (!/^[\p{L}\p{N}«“]/u.test(text)) return null;
  // Three words at most, stopping at the first punctuation.
  const words = text.split(/(?<=\S)(?=[ \u00A0])/u);
  let lead = '';
  for (const word of words.slice(0, 3)) {
    const cut = /[,;:.!?…»”)]/u.exec(word);
    if (cut) {
      lead += word.slice(0, cut.index);
      break;
    }
    lead += word;
  }
  if (!lead.trim() || lead.length >= text.length) return null;
  return { lead, text: text.slice(lead.length) };
}

/**
 * The first picture (or pair) under the title, the others spread evenly through the text, each after the
 * paragraph it belongs with; the chapter's first paragraph opens with small capitals.
 */
export function chapterBlocks(paragraphsOfText: string[], figures: FigureGroup[]): Block[] {
  const blocks: Block[] = [];
  const toBlock = (group: FigureGroup, first = false): Block =>
    Array.isArray(group)
      ? { kind: 'pair', figures: group, ...(first ? { first } : {}) }
      : { kind: 'img', ...group, ...(first ? { first } : {}) };
  const [first, ...rest] = figures;
  if (first) blocks.push(toBlock(first, true));
  const count = paragraphsOfText.length;
  let next = 0;
  paragraphsOfText.forEach((text, index) => {
    const opening = index === 0 ? openingWords(text) : null;
    blocks.push(opening ? { kind: 'p', ...opening } : { kind: 'p', text });
    while (next < rest.length && index + 1 >= Math.round(((next + 1) * count) / (rest.length + 1)))
      blocks.push(toBlock(rest[next++]!));
  });
  while (next < rest.length) blocks.push(toBlock(rest[next++]!));
  return blocks;
}

type Shape = 'landscape' | 'square' | 'portrait';

function shapeOf(image: { width: number; height: number }): Shape {
  const aspect = image.width / Math.max(1, image.height);
  return aspect >= 1.2 ? 'landscape' : aspect > 0.85 ? 'square' : 'portrait';
}

/**
 * Which pictures of a chapter go two by two: two portraits or squares in a row, and in a short chapter
 * with three pictures or more, any two in a row (else they would outrun the text, and the last would
 * stand alone on a page). The first picture stays alone under the title unless the chapter is short and
 * has an even number of them.
 */
export function pairPictures(
  images: { width: number; height: number }[],
  textLength: number,
): number[][] {
  const short = textLength < SHORT_CHAPTER && images.length >= 3;
  const groups: number[][] = [];
  let i = 0;
  while (i < images.length) {
    const a = images[i]!;
    const b = images[i + 1];
    const narrow = (x: { width: number; height: number }) => shapeOf(x) !== 'landscape';
    // An odd number in a short chapter: the first alone under the title, so that none is left alone
    // at the end, on a page of its own.
    const pairsInShort = short && !(i === 0 && images.length % 2 === 1);
    if (b && (pairsInShort || (i > 0 && narrow(a) && narrow(b)))) {
      groups.push([i, i + 1]);
      i += 2;
    } else {
      groups.push([i]);
      i += 1;
    }
  }
  return groups;
}

/** A running head short enough for one line, cut between words and ended with an ellipsis. */
export function runningHead(title: string, max: number): string {
  const flat = title.replace(/[\u00A0\u202F\u2060]/g, (c) => (c === '\u2060' ? '' : ' '));
  if (flat.length <= max) return title;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const head = (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—(-]+$/u, '');
  return `${head}…`;
}

export function editionDate(date: Date, lang: BookLanguage, locale?: string): string {
  const text = new Intl.DateTimeFormat(locale ?? (lang === 'fr' ? 'fr-FR' : 'en-GB'), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  return lang === 'fr' ? text.replace(/^1 /, '1er ') : text;
}

// Marks that turn the direction of the text after them (a name typed with one would turn the relation that
// follows it): dropped from a signature, where name and relation share one line.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The words of the family at a chapter's end: their heading, and each word's paragraphs and signature. */
export interface FamilyWords {
  heading: string;
  items: { paragraphs: string[]; signature: string }[];
}

/**
 * The words of the family as both the PDF and the EPUB print them, in the book's typography: each word's
 * paragraphs, signed « — Marie Dubois, ma fille » (her name as the circle shows it, the relation as she
 * wrote it; « un proche » for a name left empty). Null when there is none to print.
 */
export function familyWords(
  words: MaterialWord[] | undefined,
  lang: BookLanguage,
  options: TypesetOptions = {},
): FamilyWords | null {
  const line = (value: string | null) =>
    typeset((value ?? '').replace(BIDI_CONTROLS, ''), lang, options)
      .replace(/\n+/g, ' ')
      .trim();
  const items = (words ?? [])
    .map((word) => {
      const name = line(word.name) || LABELS[lang].relative;
      const relation = line(word.relation);
      return {
        paragraphs: paragraphs(word.text, lang, options),
        signature: `—${NBSP}${relation ? `${name}, ${relation}` : name}`,
      };
    })
    .filter((item) => item.paragraphs.length > 0);
  if (items.length === 0) return null;
  return { heading: LABELS[lang].familyWords(items.length), items };
}

function encodeJson(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}

/**
 * A chapter's voice code: the listening page's address as a QR code (SVG, vector in both PDFs), with the
 * middle error correction so that a worn or folded page still reads.
 */
export async function voiceCode(url: string): Promise<Uint8Array> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return new TextEncoder().encode(svg);
}

/**
 * The job that makes the print interior, the screen interior (same pages, lighter pictures) and the front
 * cover (SVG, for the preview image).
 */
export async function interiorJob(material: BookMaterial): Promise<TypesetJob> {
  const lang = material.language;
  const labels = LABELS[lang];
  const files: Record<string, Uint8Array> = {};
  const text = (value: string) => typeset(value, lang);

  // Every picture of the book, sized by its shape and its place (alone or beside another, under the
  // title or in the text), resampled in parallel; then the chapters are laid out with their paths.
  const groupsOf = material.chapters.map((chapter) =>
    pairPictures(chapter.images, chapter.text?.length ?? 0),
  );
  const figures = material.chapters.flatMap((chapter, c) => {
    const pairedAt = new Set(groupsOf[c]!.filter((g) => g.length === 2).flat());
    return chapter.images.map((image, i) => {
      const shape = shapeOf(image);
      const box = pairedAt.has(i)
        ? FIGURE_BOX.half
        : i === 0
          ? shape === 'portrait'
            ? FIGURE_BOX.firstPortrait
            : FIGURE_BOX.first
          : FIGURE_BOX[shape];
      return {
        image,
        paired: pairedAt.has(i),
        name: `c${c}-${i}.jpg`,
        width: fitWidthMm(image, box),
        caption: image.legend?.trim() ? text(image.legend) : null,
      };
    });
  });
  const portraitWidth = material.portrait ? fitWidthMm(material.portrait, PORTRAIT) : 0;
  const [portraitFiles, ...figureFiles] = await inParallel([
    async () => (material.portrait ? resampled(material.portrait, portraitWidth) : null),
    ...figures.map(
      (figure) => () =>
        resampled(figure.image, figure.width, figure.paired ? SCREEN_SLACK_PAIRED : SCREEN_SLACK),
    ),
  ]);
  figures.forEach((figure, index) => {
    files[`print/${figure.name}`] = figureFiles[index]!.print;
    files[`screen/${figure.name}`] = figureFiles[index]!.screen;
  });

  type ChapterData = {
    title: string;
    runningHead: string;
    author: string | null;
    blocks: Block[];
    voice: { path: string; line: string; scan: string } | null;
    words: FamilyWords | null;
  };
  const printChapters: ChapterData[] = [];
  const screenChapters: ChapterData[] = [];
  let figureIndex = 0;
  const headMax = material.largePrint ? RUNNING_HEAD_MAX.large : RUNNING_HEAD_MAX.normal;
  const voiceCodes = await Promise.all(
    material.chapters.map((chapter) => (chapter.voice ? voiceCode(chapter.voice.url) : null)),
  );
  material.chapters.forEach((chapter, c) => {
    const mine = figures.slice(figureIndex, figureIndex + chapter.images.length);
    figureIndex += chapter.images.length;
    const body = chapter.text ? paragraphs(chapter.text, lang) : [];
    const title = headingText(text(chapter.title), lang);
    const common = {
      title,
      runningHead: runningHead(title, headMax),
      author: chapter.author ? text(chapter.author) : null,
      voice: chapter.voice
        ? {
            path: `/voice/c${c}.svg`,
            line: text(labels.listen(chapter.voice.speaker)),
            scan: text(labels.scan),
          }
        : null,
      words: familyWords(chapter.words, lang),
    };
    const code = voiceCodes[c];
    if (code) files[`voice/c${c}.svg`] = code;
    const placed = (folder: string): FigureGroup[] =>
      groupsOf[c]!.map((group) => {
        const [a, b] = group.map((i) => ({
          path: `/${folder}/${mine[i]!.name}`,
          width: mine[i]!.width,
          caption: mine[i]!.caption,
        }));
        return b ? [a!, b] : a!;
      });
    printChapters.push({ ...common, blocks: chapterBlocks(body, placed('print')) });
    screenChapters.push({ ...common, blocks: chapterBlocks(body, placed('screen')) });
  });

  let portrait: { print: unknown; screen: unknown } = { print: null, screen: null };
  if (portraitFiles) {
    files['print/portrait.jpg'] = portraitFiles.print;
    files['screen/portrait.jpg'] = portraitFiles.screen;
    portrait = {
      print: { path: '/print/portrait.jpg', width: portraitWidth },
      screen: { path: '/screen/portrait.jpg', width: portraitWidth },
    };
  }

  const base = {
    lang,
    title: headingText(text(material.title), lang),
    runningHead: runningHead(headingText(text(material.title), lang), headMax),
    subtitle: headingText(text(material.subtitle), lang),
    author: text(material.author),
    dedication: material.dedication?.trim()
      ? text(material.dedication)
          .split('\n')
          .filter((line) => line.trim())
      : null,
    summary: paragraphs(material.summary, lang),
    largePrint: material.largePrint,
    labels: {
      contents: labels.contents,
      chapter: labels.chapter,
      by: labels.by,
      colophon: labels.colophon(text(material.author), material.createdAt.getFullYear()),
      edition: typeset(
        labels.edition(editionDate(material.createdAt, lang, material.dateLocale)),
        lang,
      ),
    },
  };
  files['print.json'] = encodeJson({ ...base, chapters: printChapters, portrait: portrait.print });
  files['screen.json'] = encodeJson({
    ...base,
    chapters: screenChapters,
    portrait: portrait.screen,
  });

  const front = await coverData(material, 'front', 0);
  Object.assign(files, front.files);
  const timestamp = Math.floor(material.createdAt.getTime() / 1000);
  files['book.typ'] = templates.book;
  files['cover.typ'] = templates.cover;
  return {
    files,
    documents: [
      // The templates read the data file named by `sys.inputs.data`.
      {
        name: 'print',
        main: 'book.typ',
        data: '/print.json',
        pdf: true,
        pdfStandard: 'a-2b',
        timestamp,
      },
      { name: 'screen', main: 'book.typ', data: '/screen.json', pdf: true, timestamp },
      { name: 'front', main: 'cover.typ', data: '/front.json', svg: true, timestamp },
    ],
  };
}

/**
 * The chapters' and portrait's pictures of an interior job, to move to the typesetter's thread rather
 * than copy (50 MB for a book of 50 photos, held twice while it compiles otherwise). Only pictures that
 * own their whole buffer, each once; never the templates (kept by this module) nor the cover, which
 * the print cover's job uses again.
 */
// In every supported Node.js (22+); @types/node 20 does not declare it yet.
const isMarkedAsUntransferable =
  (workerThreads as { isMarkedAsUntransferable?: (value: object) => boolean })
    .isMarkedAsUntransferable ?? (() => false);

export function picturesOf(job: TypesetJob): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const [path, bytes] of Object.entries(job.files)) {
    if (!path.startsWith('print/') && !path.startsWith('screen/')) continue;
    const { buffer } = bytes;
    // Node 22+ refuses to transfer a buffer it marked untransferable (e.g. one from its Buffer pool):
    // such a picture is copied instead.
    if (
      buffer instanceof ArrayBuffer &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === buffer.byteLength &&
      !isMarkedAsUntransferable(buffer)
    )
      buffers.add(buffer);
  }
  return [...buffers];
}

/** The job that makes the print cover once the interior's page count (hence the spine) is known. */
export async function coverJob(material: BookMaterial, pageCount: number): Promise<TypesetJob> {
  const { files } = await coverData(material, 'print', pageCount);
  files['cover.typ'] = templates.cover;
  return {
    files,
    documents: [
      {
        name: 'cover',
        main: 'cover.typ',
        data: '/print.json',
        pdf: true,
        pdfStandard: 'a-2b',
        timestamp: Math.floor(material.createdAt.getTime() / 1000),
      },
    ],
  };
}

async function coverData(material: BookMaterial, part: 'front' | 'print', pageCount: number) {
  const lang = material.language;
  const text = (value: string) => typeset(value, lang);
  const files: Record<string, Uint8Array> = {};
  let image = null;
  if (material.cover) {
    const widthMm = fitWidthMm(material.cover, COVER_IMAGE);
    files[`cover/${part}.jpg`] = asBytes(await printRendition(material.cover, widthMm));
    image = { path: `/cover/${part}.jpg`, widthMm };
  }
  files[`${part}.json`] = encodeJson({
    part,
    lang,
    title: text(material.title),
    subtitle: text(material.subtitle),
    author: text(material.author),
    summary: paragraphs(material.summary, lang),
    image,
    brand: LABELS[lang].brand,
    colors: COVER_COLORS,
    bleedMm: part === 'print' ? BLEED_MM : 0,
    spineMm: part === 'print' ? spineWidthMm(pageCount) : 0,
  });
  return { files };
}

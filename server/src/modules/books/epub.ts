// Issue 33: the book as an accessible, reflowable EPUB 3, made from the same material as the PDF. The XHTML
// is written here by hand (a handful of small, fixed documents) and zipped by zip.ts: the `mimetype` entry
// first and stored, the pictures (screen renditions, already JPEG) and recordings stored, the text and the
// fonts deflated. The texts go through the same typography pass as the PDF (typography.ts) but keep emoji,
// and nothing is hyphenated in advance: the reader breaks lines. Markup in a title or a caption is escaped,
// lone surrogates and characters XML forbids are dropped, right-to-left text is isolated with dir="auto".
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { strToU8 } from 'fflate';
import { SCREEN_SIDE } from '../images/processing.ts';
import { loadSharp } from '../images/sharp.ts';
import { zip, type ZipEntry } from './zip.ts';
import {
  chapterBlocks,
  editionDate,
  familyWords,
  LABELS,
  type BookMaterial,
  type MaterialImage,
} from './render.ts';
import { headingText, paragraphs, typeset, type BookLanguage } from './typography.ts';

/** One recording put inside the EPUB with voice (audio/mp4 or audio/mpeg: the formats EPUB readers play). */
export interface EpubRecording {
  bytes: Uint8Array;
  mimeType: string;
  ext: string;
}

export interface EpubOptions {
  /** The book's id: the EPUB's identifier (urn:uuid:…). */
  id: string;
  /** Per chapter (same order as `material.chapters`), the recordings to put inside; absent: none. */
  recordings?: (EpubRecording[] | null)[];
  /** When the file is made (dcterms:modified); now by default. */
  modified?: Date;
}

/** Characters of running text per page of the page list: about an A5 page of the printed book. */
export const PAGE_CHARS = 1_800;
/** Recordings an EPUB readers play without a fallback (EPUB 3.2 core media types). */
export const EPUB_AUDIO_TYPES = new Set(['audio/mp4', 'audio/mpeg']);

const FONT_FILES = {
  regular: '400Regular/EBGaramond_400Regular.ttf',
  italic: '400Regular_Italic/EBGaramond_400Regular_Italic.ttf',
} as const;

/** The embedded fonts (EB Garamond, SIL Open Font License: embedding allowed), read once. */
let fonts: Record<keyof typeof FONT_FILES, Uint8Array> | null = null;
function loadFonts() {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const base = dirname(require.resolve('@expo-google-fonts/eb-garamond/package.json'));
  fonts = {
    regular: new Uint8Array(readFileSync(join(base, FONT_FILES.regular))),
    italic: new Uint8Array(readFileSync(join(base, FONT_FILES.italic))),
  };
  return fonts;
}

const WORDS = {
  fr: {
    dedication: 'Dédicace',
    about: 'À propos de ce livre',
    portrait: (author: string) => `Portrait de ${author}`,
    pages: 'Liste des pages',
    landmarks: 'Repères',
    start: 'Début du livre',
    titlePage: 'Page de titre',
    recordings: 'Enregistrements',
    recording: (n: number) => `Enregistrement ${n}`,
    summary: (pictures: boolean, voice: boolean) =>
      'Ce livre numérique suit les règles d’accessibilité EPUB 1.1 (WCAG 2.1, niveau AA). ' +
      'Il a une table des matières, une liste des pages, des titres balisés et un ordre de lecture unique ; ' +
      'le texte se recompose librement à la taille de caractères choisie, sans coupure de mots imposée. ' +
      (pictures
        ? 'Chaque photo a sa légende pour texte de remplacement ; une photo sans légende est marquée décorative. '
        : '') +
      'Aucun texte n’est dans une image. ' +
      (voice
        ? 'Chaque chapitre enregistré finit par un lien vers sa page d’écoute, et les enregistrements sont joints. '
        : '') +
      'Aucun risque connu (ni clignotement, ni son automatique, ni mouvement).',
  },
  en: {
    dedication: 'Dedication',
    about: 'About this book',
    portrait: (author: string) => `Portrait of ${author}`,
    pages: 'Page list',
    landmarks: 'Landmarks',
    start: 'Start of the book',
    titlePage: 'Title page',
    recordings: 'Recordings',
    recording: (n: number) => `Recording ${n}`,
    summary: (pictures: boolean, voice: boolean) =>
      'This e-book follows EPUB Accessibility 1.1 (WCAG 2.1, level AA). ' +
      'It has a table of contents, a page list, marked-up headings and a single reading order; ' +
      'the text reflows freely at the chosen type size, with no forced hyphenation. ' +
      (pictures
        ? 'Every photo has its caption as alternative text; a photo without a caption is marked decorative. '
        : '') +
      'No text is in an image. ' +
      (voice
        ? 'Every recorded chapter ends with a link to its listening page, and the recordings are included. '
        : '') +
      'No known hazard (no flashing, no sound playing by itself, no motion).',
  },
} as const;

// Lone surrogates (half of an emoji cut off), and the two non-characters XML refuses.
const UNSAFE = /\p{Cs}|[\uFFFE\uFFFF]/gu;

/** Escapes text for XHTML content and attributes, after dropping what XML cannot hold. */
export function escapeXml(text: string): string {
  return text
    .replace(UNSAFE, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** An entry of the page list: the page's number and the document its marker is in. */
interface Page {
  number: number;
  file: string;
}

interface Picture {
  name: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  alt: string;
}

/** The picture at screen resolution: the rendition made at upload, else one made now (older pictures). */
async function screenPicture(image: MaterialImage, name: string, alt: string): Promise<Picture> {
  const scale = Math.min(1, SCREEN_SIDE / Math.max(image.width, image.height, 1));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  let bytes: Buffer | null = image.screen ?? null;
  if (!bytes) {
    const sharp = await loadSharp();
    bytes = await sharp(image.bytes, { limitInputPixels: 50_000_000 })
      .resize({ width, height, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
  }
  return { name, bytes: new Uint8Array(bytes), width, height, alt };
}

function page(lang: BookLanguage, title: string, body: string, bodyType?: string): string {
  const type = bodyType ? ` epub:type="${bodyType}"` : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n` +
    `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${lang}" xml:lang="${lang}">\n` +
    `<head>\n<meta charset="UTF-8"/>\n<title>${title}</title>\n<link rel="stylesheet" type="text/css" href="style.css"/>\n</head>\n` +
    `<body${type}>\n${body}\n</body>\n</html>\n`
  );
}

function pageBreak(number: number): string {
  return `<span epub:type="pagebreak" role="doc-pagebreak" id="page-${number}" aria-label="${number}"></span>`;
}

/** A picture with its caption as alternative text; without a caption it is decorative. */
function figure(picture: Picture, caption: string | null): string {
  const img =
    `<img src="images/${picture.name}" width="${picture.width}" height="${picture.height}" ` +
    (caption ? `alt="${escapeXml(caption)}"/>` : `alt="" role="presentation"/>`);
  // The caption is the picture's alternative text already: shown, but not read a second time.
  const legend = caption
    ? `\n<figcaption aria-hidden="true" dir="auto">${escapeXml(caption)}</figcaption>`
    : '';
  return `<figure>\n${img}${legend}\n</figure>`;
}

const STYLE = (largePrint: boolean) => `@charset "UTF-8";
@font-face { font-family: "EB Garamond"; font-style: normal; font-weight: normal; src: url("fonts/EBGaramond-Regular.ttf"); }
@font-face { font-family: "EB Garamond"; font-style: italic; font-weight: normal; src: url("fonts/EBGaramond-Italic.ttf"); }
body { font-family: "EB Garamond", serif; font-size: ${largePrint ? '1.3em' : '1em'}; line-height: 1.45; margin: 0 5%; }
h1, h2 { font-weight: normal; text-align: center; line-height: 1.2; margin: 2em 0 1em; page-break-after: avoid; }
h1 { font-size: 1.6em; }
h2 { font-size: 1.25em; }
h1 .number { display: block; font-size: 0.6em; font-style: italic; margin-bottom: 0.5em; }
p { margin: 0; text-indent: 1.2em; text-align: justify; hyphens: auto; -webkit-hyphens: auto; }
p.first, p.center, p.by, p.voice, section.about p { text-indent: 0; }
.lead { font-variant: small-caps; }
.center, .by, .voice { text-align: center; }
.by, .subtitle, .dedication p { font-style: italic; }
.title { font-size: 2em; margin-top: 3em; }
.subtitle { text-align: center; font-size: 1.25em; text-indent: 0; }
.author { text-align: center; font-size: 1.2em; margin-top: 2em; text-indent: 0; }
.dedication { margin-top: 30%; }
.dedication p { text-align: right; text-indent: 0; }
.voice { margin-top: 1.5em; }
section.family { margin-top: 2.5em; }
section.family h2 { font-size: 1em; font-variant: small-caps; letter-spacing: 0.04em; margin: 0 20% 0.8em; padding-top: 0.8em; border-top: 1px solid #999; }
figure.word { margin: 1em 8%; text-align: left; }
figure.word blockquote { margin: 0; font-size: 0.92em; font-style: italic; }
figure.word p { text-indent: 0; }
figure.word figcaption { text-align: right; font-size: 0.92em; font-style: normal; margin-top: 0.2em; }
.colophon { margin-top: 3em; font-size: 0.85em; text-indent: 0; }
figure { margin: 1.2em 0; text-align: center; page-break-inside: avoid; }
figure img { max-width: 100%; height: auto; }
figcaption { font-size: 0.85em; font-style: italic; margin-top: 0.3em; }
ol.recordings { list-style: none; padding: 0; }
ol.recordings li { margin: 0.5em 0; text-align: center; }
nav ol { list-style: none; padding: 0; }
nav li { margin: 0.4em 0; }
`;

/**
 * The EPUB of a book. Pictures at screen resolution (at most SCREEN_SIDE px), the body font embedded, one
 * XHTML document a chapter. Throws nothing for odd text: whatever the person typed makes a valid file.
 */
export async function buildEpub(material: BookMaterial, options: EpubOptions): Promise<Uint8Array> {
  const lang = material.language;
  const labels = LABELS[lang];
  const words = WORDS[lang];
  const clean = (value: string) => value.replace(UNSAFE, '');
  const text = (value: string) => typeset(clean(value), lang, { keepPictographs: true });
  const heading = (value: string) => headingText(text(value), lang);
  const esc = escapeXml;
  // The archive's files in their order: `mimetype` first and stored, as the OCF container requires.
  const files: ZipEntry[] = [
    { name: 'mimetype', bytes: strToU8('application/epub+zip'), store: true },
  ];
  const manifest: string[] = [];
  const spine: string[] = [];
  const pages: Page[] = [];
  const toc: string[] = [];
  const add = (id: string, href: string, type: string, properties?: string) =>
    manifest.push(
      `<item id="${id}" href="${href}" media-type="${type}"${properties ? ` properties="${properties}"` : ''}/>`,
    );
  const addPage = (file: string) => {
    const number = pages.length + 1;
    pages.push({ number, file });
    return pageBreak(number);
  };
  const document = (id: string, file: string, content: string, properties?: string) => {
    files.push({ name: `EPUB/${file}`, bytes: strToU8(content) });
    add(id, file, 'application/xhtml+xml', properties);
    spine.push(`<itemref idref="${id}"/>`);
  };

  // The pictures, at screen resolution, in the book's order.
  const captionOf = (image: MaterialImage) => (image.legend?.trim() ? text(image.legend) : null);
  const chapterPictures = await Promise.all(
    material.chapters.map((chapter, c) =>
      Promise.all(
        chapter.images.map((image, i) =>
          screenPicture(image, `c${c + 1}-${i + 1}.jpg`, captionOf(image) ?? ''),
        ),
      ),
    ),
  );
  const cover = material.cover
    ? await screenPicture(material.cover, 'cover.jpg', captionOf(material.cover) ?? '')
    : null;
  const portrait = material.portrait
    ? await screenPicture(
        material.portrait,
        'portrait.jpg',
        captionOf(material.portrait) ?? text(words.portrait(material.author)),
      )
    : null;
  const allPictures = [
    ...chapterPictures.flat(),
    ...(cover ? [cover] : []),
    ...(portrait ? [portrait] : []),
  ];
  for (const picture of allPictures) {
    files.push({ name: `EPUB/images/${picture.name}`, bytes: picture.bytes, store: true });
    add(
      `img-${picture.name.replace(/\.jpg$/, '')}`,
      `images/${picture.name}`,
      'image/jpeg',
      picture === cover ? 'cover-image' : undefined,
    );
  }

  // Title page: the cover photo, title, subtitle, author.
  const title = heading(material.title);
  const titleBody =
    `<section epub:type="titlepage" aria-labelledby="book-title">\n${addPage('title.xhtml')}\n` +
    (cover ? `${figure(cover, cover.alt || null)}\n` : '') +
    `<h1 id="book-title" class="title" dir="auto">${esc(title)}</h1>\n` +
    `<p class="subtitle" dir="auto">${esc(heading(material.subtitle))}</p>\n` +
    `<p class="author" dir="auto">${esc(text(material.author))}</p>\n</section>`;
  document('title', 'title.xhtml', page(lang, esc(title), titleBody, 'frontmatter'));
  toc.push(`<li><a href="title.xhtml">${esc(title)}</a></li>`);

  const dedication = material.dedication?.trim()
    ? text(material.dedication)
        .split('\n')
        .filter((line) => line.trim())
    : null;
  if (dedication) {
    const body =
      `<section epub:type="dedication" role="doc-dedication" class="dedication" aria-label="${esc(words.dedication)}">\n` +
      `${addPage('dedication.xhtml')}\n${dedication.map((line) => `<p dir="auto">${esc(line)}</p>`).join('\n')}\n</section>`;
    document(
      'dedication',
      'dedication.xhtml',
      page(lang, esc(words.dedication), body, 'frontmatter'),
    );
  }

  // The table of contents takes its place in the reading order (it is written last: it lists the pages).
  spine.push('<itemref idref="nav"/>');

  material.chapters.forEach((chapter, c) => {
    const file = `chapter-${String(c + 1).padStart(2, '0')}.xhtml`;
    const chapterTitle = heading(chapter.title);
    const parts: string[] = [addPage(file)];
    parts.push(
      `<h1 id="chapter-title"><span class="number">${esc(labels.chapter)} ${c + 1}</span> ` +
        `<span dir="auto">${esc(chapterTitle)}</span></h1>`,
    );
    if (chapter.author)
      parts.push(`<p class="by" dir="auto">${esc(labels.by)} ${esc(text(chapter.author))}</p>`);
    const body = chapter.text
      ? paragraphs(clean(chapter.text), lang, { keepPictographs: true })
      : [];
    const pictures = chapterPictures[c]!;
    const placed = pictures.map((p, i) => ({
      path: String(i),
      width: p.width,
      caption: p.alt || null,
    }));
    let sincePage = 0;
    for (const block of chapterBlocks(body, placed)) {
      if (block.kind === 'p') {
        const length = (block.lead ?? '').length + block.text.length;
        if (sincePage > 0 && sincePage + length > PAGE_CHARS) {
          parts.push(addPage(file));
          sincePage = 0;
        }
        sincePage += length;
        parts.push(
          block.lead
            ? `<p class="first" dir="auto"><span class="lead">${esc(block.lead)}</span>${esc(block.text)}</p>`
            : `<p dir="auto">${esc(block.text)}</p>`,
        );
      } else if (block.kind === 'img') {
        parts.push(figure(pictures[Number(block.path)]!, block.caption));
      }
    }
    // Issue 31: the words of her family she chose to print, after her own text, set apart.
    const family = familyWords(
      chapter.words?.map((w) => ({
        text: clean(w.text),
        name: clean(w.name),
        relation: w.relation === null ? null : clean(w.relation),
      })),
      lang,
      { keepPictographs: true },
    );
    if (family) {
      const items = family.items.map(
        (item) =>
          `<figure class="word">\n<blockquote>\n${item.paragraphs.map((p) => `<p dir="auto">${esc(p)}</p>`).join('\n')}\n</blockquote>\n` +
          `<figcaption dir="auto">${esc(item.signature)}</figcaption>\n</figure>`,
      );
      parts.push(
        `<section class="family" aria-labelledby="family-title">\n<h2 id="family-title">${esc(family.heading)}</h2>\n` +
          `${items.join('\n')}\n</section>`,
      );
    }
    if (chapter.voice) {
      parts.push(
        `<p class="voice"><a href="${esc(chapter.voice.url)}" dir="auto">${esc(text(labels.listen(chapter.voice.speaker)))}</a></p>`,
      );
    }
    const recordings =
      options.recordings?.[c]?.filter((r) => EPUB_AUDIO_TYPES.has(r.mimeType)) ?? [];
    if (recordings.length) {
      const items = recordings.map((recording, r) => {
        const name = `c${c + 1}-${r + 1}.${recording.ext}`;
        files.push({ name: `EPUB/audio/${name}`, bytes: recording.bytes, store: true });
        add(`audio-c${c + 1}-${r + 1}`, `audio/${name}`, recording.mimeType);
        return `<li><audio controls="controls" src="audio/${name}" aria-label="${esc(words.recording(r + 1))}"></audio></li>`;
      });
      parts.push(
        `<section class="recordings" aria-labelledby="recordings-title">\n<h2 id="recordings-title">${esc(words.recordings)}</h2>\n` +
          `<ol class="recordings">\n${items.join('\n')}\n</ol>\n</section>`,
      );
    }
    const content = `<section epub:type="chapter" role="doc-chapter" aria-labelledby="chapter-title">\n${parts.join('\n')}\n</section>`;
    document(`chapter-${c + 1}`, file, page(lang, esc(chapterTitle), content, 'bodymatter'));
    toc.push(`<li><a href="${file}">${esc(chapterTitle)}</a></li>`);
  });

  // About this book: the back-cover text, the portrait, the colophon.
  const about = [
    addPage('about.xhtml'),
    `<h1 id="about-title">${esc(words.about)}</h1>`,
    ...(portrait ? [figure(portrait, portrait.alt)] : []),
    ...paragraphs(clean(material.summary), lang, { keepPictographs: true }).map(
      (p) => `<p dir="auto">${esc(p)}</p>`,
    ),
    `<p class="colophon" dir="auto">${esc(text(labels.colophon(material.author, material.createdAt.getFullYear())))}<br/>` +
      `${esc(typeset(labels.edition(editionDate(material.createdAt, lang, material.dateLocale)), lang))}</p>`,
  ];
  document(
    'about',
    'about.xhtml',
    page(
      lang,
      esc(words.about),
      `<section epub:type="colophon" class="about" aria-labelledby="about-title">\n${about.join('\n')}\n</section>`,
      'backmatter',
    ),
  );
  toc.push(`<li><a href="about.xhtml">${esc(words.about)}</a></li>`);

  const firstChapter = `chapter-01.xhtml`;
  const nav = [
    `<nav epub:type="toc" role="doc-toc" id="toc" aria-labelledby="toc-title">\n<h1 id="toc-title">${esc(labels.contents)}</h1>\n<ol>\n${toc.join('\n')}\n</ol>\n</nav>`,
    `<nav epub:type="page-list" role="doc-pagelist" id="page-list" aria-label="${esc(words.pages)}" hidden="hidden">\n<ol>\n` +
      pages.map((p) => `<li><a href="${p.file}#page-${p.number}">${p.number}</a></li>`).join('\n') +
      `\n</ol>\n</nav>`,
    `<nav epub:type="landmarks" id="landmarks" aria-label="${esc(words.landmarks)}" hidden="hidden">\n<ol>\n` +
      `<li><a epub:type="titlepage" href="title.xhtml">${esc(words.titlePage)}</a></li>\n` +
      `<li><a epub:type="toc" href="nav.xhtml#toc">${esc(labels.contents)}</a></li>\n` +
      `<li><a epub:type="bodymatter" href="${firstChapter}">${esc(words.start)}</a></li>\n</ol>\n</nav>`,
  ];
  files.push({
    name: 'EPUB/nav.xhtml',
    bytes: strToU8(page(lang, esc(labels.contents), nav.join('\n'), 'frontmatter')),
  });
  add('nav', 'nav.xhtml', 'application/xhtml+xml', 'nav');

  files.push({ name: 'EPUB/style.css', bytes: strToU8(STYLE(material.largePrint)) });
  add('style', 'style.css', 'text/css');
  const font = loadFonts();
  // The same buffers for every book: deflated once (zip.ts).
  files.push(
    { name: 'EPUB/fonts/EBGaramond-Regular.ttf', bytes: font.regular, remember: true },
    { name: 'EPUB/fonts/EBGaramond-Italic.ttf', bytes: font.italic, remember: true },
  );
  add('font-regular', 'fonts/EBGaramond-Regular.ttf', 'font/ttf');
  add('font-italic', 'fonts/EBGaramond-Italic.ttf', 'font/ttf');

  const hasPictures = allPictures.length > 0;
  const hasVoice = manifest.some((item) => item.includes('media-type="audio/'));
  files.push({
    name: 'EPUB/package.opf',
    bytes: strToU8(
      packageDocument({
        material,
        options,
        title,
        subtitle: heading(material.subtitle),
        author: text(material.author),
        summary: words.summary(hasPictures, hasVoice),
        description: text(material.summary),
        hasPictures,
        hasVoice,
        manifest,
        spine,
      }),
    ),
  });
  files.push({
    name: 'META-INF/container.xml',
    bytes: strToU8(
      `<?xml version="1.0" encoding="UTF-8"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n` +
        `<rootfiles>\n<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>\n</rootfiles>\n</container>\n`,
    ),
  });
  return zip(files, material.createdAt);
}

interface PackageParts {
  material: BookMaterial;
  options: EpubOptions;
  title: string;
  subtitle: string;
  author: string;
  summary: string;
  description: string;
  hasPictures: boolean;
  hasVoice: boolean;
  manifest: string[];
  spine: string[];
}

/** The package document: metadata (Dublin Core, accessibility), manifest, spine. */
function packageDocument(parts: PackageParts): string {
  const { material, options } = parts;
  const esc = escapeXml;
  const modified = (options.modified ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const features = [
    'structuralNavigation',
    'tableOfContents',
    'readingOrder',
    'pageNavigation',
    'pageBreakMarkers',
    'displayTransformability',
    ...(parts.hasPictures ? ['alternativeText'] : []),
  ];
  const accessModes = [
    'textual',
    ...(parts.hasPictures ? ['visual'] : []),
    ...(parts.hasVoice ? ['auditory'] : []),
  ];
  const meta = [
    `<dc:identifier id="uid">urn:uuid:${esc(options.id)}</dc:identifier>`,
    `<dc:title id="main-title">${esc(parts.title)}</dc:title>`,
    `<meta refines="#main-title" property="title-type">main</meta>`,
    `<dc:title id="subtitle">${esc(parts.subtitle)}</dc:title>`,
    `<meta refines="#subtitle" property="title-type">subtitle</meta>`,
    `<dc:creator id="author">${esc(parts.author)}</dc:creator>`,
    `<meta refines="#author" property="role" scheme="marc:relators">aut</meta>`,
    `<dc:language>${material.language}</dc:language>`,
    `<dc:date>${material.createdAt.toISOString().slice(0, 10)}</dc:date>`,
    `<dc:publisher>Chapitres</dc:publisher>`,
    `<dc:description>${esc(parts.description)}</dc:description>`,
    `<meta property="dcterms:modified">${modified}</meta>`,
    ...accessModes.map((mode) => `<meta property="schema:accessMode">${mode}</meta>`),
    `<meta property="schema:accessModeSufficient">textual</meta>`,
    ...features.map((f) => `<meta property="schema:accessibilityFeature">${f}</meta>`),
    `<meta property="schema:accessibilityHazard">none</meta>`,
    `<meta property="schema:accessibilitySummary">${esc(parts.summary)}</meta>`,
    `<meta property="dcterms:conformsTo" id="conformance">EPUB Accessibility 1.1 - WCAG 2.1 Level AA</meta>`,
    `<meta property="a11y:certifiedBy" refines="#conformance">Chapitres</meta>`,
  ];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="${material.language}">\n` +
    `<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n${meta.join('\n')}\n</metadata>\n` +
    `<manifest>\n${parts.manifest.join('\n')}\n</manifest>\n` +
    `<spine>\n${parts.spine.join('\n')}\n</spine>\n</package>\n`
  );
}

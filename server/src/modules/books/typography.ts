// The typography pass applied to every text of a book before it is typeset: French rules for French
// books (« » with non-breaking spaces, a non-breaking space before ; : ! ?, typographic apostrophes,
// ellipsis, dashes), English rules for English books (curly quotes, no space before punctuation).
// Characters no bundled font can draw (emoji, pictographs) are removed rather than printed as boxes.

export type BookLanguage = 'fr' | 'en';

export const NBSP = '\u00A0';
/** Narrow no-break space (espace fine insécable), before ; ! ? and inside « » in careful French setting. */
export const NNBSP = '\u202F';

// Pictographs, flags (regional indicators), skin tones, and the joiners and selectors that build emoji.
const PICTOGRAPHS =
  /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D|\u20E3/gu;
// Control characters other than line breaks and tabs, and the U+FFFD of broken encodings.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/g;

/** What a pass keeps that print cannot: the EPUB keeps emoji (the reader's own fonts draw them). */
export interface TypesetOptions {
  keepPictographs?: boolean;
}

/**
 * Removes what cannot be printed and normalises spaces and line breaks (nothing else). A lone surrogate
 * (half an emoji) goes too: the input refuses them, and Typst's JSON reader fails on one.
 */
export function cleanText(text: string, options: TypesetOptions = {}): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(options.keepPictographs ? /(?!)/g : PICTOGRAPHS, '')
    .replace(CONTROLS, '')
    .replace(/\p{Cs}/gu, '')
    .replace(/[ \t\u2000-\u200A\u3000]+/g, ' ')
    .replace(/ +\n/g, '\n')
    .replace(/\n +/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Curly apostrophes: l'été → l’été, and ' between letters or after a letter at a word's end. */
function apostrophes(text: string): string {
  return text.replace(/(\p{L})'(?=\p{L}|\s|$|[.,;:!?])/gu, '$1’').replace(/'/g, '’');
}

function ellipsis(text: string): string {
  return text.replace(/\.{3,}/g, '…');
}

/** Opening or closing, for a straight double quote at `index` of `text`. */
function opensQuote(text: string, index: number, open: boolean): boolean {
  const before = index === 0 ? ' ' : text[index - 1];
  const after = text[index + 1] ?? ' ';
  if (/[\s([{\u2014\u2013-]/u.test(before)) return true;
  if (/\s/u.test(after) || /[.,;:!?)\]]/.test(after)) return false;
  return !open;
}

function frenchQuotes(text: string): string {
  let open = false;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"' || char === '“' || char === '”') {
      const opening: boolean =
        char === '“' ? true : char === '”' ? false : opensQuote(text, i, open);
      open = opening;
      out += opening ? '«' : '»';
    } else out += char;
  }
  // Exactly one non-breaking space inside guillemets, whatever was typed.
  return out.replace(/«\s*/g, `«${NBSP}`).replace(/\s*»/g, `${NBSP}»`);
}

function frenchPunctuation(text: string): string {
  return (
    text
      // ; ! ? take a narrow no-break space, : a full one; existing spaces are replaced.
      .replace(/(\S)[ \u00A0\u202F]*([;!?]+)/g, (match, before: string, marks: string) =>
        before === '«' || /[;!?]/.test(before) ? match : `${before}${NNBSP}${marks}`,
      )
      // A colon, unless it is part of a time (10:30), a ratio (2:1) or an address (https://).
      .replace(
        /(\S)[ \u00A0\u202F]*:(?!\/\/)/g,
        (match, before: string, offset: number, all: string) =>
          /\d/.test(before) && /\d/.test(all[offset + match.length] ?? '')
            ? match
            : `${before}${NBSP}:`,
      )
      // A spaced hyphen used as a dash becomes an en dash.
      .replace(/ [-–] /g, ` – `)
      // Dialogue lines opening with a hyphen or dash take an em dash and a no-break space.
      .replace(/(^|\n)[-–—]\s*/g, `$1—${NBSP}`)
  );
}

function englishQuotes(text: string): string {
  let open = false;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"' || char === '«' || char === '»') {
      const opening: boolean =
        char === '«' ? true : char === '»' ? false : opensQuote(text, i, open);
      open = opening;
      out += opening ? '“' : '”';
    } else out += char;
  }
  return out.replace(/“[\s\u00A0\u202F]+/g, '“').replace(/[\s\u00A0\u202F]+”/g, '”');
}

function englishPunctuation(text: string): string {
  return text
    .replace(/[ \u00A0\u202F]+([;:!?])/g, '$1')
    .replace(/ [-–] /g, ' — ')
    .replace(/(\p{L})'(\p{L})/gu, '$1’$2');
}

/** Word joiner: no line break on either side, nothing drawn. */
export const WJ = '\u2060';

const MONTHS = {
  fr: 'janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre',
  en: 'January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.|Feb\\.|Aug\\.|Sept?\\.|Oct\\.|Nov\\.|Dec\\.',
};
const UNITS = {
  fr: '%|‰|€|\\$|£|°|ans?|mois|jours?|heures?|h|min|kg|g|km|m|cm|mm|l|francs?|F|euros?|centimes?|ha|habitants|mètres|kilomètres|kilos|tonnes?|m²|km²',
  en: '%|‰|€|\\$|£|°|years?|months?|days?|hours?|h|min|kg|g|km|m|cm|mm|l|miles?|ft|feet|inches|lbs?|pounds|dollars|cents|acres',
};

/**
 * Numbers and dates kept whole at a line's end: a no-break space between a number and its unit or month,
 * between a month and its year (« 14 juillet 1960 », “July 14, 1960”), inside a number's thousands
 * (« 10 000 ») and around a dash between two numbers (« 1969–1971 »).
 */
function numbers(text: string, language: BookLanguage): string {
  const months = MONTHS[language];
  const units = UNITS[language];
  return (
    text
      // 10 000 → 10 000 with a narrow no-break space (only groups of exactly three digits).
      .replace(/(\d) (?=\d{3}(?!\d))/g, `$1${NNBSP}`)
      // 14 juillet, 1er mai, 3 km, 20 %, 25 ans
      .replace(
        new RegExp(`(\\d(?:er|re|e|st|nd|rd|th)?) +(?=(?:${months}|${units})(?![\\p{L}]))`, 'gu'),
        `$1${NBSP}`,
      )
      // juillet 1960, July 14, 1960
      .replace(new RegExp(`(^|[^\\p{L}])(${months}) +(?=\\d)`, 'gu'), `$1$2${NBSP}`)
      .replace(/(\d{1,2}), +(?=\d{4}(?!\d))/g, `$1,${NBSP}`)
      // 1969–1971, 1969 – 1971: the dash holds the two numbers together.
      .replace(/(\d)(?: [-–—] |[–—])(?=\d)/g, `$1${WJ}–${WJ}`)
      .replace(/(\d)-(?=\d)/g, `$1-${WJ}`)
  );
}

/** The whole pass for one text of a book, in the book's language. */
export function typeset(
  text: string,
  language: BookLanguage,
  options: TypesetOptions = {},
): string {
  const clean = ellipsis(cleanText(text, options));
  if (language === 'fr') return numbers(frenchPunctuation(frenchQuotes(apostrophes(clean))), 'fr');
  return numbers(apostrophes(englishPunctuation(englishQuotes(clean))), 'en');
}

// Short words a heading's line should not end with (a designer carries them over with the next word).
const SHORT_WORDS = {
  fr: /^(?:à|a|au|aux|de|des|du|d’|en|et|la|le|les|l’|un|une|sur|par|pour|dans|chez|ma|mon|mes|sa|son|ses|ou|ni|y)$/iu,
  en: /^(?:a|an|the|of|in|on|at|to|and|or|by|for|my|our|with|from)$/iu,
};

/**
 * A heading (chapter title, table of contents, running head) broken only between words that belong apart:
 * never inside parentheses or a date, never after a short word such as « à » or “the”, never at a hyphen.
 */
export function headingText(text: string, language: BookLanguage): string {
  const keep = (part: string) => part.replace(/[ \u00A0]+/g, NBSP);
  return (
    text
      // Whatever is in parentheses or brackets stays on one line.
      .replace(/\([^()]*\)|\[[^[\]]*\]/g, keep)
      // A short word goes with the word after it.
      .replace(/(?<=^|[\s\u00A0(])([\p{L}’]+) (?=\S)/gu, (match, word: string) =>
        SHORT_WORDS[language].test(word) ? `${word}${NBSP}` : match,
      )
      // A hyphenated word or name is never broken at its hyphen (Saint-Étienne).
      .replace(/(\p{L})-(?=\p{L})/gu, `$1-${WJ}`)
  );
}

/** A chapter's text as paragraphs (blank lines or single line breaks both separate paragraphs). */
export function paragraphs(
  text: string,
  language: BookLanguage,
  options: TypesetOptions = {},
): string[] {
  return typeset(text, language, options)
    .split(/\n+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

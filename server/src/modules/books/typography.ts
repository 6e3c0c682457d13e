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

/** Removes what cannot be printed and normalises spaces and line breaks (nothing else). */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(PICTOGRAPHS, '')
    .replace(CONTROLS, '')
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

/** The whole pass for one text of a book, in the book's language. */
export function typeset(text: string, language: BookLanguage): string {
  const clean = ellipsis(cleanText(text));
  if (language === 'fr') return frenchPunctuation(frenchQuotes(apostrophes(clean)));
  return apostrophes(englishPunctuation(englishQuotes(clean)));
}

/** A chapter's text as paragraphs (blank lines or single line breaks both separate paragraphs). */
export function paragraphs(text: string, language: BookLanguage): string[] {
  return typeset(text, language)
    .split(/\n+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

// Text preparation for speech: turns a chat reply (markdown, emoji, typographic quotes) into plain
// punctuated sentences a synthesiser reads well, caps its length and cuts it into sentence-aligned chunks.
import { EmptySpeechTextError } from './types.ts';

/** Replies are at most a few hundred words; anything longer is cut at a sentence end (5000 is the message limit). */
export const MAX_SPEECH_CHARS = 5000;

const SENTENCE_END = /[.!?…]/u;
const LINE_END_PUNCTUATION = /[.!?…:;,"']$/u;

// Spaces French typography puts before « » ! ? : ; and zero-width marks that would only confuse the reader.
const WIDE_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\t\v\f]/gu;
const INVISIBLES = /[\u00AD\u200B\u200C\u2060\uFEFF]/gu;
// Emoji are read out by name ("visage souriant"), so every pictograph and its glue characters go.
const EMOJI =
  /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u{E0020}-\u{E007F}]|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
// Other pictographic symbols (stars, boxes) and arrows; the degree sign and numero are real words, so they stay.
const OTHER_SYMBOLS = /[\p{So}\u2190-\u21FF\u27F0-\u27FF\u2900-\u297F]/gu;
const KEPT_SYMBOLS = new Set(['°', '№']);

function stripMarkdown(text: string): string {
  return (
    text
      // Fences and HTML carry no words; `<br>` and block tags still separate lines.
      .replace(/^\s*(```|~~~).*$/gmu, '')
      .replace(/<br\s*\/?>/giu, '\n')
      .replace(/<\/?(p|div|li|h[1-6])\b[^>]*>/giu, '\n')
      .replace(/<\/?[a-z][^>]*>/giu, ' ')
      // Links and images keep their words, never the address.
      .replace(/!\[([^\]]*)\]\([^)]*\)/gu, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/gu, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/gu, '$1')
      .replace(/\b(?:https?:\/\/|www\.)\S+/giu, ' ')
      // Line markers: headings, quotes, rules, list bullets, table separators.
      .replace(/^\s{0,3}#{1,6}\s+/gmu, '')
      .replace(/\s#+\s*$/gmu, '')
      .replace(/^\s*(?:>\s?)+/gmu, '')
      .replace(/^\s*(?:[-*_]\s*){3,}$/gmu, '')
      .replace(/^\s*\|(.*)\|\s*$/gmu, '$1')
      .replace(/^\s*:?-{2,}:?(?:\s*\|\s*:?-{2,}:?)*\s*$/gmu, '')
      .replace(/^\s*(?:[-*+•·▪◦‣]|\d{1,3}[.)])\s+/gmu, '')
      // Emphasis and code marks; the words inside stay.
      .replace(/(\*{1,3}|_{1,3})(?=\S)([\s\S]*?\S)\1/gu, '$2')
      .replace(/~~([\s\S]*?)~~/gu, '$1')
      .replace(/`+/gu, '')
      // Whatever is left of the syntax is read aloud as "astérisque", "dièse", "barre" otherwise.
      .replace(/\s*\|\s*/gu, ', ')
      .replace(/[*#~^\\]/gu, ' ')
      .replace(/(^|\s)_+|_+(?=\s|$)/gmu, '$1')
  );
}

function normaliseTypography(text: string): string {
  return (
    text
      .replace(/[«»“”„‟〝〞＂‹›]/gu, '"')
      .replace(/[‘’‚‛′＇]/gu, "'")
      .replace(/…/gu, '...')
      // A French dialogue dash opens a line; a spaced dash is a pause, best given as a comma.
      .replace(/^\s*[—–―-]\s+/gmu, '')
      .replace(/\s+[—–―]\s+|\s*[—―]\s*/gu, ', ')
      .replace(/\s+-\s+/gu, ', ')
  );
}

function removeSymbols(text: string): string {
  return text
    .replace(EMOJI, ' ')
    .replace(OTHER_SYMBOLS, (symbol) => (KEPT_SYMBOLS.has(symbol) ? symbol : ' '));
}

/** Each line (a heading, a list item) ends with punctuation so the voice pauses instead of running on. */
function joinLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .map((line) => (LINE_END_PUNCTUATION.test(line) ? line : `${line}.`))
    .join(' ');
}

function tidyPunctuation(text: string): string {
  return text
    .replace(/\s+/gu, ' ')
    .replace(/\(\s*\)|"\s*"/gu, ' ')
    .replace(/\s+([,.])/gu, '$1')
    .replace(/,(\s*,)+/gu, ',')
    .replace(/,\s*([.!?])/gu, '$1')
    .replace(/^[\s,.;:]+/u, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Cuts at the last sentence end before the limit (or the last space when the sentence is huge). */
export function capText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  let cut = -1;
  for (let i = head.length - 1; i >= maxChars / 2; i -= 1) {
    if (SENTENCE_END.test(head[i]!) && (i + 1 === head.length || /\s/u.test(head[i + 1]!))) {
      cut = i + 1;
      break;
    }
  }
  if (cut < 0) cut = head.lastIndexOf(' ') > maxChars / 2 ? head.lastIndexOf(' ') : maxChars;
  return head.slice(0, cut).trim();
}

/**
 * Plain, punctuated, speakable text. Throws EmptySpeechTextError when no letter or digit remains
 * (an empty reply or one made only of emoji).
 */
export function prepareSpeechText(input: string, maxChars = MAX_SPEECH_CHARS): string {
  const text = input
    .normalize('NFC')
    .replace(/\r\n?/gu, '\n')
    .replace(INVISIBLES, '')
    .replace(WIDE_SPACES, ' ');
  const spoken = tidyPunctuation(
    joinLines(normaliseTypography(removeSymbols(stripMarkdown(text)))),
  );
  if (!/[\p{L}\p{N}]/u.test(spoken)) throw new EmptySpeechTextError();
  return capText(spoken, maxChars);
}

function splitAt(piece: string, boundary: RegExp): string[] {
  return piece.split(boundary).filter((part) => part.length > 0);
}

/** Greedily packs pieces (already split at the preferred boundary) into chunks of at most maxChars. */
function pack(pieces: string[], maxChars: number, joiner: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const candidate = current ? `${current}${joiner}${piece}` : piece;
    if (candidate.length <= maxChars) {
      current = candidate;
    } else {
      if (current) chunks.push(current);
      current = piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/**
 * Sentence-aligned chunks of at most maxChars, so that one synthesis job stays short and other
 * requests get a turn between chunks. A sentence longer than a chunk is cut at commas, then spaces.
 */
export function splitIntoChunks(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const sentences = splitAt(text, /(?<=[.!?…]["']?)\s+/u);
  const fitted = sentences.flatMap((sentence) => {
    if (sentence.length <= maxChars) return [sentence];
    const clauses = pack(splitAt(sentence, /(?<=[,;:])\s+/u), maxChars, ' ');
    return clauses.flatMap((clause) => {
      if (clause.length <= maxChars) return [clause];
      const words = pack(clause.split(' '), maxChars, ' ');
      return words.flatMap((word) =>
        word.length <= maxChars
          ? [word]
          : (word.match(new RegExp(`[\\s\\S]{1,${maxChars}}`, 'gu')) ?? []),
      );
    });
  });
  return pack(fitted, maxChars, ' ');
}

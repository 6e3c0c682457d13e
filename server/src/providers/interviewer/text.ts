// Small text tools of the embedded interviewer: normalisation, stable hashing, word counts, French typography.
import type { Language } from './types.ts';

/** Lower case, no accents, straight apostrophes: the form every matcher compares. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .toLowerCase();
}

/** FNV-1a, 32 bits: the engine's only source of variety, so the same context always gives the same reply. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A short, stable token for ids (`follow:person:k3x9a1-2`). */
export function shortHash(text: string): string {
  return hash32(text).toString(36).padStart(7, '0');
}

/** Rotates `items` so that the start depends on `seed`: deterministic variety without Math.random. */
export function rotate<T>(items: readonly T[], seed: number): T[] {
  if (items.length === 0) return [];
  const start = seed % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

/** Words that carry letters or digits (emoji and punctuation alone do not count). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

export function capitalize(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const char = String.fromCodePoint(first);
  return char.toLocaleUpperCase('fr') + text.slice(char.length);
}

/** True when most letters are capitals: capitalisation then says nothing about names. */
export function isMostlyUpperCase(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < 4) return false;
  const upper = letters.filter((l) => l !== l.toLowerCase() && l === l.toUpperCase()).length;
  return upper / letters.length > 0.7;
}

/** Cuts a quotation at a word boundary so it can be read back to the person without swallowing a paragraph. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/u, '')}…`;
}

/**
 * French typography for what is shown and spoken: no-break spaces before the high punctuation and inside
 * guillemets, so a question mark never starts a line on a phone screen.
 */
export function typeset(text: string, language: Language): string {
  const single = text
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([,.])/g, '$1')
    .trim();
  if (language !== 'fr') return single;
  return single
    .replace(/ ?([?!;])/g, '\u202F$1')
    .replace(/ :/g, '\u00A0:')
    .replace(/« ?/g, '«\u00A0')
    .replace(/ ?»/g, '\u00A0»');
}

// The rule every writer keeps: no name, place, year or number that the person (or the interview) did not say.
import type { Language } from './types.ts';
import { EN_NUMBER_WORDS, FR_NUMBER_WORDS } from '../interviewer/lexicon.ts';
import { normalize } from '../interviewer/text.ts';
import { straightApostrophes } from './text.ts';
import { spelledNumbers as spokenNumbers } from '../speech/numbers.ts';

const CAPITALISED = /(?<![\p{L}\p{N}-])\p{Lu}[\p{L}]*(?:['-]\p{L}+)*/gu;
const NUMBER = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)?/gu;
const SMALL_NUMBERS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
};

/**
 * The tokens of `text` that none of `sources` contains: capitalised words that do not open a sentence
 * (names, places) and numbers (years, ages, counts). `allowed` lists words a writer may add (the
 * person's name, the writer's own connectives); comparisons ignore case and accents.
 */
export function findUnsupported(
  text: string,
  sources: string[],
  language: Language,
  allowed: Iterable<string> = [],
): string[] {
  const source = ` ${normalize(straightApostrophes(sources.join('\n')))} `;
  const sourceWords = new Set(source.match(/[\p{L}\p{N}]+/gu) ?? []);
  const allowedWords = new Set(
    [...allowed].flatMap((a) => normalize(straightApostrophes(a)).match(/[\p{L}\p{N}]+/gu) ?? []),
  );
  const plain = straightApostrophes(text);
  const missing: string[] = [];
  const add = (token: string) => {
    if (!missing.includes(token)) missing.push(token);
  };
  for (const match of plain.matchAll(CAPITALISED)) {
    const token = match[0];
    if (opensSentence(plain, match.index!)) continue;
    if (language === 'en' && /^I(?:'\w+)?$/.test(token)) continue;
    const parts = normalize(token).match(/[\p{L}]+/gu) ?? [];
    // Elided articles inside a name ("Pont-l'Abbé") are checked with the name, not alone.
    const meaningful = parts.filter((p) => p.length > 1 || parts.length === 1);
    if (meaningful.every((p) => sourceWords.has(p) || allowedWords.has(p))) continue;
    add(token);
  }
  const numbersSaid = spelledNumbers(source, language);
  for (const said of spokenNumbers(source, language)) numbersSaid.add(said.value);
  for (const match of plain.matchAll(NUMBER)) {
    const token = match[0];
    const value = Number(token.replace(',', '.'));
    if (sourceWords.has(token) || source.includes(token) || numbersSaid.has(value)) continue;
    // « en soixante-huit », "in '68": a year of the last century said by its last two digits.
    if (
      value >= 1920 &&
      value <= 1999 &&
      (numbersSaid.has(value - 1900) || sourceWords.has(String(value - 1900)))
    )
      continue;
    if (allowedWords.has(token)) continue;
    add(token);
  }
  return missing;
}

function opensSentence(text: string, at: number): boolean {
  // "… un coquillage. » Sa mère": a closing quotation mark after the full stop still ends the sentence.
  return at === 0 || /(?:^|[.!?…:][\s»”"]*|\n\s*)[\s«“"(—–-]*$/u.test(text.slice(0, at));
}

/** Numbers the sources say in words ("à vingt-deux ans", "dix-huit"), so "22" in a summary is not an invention. */
function spelledNumbers(source: string, language: Language): Set<number> {
  const table: Record<string, number> = {
    ...(language === 'fr' ? FR_NUMBER_WORDS : EN_NUMBER_WORDS),
    ...SMALL_NUMBERS,
  };
  const units: Record<string, number> = {
    un: 1,
    deux: 2,
    trois: 3,
    quatre: 4,
    cinq: 5,
    six: 6,
    sept: 7,
    huit: 8,
    neuf: 9,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    seven: 7,
    eight: 8,
    nine: 9,
  };
  const values = new Set<number>();
  const tokens = source.match(/[\p{L}]+(?:-[\p{L}]+)*/gu) ?? [];
  for (const token of tokens) {
    const t = normalize(token);
    if (table[t] !== undefined) values.add(table[t]!);
    // "vingt-deux", "soixante-et-un", "twenty-two"
    const parts = t.split('-').filter((p) => p !== 'et');
    if (parts.length < 2) continue;
    const last = parts[parts.length - 1]!;
    const head = parts.slice(0, -1).join('-');
    if (table[head] !== undefined && units[last] !== undefined)
      values.add(table[head]! + units[last]!);
    // "soixante-dix-sept", "quatre-vingt-dix-huit"
    const teen = table[parts.slice(-2).join('-')];
    const before = parts.slice(0, -2).join('-');
    if (teen !== undefined && before && table[before] !== undefined)
      values.add(table[before]! + teen);
    if (before === 'quatre-vingt' && teen !== undefined) values.add(80 + teen);
  }
  return values;
}

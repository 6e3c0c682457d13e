// The rule every writer keeps: no name, place, year or number that the person (or the interview) did not say.
import type { Language } from './types.ts';
import { normalize } from '../interviewer/text.ts';
import { straightApostrophes } from './text.ts';
import { spelledNumbers, wordValue } from '../speech/numbers.ts';

const CAPITALISED = /(?<![\p{L}\p{N}-])\p{Lu}[\p{L}]*(?:['-]\p{L}+)*/gu;
const NUMBER = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)?/gu;

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
  const numbersSaid = numbersInWords(source, language);
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

/**
 * Numbers the sources say in words, so « 22 » or « 1964 » in a text is not an invention: each word or compound
 * (« vingt-deux », « soixante-dix-sept ») and each run of them (« mille neuf cent soixante-quatre »).
 */
function numbersInWords(source: string, language: Language): Set<number> {
  const values = new Set<number>();
  for (const token of source.match(/[\p{L}]+(?:-[\p{L}]+)*/gu) ?? []) {
    const value = wordValue(token, language);
    if (value !== null) values.add(value);
  }
  for (const run of spelledNumbers(source, language)) values.add(run.value);
  return values;
}

// Keywords of a chapter by term weighting over the person's own answers: names and places first, then the words they come back to.
import type { Language } from './types.ts';
import { NOT_NAMES, PLACE_NAMES } from '../interviewer/lexicon.ts';
import { normalize } from '../interviewer/text.ts';
import { isStopWord } from './stopwords.ts';
import { straightApostrophes } from './text.ts';

export const MIN_KEYWORDS = 3;
export const MAX_KEYWORDS = 8;
/** A proper noun counts this many times a common word: a chapter about Douarnenez is found by "Douarnenez". */
const PROPER_WEIGHT = 3;

const TITLES = /^(?:Monsieur|Madame|Mademoiselle|Mr|Mrs|Ms|Miss|Dr|Docteur|Saint|Sainte)$/;
const NOT_NAMES_SET = new Set(NOT_NAMES);
/** Sentence openers that are not in the stop-word lists and are no names. */
const COMMON_OPENERS = new Set([
  'ensemble',
  'pourtant',
  'ainsi',
  'heureusement',
  'malheureusement',
  'parfois',
  'chez',
  'ici',
  'voila',
  'bref',
  'oui',
  'non',
  'sinon',
  'pendant',
  'durant',
  'selon',
  'hello',
  'yes',
  'sometimes',
  'anyway',
  'luckily',
]);
const PARTICLES = /^(?:Le|La|De|Du|Des|Van|Von|Da|Di)$/;
const PLACES = new Set(PLACE_NAMES.map(normalize));
const NAME_WORD = "\\p{Lu}[\\p{Ll}'’]*(?:-[\\p{L}'’]+)*";
const NAME_RUN = new RegExp(`(?<![\\p{L}'’-])${NAME_WORD}(?:\\s+${NAME_WORD})*`, 'gu');

export interface Term {
  /** as shown: proper nouns keep their capitals, other words are lower case */
  text: string;
  proper: boolean;
  count: number;
  /** first position in the answers, for a stable order between equal scores */
  first: number;
  score: number;
}

/** Proper nouns of the answers: capitalised runs not opening a sentence (or opening one but also seen inside one). */
export function properNouns(
  answers: string[],
  ownNames: string[] = [],
): Map<string, { text: string; count: number; first: number }> {
  const own = new Set(ownNames.map(normalize));
  const text = answers.map(straightApostrophes).join('\n');
  const runs: { name: string; at: number; start: boolean }[] = [];
  for (const match of text.matchAll(NAME_RUN)) {
    let words = match[0].split(/\s+/);
    let at = match.index!;
    // "Mademoiselle Le Gall" is "Le Gall"; "Je", "Quand" opening a sentence are no names.
    let titled = false;
    while (words.length && TITLES.test(words[0]!)) {
      at += words[0]!.length + 1;
      words = words.slice(1);
      titled = true;
    }
    // "Le Gall", "De Gaulle": a particle opening a name is part of it, after a title or before another capital.
    while (
      words.length &&
      NOT_NAMES_SET.has(normalize(words[0]!).replace(/'.*$/, '')) &&
      !((titled || words.length > 1) && PARTICLES.test(words[0]!))
    ) {
      at += words[0]!.length + 1;
      words = words.slice(1);
    }
    if (!words.length) continue;
    const start = /(?:^|[.!?…:\n]\s*|[«"“]\s*)$/u.test(text.slice(0, at));
    runs.push({ name: words.join(' '), at, start });
  }
  const inside = new Set(runs.filter((r) => !r.start).map((r) => normalize(r.name)));
  const lowerWords = new Set(text.match(/(?<![\p{L}])\p{Ll}[\p{L}'-]*/gu) ?? []);
  // "Lucien portait…": a first name opening a sentence, never written in lower case and shaped like no common word.
  const looksLikeName = (name: string) =>
    !name.includes(' ') &&
    name.length >= 3 &&
    !lowerWords.has(name.toLowerCase()) &&
    !isStopWord(name, 'fr') &&
    !isStopWord(name, 'en') &&
    !/(?:ment|ait|aient|ais|er|é|ée|és|ées|ant|ent|ons|ez|ing|ed|ly|ness)$/i.test(name) &&
    !COMMON_OPENERS.has(normalize(name));
  const found = new Map<string, { text: string; count: number; first: number }>();
  for (const run of runs) {
    const key = normalize(run.name);
    if (own.has(key) || run.name.split(' ').some((w) => own.has(normalize(w)))) continue;
    if (run.start && !inside.has(key) && !PLACES.has(key) && !looksLikeName(run.name)) continue;
    if (run.name.length < 2) continue;
    const entry = found.get(key);
    if (entry) entry.count++;
    else found.set(key, { text: run.name, count: 1, first: run.at });
  }
  return found;
}

/** Every candidate term with its weight, best first (deterministic: score, then first mention). */
export function weighTerms(answers: string[], language: Language, ownNames: string[] = []): Term[] {
  const proper = properNouns(answers, ownNames);
  const properWords = new Set([...proper.keys()].flatMap((k) => k.split(/[\s-]+/)));
  const own = new Set(ownNames.map(normalize));
  const text = answers.map(straightApostrophes).join('\n');
  const common = new Map<string, { text: string; count: number; first: number }>();
  for (const match of text.matchAll(/[\p{L}]+(?:['-][\p{L}]+)*/gu)) {
    let word = match[0];
    // "l'école" counts as "école".
    word = word.replace(/^(?:[lLdDjJmMtTsSnNcC]|[Qq]u|[Jj]usqu|[Ll]orsqu|[Pp]uisqu)'/, '');
    const lower = word.toLocaleLowerCase(language);
    const key = normalize(lower);
    if (key.length < 3 || isStopWord(lower, language) || properWords.has(key) || own.has(key))
      continue;
    if (NOT_NAMES_SET.has(key) && /^\p{Lu}/u.test(word)) continue;
    const entry = common.get(key);
    if (entry) entry.count++;
    else common.set(key, { text: lower, count: 1, first: match.index! });
  }
  // "crêpe" and "crêpes" are one word: the plural folds into the singular when both were said.
  for (const [key, entry] of [...common]) {
    const singular = key.replace(/[sx]$/, '');
    if (singular !== key && common.has(singular)) {
      const target = common.get(singular)!;
      target.count += entry.count;
      target.first = Math.min(target.first, entry.first);
      common.delete(key);
    }
  }
  const terms: Term[] = [
    ...[...proper.values()].map((p) => ({ ...p, proper: true, score: p.count * PROPER_WEIGHT })),
    ...[...common.values()].map((c) => ({ ...c, proper: false, score: c.count })),
  ];
  return terms.sort((a, b) => b.score - a.score || a.first - b.first);
}

/** 3 to 8 keywords (fewer only when the answers hold fewer words worth one); proper nouns keep their capitals. */
export function extractKeywords(
  answers: string[],
  language: Language,
  ownNames: string[] = [],
): string[] {
  const terms = weighTerms(answers, language, ownNames);
  const chosen = terms.filter((t) => t.proper || t.count >= 2).slice(0, MAX_KEYWORDS);
  for (const term of terms) {
    if (chosen.length >= MIN_KEYWORDS) break;
    if (!chosen.includes(term)) chosen.push(term);
  }
  return chosen.map((t) => t.text);
}

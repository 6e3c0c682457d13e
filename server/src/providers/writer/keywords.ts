// Keywords of a chapter by term weighting over the person's own answers: names and places first, then the words they come back to.
import type { Language } from './types.ts';
import { EN_RELATIONS, FR_RELATIONS, NOT_NAMES, PLACE_NAMES } from '../interviewer/lexicon.ts';
import { normalize } from '../interviewer/text.ts';
import { isStopWord } from './stopwords.ts';
import type { Entity } from '../understanding/index.ts';
import { isProductName, readNames } from '../understanding/index.ts';
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
  // What each name is (issue 30): a place she denied, a drink said once, the app are no keywords.
  const readings = nameReadings(answers, language, ownNames);
  for (const [key, entry] of [...proper]) {
    const entity = readings(key);
    if (
      isProductName(entry.text) ||
      entity?.negated ||
      ((entity?.kind === 'food' || entity?.kind === 'thing') && entry.count < 2)
    )
      proper.delete(key);
  }
  const verbs = verbForms(text, language);
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
    // « commencé » after « j'ai », « travailler » after « allait »: what she did is no subject.
    if (verbs.has(key)) continue;
    if (proper.has(key)) continue;
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
  // "Marks" and "Spencer" are one firm, "Marks and Spencer": one keyword, as she said it.
  const readings = nameReadings(answers, language, ownNames);
  const out: string[] = [];
  for (const term of chosen) {
    const entity = term.proper ? readings(normalize(term.text)) : undefined;
    const whole = entity && /\s(?:and|&|et)\s/.test(entity.name) ? entity.name : term.text;
    if (!out.includes(whole)) out.push(whole);
  }
  return out;
}

/**
 * What each name of the answers is, by its key as `properNouns` gives it (« le gall » finds « Mademoiselle
 * Le Gall »): read from the words around all its mentions (understanding/).
 */
export function nameReadings(
  answers: string[],
  language: Language,
  ownNames: string[] = [],
): (key: string) => Entity | undefined {
  const text = answers.map(straightApostrophes).join('\n');
  const entities = [...readNames(text, language, { ownNames }).values()];
  const byKey = new Map(entities.map((e) => [e.key, e]));
  return (key) =>
    byKey.get(key) ??
    entities.find(
      (e) => e.key.endsWith(` ${key}`) || e.key.startsWith(`${key} `) || key.endsWith(` ${e.key}`),
    );
}

const FR_SUBJECTS = "(?:je|j'|tu|il|elle|on|nous|vous|ils|elles|qui)";
/** Accents matter here: « a » is « avoir », « à » a preposition. */
const FR_AUXILIARIES =
  '(?:ai|as|a|avons|avez|ont|avais|avait|avions|aviez|avaient|aurait|aurais|eu|suis|es|est|sommes|êtes|sont|étais|était|étions|étiez|étaient|été|serait|fut)';
const FR_PARTICIPLE = '(?:é|ée|és|ées|i|ie|is|ies|u|ue|us|ues|it|ite|ert|erte|ort|orte|int|inte)';
const FR_BEFORE_INFINITIVE =
  '(?:pour|aller|allait|allais|allions|vais|va|fallait|faut|pouvait|pouvais|pouvions|pouvaient|voulait|voulais|devait|devais|savait|savais|aimait|aimais|adorait|adorais|commencé à|commençait à|appris à|fini de|arrêté de|continué à|obligé de|obligée de|envie de|laissait|voyait|entendait)';
const EN_SUBJECTS = '(?:i|we|he|she|they|you|who)';
const EN_AUXILIARIES = '(?:have|has|had|was|were|been|be|being|am|is|are)';
const EN_PARTICIPLE = '(?:[\\p{L}]+(?:ed|ing)|been|done|gone|seen|taken|given|written|known|born)';
const EN_BEFORE_INFINITIVE =
  "(?:would|could|should|might|must|will|can|did|didn't|used to|going to|wanted to|had to|started to|began to|liked to|loved to)";
const ADVERB_FR =
  '(?:(?:pas|jamais|déjà|bien|tout|beaucoup|vite|souvent|toujours|encore|enfin|ensuite|aussi)\\s+)?';
const ADVERB_EN = '(?:(?:not|never|already|always|just|really|often|also|then|first)\\s+)?';

const FR_KIN = FR_RELATIONS.map(([w]) => w).join('|');
const EN_KIN = EN_RELATIONS.map(([w]) => w).join('|');

const VERB_PATTERNS: Record<Language, RegExp[]> = {
  fr: [
    // « ma petite-fille travaille », « mon père servait »: the word after a relation said as subject.
    new RegExp(
      `(?<![\\p{L}])(?:mon|ma|mes|notre|nos)\\s+(?:${FR_KIN})\\s+(?:ne\\s+|n'|se\\s+|s'|nous\\s+|me\\s+|m'|y\\s+)?([\\p{L}]+(?:e|es|ait|aient|it|ut|a))(?![\\p{L}])`,
      'gu',
    ),
    new RegExp(
      `(?<![\\p{L}])${FR_SUBJECTS}\\s*(?:ne\\s+|n'|me\\s+|m'|te\\s+|t'|se\\s+|s'|lui\\s+|leur\\s+)?([\\p{L}]+)`,
      'gu',
    ),
    new RegExp(
      `(?<![\\p{L}])${FR_AUXILIARIES}\\s+${ADVERB_FR}([\\p{L}]+${FR_PARTICIPLE})(?![\\p{L}])`,
      'gu',
    ),
    new RegExp(
      `(?<![\\p{L}])${FR_BEFORE_INFINITIVE}\\s+(?:se\\s+|s'|me\\s+|m'|y\\s+|en\\s+)?([\\p{L}]+(?:er|ir|re))(?![\\p{L}])`,
      'gu',
    ),
  ],
  en: [
    new RegExp(
      `(?<![\\p{L}'])(?:my|our)\\s+(?:${EN_KIN})\\s+${ADVERB_EN}([\\p{L}]+(?:s|ed))(?![\\p{L}])`,
      'gu',
    ),
    new RegExp(`(?<![\\p{L}'])${EN_SUBJECTS}\\s+${ADVERB_EN}([\\p{L}]+)`, 'gu'),
    new RegExp(
      `(?<![\\p{L}'])${EN_AUXILIARIES}\\s+${ADVERB_EN}(${EN_PARTICIPLE})(?![\\p{L}])`,
      'gu',
    ),
    new RegExp(
      `(?<![\\p{L}'])${EN_BEFORE_INFINITIVE}\\s+${ADVERB_EN}([\\p{L}]+)(?![\\p{L}])`,
      'gu',
    ),
  ],
};

/**
 * Words used as verbs somewhere in the answers: right after a subject pronoun (« on travaillait »), a
 * participle after an auxiliary (« j'ai commencé »), an infinitive after « pour », « aller », « fallait »
 * ("would", "used to"). Normalised keys.
 */
function verbForms(text: string, language: Language): Set<string> {
  const lower = text.toLocaleLowerCase(language).replace(/[’‘]/g, "'");
  const verbs = new Set<string>();
  for (const pattern of VERB_PATTERNS[language])
    for (const match of lower.matchAll(pattern)) verbs.add(normalize(match[1]!));
  return verbs;
}

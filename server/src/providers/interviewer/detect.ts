// Reads an answer for what a biographer would pick up on: a person, a place, a time, a feeling, a sense.
import type { Language } from './types.ts';
import type { Gender, Register } from './render.ts';
import { frDe } from './render.ts';
import { clip, isMostlyUpperCase, normalize } from './text.ts';
import { truecase } from '../speech/truecase.ts';
import { yearsToDigits } from '../speech/numbers.ts';
import { nameKey, speechLexicon } from '../speech/lexicon.ts';
import {
  EN_BARE_RELATIONS,
  EN_COMMON_PLACES,
  EN_DECADE_WORDS,
  EN_EVENTS,
  EN_FEELINGS,
  EN_NOT_BEFORE_NAME,
  EN_NUMBER_WORDS,
  EN_RELATIONS,
  EN_SENSES,
  FR_BARE_RELATIONS,
  FR_COMMON_PLACES,
  FR_DECADE_WORDS,
  FR_EVENTS,
  FR_FEELINGS,
  FR_NOT_BEFORE_NAME,
  FR_NUMBER_WORDS,
  FR_RELATIONS,
  FR_SENSES,
  HEAVY_WORDS_EN,
  HEAVY_WORDS_FR,
  NOT_NAMES,
  PLACE_NAMES,
} from './lexicon.ts';

export type DetailKind = 'person' | 'place' | 'time' | 'feeling' | 'sense';

export interface Detail {
  kind: DetailKind;
  /** said back to the person: "votre grand-mère Louise", "à Lyon", "en 1956", "cette peur", "l'odeur du pain" */
  phrase: string;
  /** what makes two mentions the same detail (normalised), so a detail is followed up once */
  key: string;
  gender: Gender | null;
  /** position in the answer: later details are what was "just said" */
  at: number;
  /** times only: the year, when one was said */
  year?: number;
  /** feelings only: a painful one */
  heavy?: boolean;
  /** places only: the place as a noun ("la Bretagne" for "en Bretagne"), when it can be said so */
  noun?: string;
}

export interface DetectOptions {
  register: Register;
  /** the person's own names: "je m'appelle Jeanne" is not a third person */
  ownNames: string[];
}

const NOT_NAMES_SET = new Set(NOT_NAMES);
const PLACE_SET = new Set(PLACE_NAMES.map(normalize));
const L = '\\p{L}';
const NAME = `\\p{Lu}[\\p{Ll}'’]+(?:-\\p{Lu}[\\p{Ll}'’]+)*`;

export function detectDetails(
  answer: string,
  language: Language,
  options: DetectOptions,
): Detail[] {
  // Capitals mean nothing in a text typed with caps lock: work on lower case, put back known place names.
  // Recognised speech has no capitals, not even on names: they are put back first (« saint-étienne »), and
  // years said in words become digits (« en soixante-huit »).
  const text = isMostlyUpperCase(answer)
    ? recapitalizePlaces(answer.toLowerCase())
    : /\p{Lu}/u.test(answer)
      ? answer
      : truecase(yearsToDigits(answer, language), language);
  const details = [
    ...detectPersons(text, language, options),
    ...detectPlaces(text, language),
    ...detectTimes(text, language),
    ...detectFeelings(text, language),
    ...detectSenses(text, language, options.register),
  ];
  // One entry per detail, at its last mention.
  const byKey = new Map<string, Detail>();
  for (const detail of details.sort((a, b) => a.at - b.at))
    byKey.set(`${detail.kind}:${detail.key}`, detail);
  return [...byKey.values()].sort((a, b) => a.at - b.at);
}

/** Whether the answer speaks of something painful (death, illness, war…), whatever the follow-up. */
/** A brand, a vehicle or a firm of the lists (« Peugeot », « Manufrance »), never a place. */
function isThing(name: string, language: Language): boolean {
  const bare = name.replace(/^(?:La|Le|Les|L'|The)\s?/, '');
  const entry = speechLexicon(language).names.get(nameKey(bare));
  return entry !== undefined && (entry.kind === 'brand' || entry.kind === 'firm');
}

export function soundsHeavy(answer: string, language: Language): boolean {
  const norm = normalize(answer);
  if ((language === 'fr' ? HEAVY_WORDS_FR : HEAVY_WORDS_EN).test(norm)) return true;
  return (language === 'fr' ? FR_FEELINGS : EN_FEELINGS).some(
    (f) => f.heavy && f.pattern.test(norm),
  );
}

/** "ma mère" said by the person becomes "votre mère" (or "ta mère") when the biographer says it back. */
export function toSecondPerson(phrase: string, language: Language, register: Register): string {
  const swap = (map: Record<string, string>) =>
    phrase.replace(
      re(`(?<![${L}'’])(${Object.keys(map).join('|')})(?![${L}'’])`, 'giu'),
      (word) => {
        const replacement = map[word.toLowerCase()] ?? word;
        // "I" is a capital by spelling, not because it starts a sentence.
        return word !== 'I' &&
          word[0] === word[0]!.toUpperCase() &&
          word[0] !== word[0]!.toLowerCase()
          ? replacement[0]!.toUpperCase() + replacement.slice(1)
          : replacement;
      },
    );
  if (language === 'en')
    return swap({
      my: 'your',
      our: 'your',
      me: 'you',
      mine: 'yours',
      myself: 'yourself',
      i: 'you',
    });
  return register === 'tu'
    ? swap({ mon: 'ton', ma: 'ta', mes: 'tes', notre: 'votre', nos: 'vos', moi: 'toi' })
    : swap({ mon: 'votre', ma: 'votre', mes: 'vos', notre: 'votre', nos: 'vos', moi: 'vous' });
}

function recapitalizePlaces(lower: string): string {
  let text = lower;
  for (const place of PLACE_NAMES) {
    text = text.replace(re(`(?<![${L}])${escape(place.toLowerCase())}(?![${L}])`, 'gu'), place);
  }
  return text;
}

function detectPersons(text: string, language: Language, options: DetectOptions): Detail[] {
  const found: Detail[] = [];
  const taken: [number, number][] = [];
  const own = new Set(options.ownNames.map(normalize));
  const relations = language === 'fr' ? FR_RELATIONS : EN_RELATIONS;
  const possessives =
    language === 'fr' ? '(?:[Mm]on|[Mm]a|[Mm]es|[Nn]otre|[Nn]os)' : '(?:[Mm]y|[Oo]ur)';
  const relationAlternatives = relations.map(([word]) => escape(word)).join('|');
  const withPossessive = re(
    `(?<![${L}'’-])${possessives}\\s+(${relationAlternatives})(?![${L}-])(?:(?:,?\\s+|\\s+(?:qui\\s+)?s['’]appel(?:ait|le)\\s+|\\s+(?:was\\s+)?(?:nommée?|prénommée?|called|named)\\s+)(${NAME}(?:\\s+${NAME})?))?`,
    'gu',
  );
  for (const match of text.matchAll(withPossessive)) {
    const relation = match[1]!.toLowerCase();
    const gender = relations.find(([word]) => word === relation)?.[1] ?? null;
    let name: string | undefined = match[2];
    if (name && (isNotAName(name) || own.has(normalize(name)))) name = undefined;
    const relationEnd = match[0].toLowerCase().indexOf(relation) + relation.length;
    const said = name
      ? `${match[0].slice(0, relationEnd)} ${name}`
      : match[0].slice(0, relationEnd);
    // Lower case: the phrase goes mid-sentence; the renderer capitalises it when it opens one.
    const phrase = lowerFirst(
      toSecondPerson(said.replace(/\s+/g, ' '), language, options.register),
    );
    found.push({
      kind: 'person',
      phrase,
      key: normalize(name ?? relation),
      gender,
      at: match.index!,
    });
    taken.push([match.index!, match.index! + match[0].length]);
  }
  // "Maman disait…": familiar words that name a person on their own.
  const bare = language === 'fr' ? FR_BARE_RELATIONS : EN_BARE_RELATIONS;
  const bareRegex = re(
    `(?<![${L}'’-])(${bare.map(([w]) => escape(w)).join('|')})(?![${L}-])`,
    language === 'fr' ? 'giu' : 'gu',
  );
  for (const match of text.matchAll(bareRegex)) {
    const at = match.index!;
    if (taken.some(([s, e]) => at >= s && at < e)) continue;
    const before = text.slice(Math.max(0, at - 12), at).toLowerCase();
    if (
      /(?:mon|ma|mes|notre|nos|my|our|ta|ton|votre|your|sa|son|his|her|la|le|the|une?|a)\s+$/u.test(
        before,
      )
    )
      continue;
    const word = match[1]!;
    const gender = bare.find(([w]) => w.toLowerCase() === word.toLowerCase())![1];
    const possessive =
      language === 'en'
        ? 'your'
        : options.register === 'tu'
          ? gender === 'f'
            ? 'ta'
            : 'ton'
          : 'votre';
    found.push({
      kind: 'person',
      phrase: `${possessive} ${word.toLowerCase()}`,
      key: normalize(word),
      gender,
      at,
    });
    taken.push([at, at + word.length]);
  }
  if (isMostlyUpperCase(text)) return found;
  // Capitalised names that do not start a sentence and do not follow an article or a preposition.
  const notBefore = language === 'fr' ? FR_NOT_BEFORE_NAME : EN_NOT_BEFORE_NAME;
  const titled = re(
    `(?<![${L}'’-])((?:(?:Monsieur|Madame|Mademoiselle|Mr|Mrs|Ms|Miss|Dr)\\.?\\s+)?${NAME}(?:\\s+${NAME})?)`,
    'gu',
  );
  for (const match of text.matchAll(titled)) {
    const at = match.index!;
    const name = match[1]!;
    if (taken.some(([s, e]) => at < e && at + name.length > s)) continue;
    const hasTitle = /^(Monsieur|Madame|Mademoiselle|Mr|Mrs|Ms|Miss|Dr)\b/.test(name);
    if (!hasTitle && startsSentence(text, at)) continue;
    const previous = previousWord(text, at);
    if (
      !hasTitle &&
      previous !== null &&
      notBefore.has(normalize(previous)) &&
      !(language === 'fr' && isPersonalDe(text, at, previous))
    )
      continue;
    const words = name.split(/\s+/);
    if (!hasTitle && words.some((w) => isNotAName(w))) continue;
    if (hasTitle && words.length < 2) continue;
    if (words.some((w) => own.has(normalize(w)))) continue;
    if (PLACE_SET.has(normalize(name)) || words.some((w) => PLACE_SET.has(normalize(w)))) continue;
    let gender: Gender | null = null;
    if (/^(Madame|Mademoiselle|Mrs|Ms|Miss)\b/.test(name)) gender = 'f';
    else if (/^(Monsieur|Mr)\b/.test(name)) gender = 'm';
    found.push({ kind: 'person', phrase: name, key: normalize(name), gender, at });
    taken.push([at, at + name.length]);
  }
  return found;
}

function detectPlaces(text: string, language: Language): Detail[] {
  const found: Detail[] = [];
  const prepositions =
    language === 'fr'
      ? "(?:[àÀ]|[Aa]u|[Aa]ux|[Ee]n|[Dd]ans (?:le|la|les|l')|[Pp]rès de|[Dd]u côté de|[Aa]utour de)"
      : '(?:[Ii]n|[Aa]t|[Nn]ear|[Tt]o|[Ff]rom|[Aa]round)';
  // Place names keep their lower-case links: Pont-l'Abbé, Boulogne-sur-Mer, Aix-en-Provence.
  const placeWord = `\\p{Lu}[\\p{Ll}'’]+(?:-[\\p{L}'’]+)*`;
  const placeName = `(?:(?:La|Le|Les|L'|The)\\s?)?${placeWord}(?:\\s(?:sur|sous|en|lès|de|du|des|d'|upon|on)\\s?${placeWord}|\\s${placeWord})?`;
  const regex = re(`(?<![${L}'’])(${prepositions})\\s+(${placeName})`, 'gu');
  for (const match of text.matchAll(regex)) {
    const name = match[2]!;
    const first = name.replace(/^(La|Le|Les|L'|The)\s?/, '').split(/[\s-]/)[0]!;
    if (isNotAName(first) && !PLACE_SET.has(normalize(first))) continue;
    // « dans la Peugeot », "in the Ford": a car, a brand, a firm is no place to describe.
    if (isThing(name, language)) continue;
    let preposition = match[1]!.toLowerCase();
    // "to Paris", "from Paris": said back as where life happened.
    if (language === 'en' && ['to', 'from', 'around'].includes(preposition)) preposition = 'in';
    if (language === 'en' && /['’]s$/.test(name)) continue; // "to John's": a person's house, not a place to describe
    if (isHypothetical(text, match.index!, language)) continue;
    const phrase = `${preposition} ${name}`;
    found.push({
      kind: 'place',
      phrase,
      key: normalize(name),
      gender: null,
      at: match.index!,
      noun: placeNoun(phrase, language),
    });
  }
  const common = language === 'fr' ? FR_COMMON_PLACES : EN_COMMON_PLACES;
  const lower = text.toLowerCase();
  for (const place of common) {
    const regex = re(`(?<![${L}'’])${escape(place)}(?![${L}])`, 'gu');
    for (const match of lower.matchAll(regex)) {
      if (isHypothetical(lower, match.index!, language)) continue;
      found.push({
        kind: 'place',
        phrase: place,
        key: normalize(place),
        gender: null,
        at: match.index!,
        noun: placeNoun(place, language),
      });
    }
  }
  // "au bord de la mer" also contains "à la mer": keep the longer one.
  return found.filter(
    (d) =>
      !found.some(
        (o) =>
          o !== d &&
          o.at <= d.at &&
          o.at + o.phrase.length >= d.at + d.phrase.length &&
          o.phrase.length > d.phrase.length,
      ),
  );
}

function detectTimes(text: string, language: Language): Detail[] {
  const found: Detail[] = [];
  const lower = text.toLowerCase();
  const yearRegex =
    language === 'fr'
      ? /(?<![\p{L}\d])(?:(en|vers|dès|depuis)\s+(?:l'an(?:née)?\s+)?)?((?:19|20)\d{2})(?![\d])(?!\s*(?:francs?|euros?|€|km|kilo|mètres|habitants|personnes|pages|\$|£))/gu
      : /(?<![\p{L}\d])(?:(in|around|by|since)\s+)?((?:19|20)\d{2})(?![\d]|s)(?!\s*(?:pounds|dollars|euros|miles|km|people|pages|\$|£))/gu;
  for (const match of lower.matchAll(yearRegex)) {
    const year = Number(match[2]);
    if (year > 2035) continue;
    const preposition =
      match[1] && !['depuis', 'dès', 'since', 'by'].includes(match[1])
        ? match[1]
        : language === 'fr'
          ? 'en'
          : 'in';
    found.push({
      kind: 'time',
      phrase: `${preposition} ${year}`,
      key: `year:${year}`,
      gender: null,
      at: match.index!,
      year,
    });
  }
  if (language === 'fr') {
    const decade =
      /(?<![\p{L}])(?:dans\s+)?les\s+années\s+((?:19)?[2-9]0|quatre-vingt-dix|quatre-vingts?|soixante-dix|vingt|trente|quarante|cinquante|soixante)(?![\p{L}\d-])/gu;
    for (const match of lower.matchAll(decade)) {
      const raw = match[1]!;
      const value = FR_DECADE_WORDS[raw] ?? (raw.length === 2 ? 1900 + Number(raw) : Number(raw));
      found.push({
        kind: 'time',
        phrase: `dans les années ${raw}`,
        key: `decade:${value}`,
        gender: null,
        at: match.index!,
      });
    }
    const numberWords = Object.keys(FR_NUMBER_WORDS)
      .sort((a, b) => b.length - a.length)
      .join('|');
    const age = re(
      `(?<![\\p{L}])(?:(à|vers)|j'avais|j’avais|quand j'avais|quand j’avais)\\s+(?:(?:à\\s+)?peine\\s+)?(\\d{1,2}|${numberWords})\\s+ans(?![\\p{L}])`,
      'gu',
    );
    for (const match of lower.matchAll(age)) {
      const n = /^\d+$/.test(match[2]!) ? Number(match[2]) : FR_NUMBER_WORDS[match[2]!]!;
      if (n < 2 || n > 100) continue;
      found.push({
        kind: 'time',
        phrase: `${match[1] === 'vers' ? 'vers' : 'à'} ${match[2]} ans`,
        key: `age:${n}`,
        gender: null,
        at: match.index!,
      });
    }
  } else {
    const decade =
      /(?<![\p{L}])(?:in\s+)?the\s+(?:(19)?([2-9]0)s|'([2-9]0)s|(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties))(?![\p{L}])/gu;
    for (const match of lower.matchAll(decade)) {
      const value = match[4] ? EN_DECADE_WORDS[match[4]]! : 1900 + Number(match[2] ?? match[3]);
      const said = match[0].replace(/^in\s+/, '');
      found.push({
        kind: 'time',
        phrase: `in ${said}`,
        key: `decade:${value}`,
        gender: null,
        at: match.index!,
      });
    }
    const numberWords = Object.keys(EN_NUMBER_WORDS)
      .sort((a, b) => b.length - a.length)
      .join('|');
    const age = re(
      `(?<![\\p{L}])(?:at(?: the age of)?|when i was|aged)\\s+(\\d{1,2}|${numberWords})(?:\\s+years old)?(?![\\p{L}\\d])`,
      'gu',
    );
    for (const match of lower.matchAll(age)) {
      const n = /^\d+$/.test(match[1]!) ? Number(match[1]) : EN_NUMBER_WORDS[match[1]!]!;
      if (n < 2 || n > 100) continue;
      found.push({
        kind: 'time',
        phrase: `at ${match[1]}`,
        key: `age:${n}`,
        gender: null,
        at: match.index!,
      });
    }
  }
  const events = re((language === 'fr' ? FR_EVENTS : EN_EVENTS).source, 'giu');
  for (const match of text.matchAll(events)) {
    const phrase = match[1]!.replace(/^[A-ZÀ]/, (c) => c.toLowerCase());
    found.push({
      kind: 'time',
      phrase,
      key: `event:${normalize(phrase)}`,
      gender: null,
      at: match.index!,
    });
  }
  return found;
}

function detectFeelings(text: string, language: Language): Detail[] {
  const norm = normalize(text);
  const found: Detail[] = [];
  for (const feeling of language === 'fr' ? FR_FEELINGS : EN_FEELINGS) {
    const regex = re(feeling.pattern.source, 'g');
    for (const match of norm.matchAll(regex)) {
      if (isNegated(norm, match.index!, language)) continue;
      found.push({
        kind: 'feeling',
        phrase: feeling.phrase,
        key: normalize(feeling.phrase),
        gender: null,
        at: match.index!,
        heavy: feeling.heavy,
      });
    }
  }
  return found;
}

function detectSenses(text: string, language: Language, register: Register): Detail[] {
  const found: Detail[] = [];
  const stop =
    language === 'fr'
      ? /^(et|qui|que|qu'|quand|dans|je|j'|on|il|elle|nous|ils|elles|mais|ou|car|avec|pour|sur|sous|par|chez|au|aux|a|à|était|etait|est|se|me|m'|c'|ça|ca|y|en|lorsque|pendant)$/i
      : /^(and|that|which|when|in|i|we|he|she|they|but|or|with|for|on|at|was|is|it|from|to|as|by|while|during)$/i;
  const complementOf = (rest: string, joiner: RegExp): string => {
    const m = rest.match(joiner);
    if (!m) return '';
    const words: string[] = [];
    for (const word of rest.slice(m[0].length).split(/\s+/)) {
      const clean = word.replace(/[.,;:!?…»"“”)(]+$/u, '');
      if (!clean || stop.test(clean) || words.length >= 3) break;
      words.push(clean);
      if (clean !== word) break; // punctuation ends the phrase
    }
    return words.length ? `${m[0].trim()} ${words.join(' ')}`.replace(/' /g, "'") : '';
  };
  if (language === 'fr') {
    const nouns = Object.keys(FR_SENSES).join('|');
    const regex = re(
      `(?<![${L}'’])(?:(l'|l’|la|le|les|une?|cette|ce|cet|ces|mon|ma|mes|son|sa|ses|leurs?|notre|nos)\\s*)?(${nouns})(?![${L}])`,
      'giu',
    );
    for (const match of text.matchAll(regex)) {
      const noun = match[2]!.toLowerCase();
      const gender = FR_SENSES[noun] ?? 'f';
      const rest = text.slice(match.index! + match[0].length);
      const complement = complementOf(rest, /^\s+(du|de la|de l'|de l’|des|de|d'|d’)\s*/iu);
      if (!match[1] && !complement) continue; // "du bruit" alone, "son" as a possessive: too vague
      const article =
        /^[aeiouyhéèêà]/i.test(noun) && gender !== 'pl'
          ? "l'"
          : gender === 'pl'
            ? 'les '
            : gender === 'f'
              ? 'la '
              : 'le ';
      const demonstrative =
        gender === 'pl'
          ? 'ces '
          : gender === 'f'
            ? 'cette '
            : /^[aeiouyhéèêà]/i.test(noun)
              ? 'cet '
              : 'ce ';
      const phrase = complement ? `${article}${noun} ${complement}` : `${demonstrative}${noun}`;
      found.push({
        kind: 'sense',
        phrase: toSecondPerson(phrase, 'fr', register),
        key: normalize(`${noun} ${complement}`),
        gender,
        at: match.index!,
      });
    }
    const smelled =
      /(?<![\p{L}])(?:ça|ca|cela|il|elle|tout|la maison)\s+sentai(?:t|ent)\s+(?:bon\s+)?(le|la|les|l'|l’)\s*([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)/giu;
    for (const match of text.matchAll(smelled)) {
      const words = match[2]!.split(/\s+/).filter((w) => !stop.test(w));
      const thing = `${match[1]!.replace('’', "'")}${match[1]!.endsWith("'") || match[1]!.endsWith('’') ? '' : ' '}${words.join(' ')}`;
      found.push({
        kind: 'sense',
        phrase: toSecondPerson(`l'odeur ${frDe(thing)}`, 'fr', register),
        key: normalize(`odeur ${thing}`),
        gender: 'f',
        at: match.index!,
      });
    }
  } else {
    const regex = re(
      `(?<![${L}'’])(?:(the|a|an|that|those|my|our|his|her|their)\\s+)?(${EN_SENSES.join('|')})(?![${L}])`,
      'giu',
    );
    for (const match of text.matchAll(regex)) {
      const noun = match[2]!.toLowerCase();
      const rest = text.slice(match.index! + match[0].length);
      const complement = complementOf(rest, /^\s+of\s+/i);
      if (!match[1] && !complement) continue;
      const plural = noun.endsWith('s');
      const phrase = complement
        ? `the ${noun} ${complement}`
        : `${plural ? 'those' : 'that'} ${noun}`;
      found.push({
        kind: 'sense',
        phrase: toSecondPerson(phrase, 'en', register),
        key: normalize(`${noun} ${complement}`),
        gender: plural ? 'pl' : null,
        at: match.index!,
      });
    }
    const smelled = /(?<![\p{L}])smel(?:led|t)\s+of\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)/giu;
    for (const match of text.matchAll(smelled)) {
      const words = match[1]!.split(/\s+/).filter((w) => !stop.test(w));
      found.push({
        kind: 'sense',
        phrase: toSecondPerson(`the smell of ${words.join(' ')}`, 'en', register),
        key: normalize(`smell of ${words.join(' ')}`),
        gender: null,
        at: match.index!,
      });
    }
  }
  return found.map((d) => ({ ...d, key: d.key.trim(), phrase: clip(d.phrase, 60) }));
}

/** "en Bretagne" -> "la Bretagne", "au Maroc" -> "le Maroc", "à la ferme" -> "la ferme", "in Leeds" -> "Leeds". */
function placeNoun(phrase: string, language: Language): string | undefined {
  if (language === 'en') {
    const noun = phrase.replace(/^(in|at|on|by|near|down)\s+/i, '');
    return noun === phrase ? undefined : noun;
  }
  const match = phrase.match(/^(à|au|aux|en|dans|près de|du côté de|autour de|sur)\s+(.+)$/iu);
  if (!match) return undefined;
  const [, preposition, rest] = match as unknown as [string, string, string];
  switch (preposition.toLowerCase()) {
    case 'au':
      return `le ${rest}`;
    case 'aux':
      return `les ${rest}`;
    case 'en':
      return /^[aeiouyhàâéèêëîïôöùûü]/i.test(rest) ? `l'${rest}` : `la ${rest}`;
    default:
      return rest;
  }
}

/** "je rêvais d'aller à Paris", "je ne suis jamais allée à Paris": a place the person did not live. */
function isHypothetical(text: string, at: number, language: Language): boolean {
  const clause =
    normalize(text.slice(Math.max(0, at - 60), at))
      .split(/[.;!?]/)
      .pop() ?? '';
  const words = clause.trim().split(/\s+/).slice(-6).join(' ');
  return language === 'fr'
    ? /\b(reva\w*|reve\w*|voula\w*|voudr\w*|aimera\w*|aurai[st]?|jamais|pas|envie|esper\w*|revai\w*)\b/.test(
        words,
      )
    : /\b(dream\w*|wanted|wish\w*|never|not|hoped|would|could have)\b|n't/.test(words);
}

function isNegated(norm: string, at: number, language: Language): boolean {
  const clause =
    norm
      .slice(Math.max(0, at - 40), at)
      .split(/[.,;:!?]/)
      .pop() ?? '';
  const words = clause.trim().split(/\s+/).slice(-4).join(' ');
  return language === 'fr'
    ? /\b(pas|jamais|aucune?|sans)\b|n'/.test(words)
    : /\b(not|never|no|without|nor)\b|n't/.test(words);
}

/** Words before "de" that announce a place ("originaire de", "la gare de"); otherwise "de Paul" is a person. */
const PLACE_BEFORE_DE = new Set([
  'viens',
  'vient',
  'venait',
  'venais',
  'venions',
  'venaient',
  'venu',
  'venue',
  'venus',
  'originaire',
  'originaires',
  'pres',
  'loin',
  'sorti',
  'sortie',
  'sortis',
  'gare',
  'mairie',
  'region',
  'ville',
  'village',
  'route',
  'rue',
  'cote',
  'parti',
  'partie',
  'partis',
  'arrive',
  'arrivee',
  'arrives',
  'depart',
  'habitant',
  'habitants',
  'maire',
  'port',
  'environs',
  'sud',
  'nord',
  'est',
  'ouest',
  'centre',
  'banlieue',
  'faubourg',
  'campagne',
  'lycee',
  'college',
  'ecole',
  'eglise',
  'usine',
]);

function isPersonalDe(text: string, at: number, previous: string): boolean {
  if (!/^(de|d')$/.test(normalize(previous))) return false;
  const before = text.slice(Math.max(0, at - 40), at).replace(/\s*(de|d['’])\s*$/iu, '');
  const twoBack = before.match(/([\p{L}]+)\s*$/u)?.[1];
  return !!twoBack && !PLACE_BEFORE_DE.has(normalize(twoBack));
}

function isNotAName(word: string): boolean {
  return NOT_NAMES_SET.has(normalize(word).replace(/['’].*$/, ''));
}

function startsSentence(text: string, at: number): boolean {
  const before = text.slice(0, at).replace(/[\s«"“(—–-]+$/u, '');
  return before === '' || /[.!?…\n]$/u.test(before);
}

function previousWord(text: string, at: number): string | null {
  const before = text.slice(Math.max(0, at - 30), at);
  const match = before.match(/([\p{L}]+['’]?)\s*$/u);
  return match ? match[1]!.replace('’', "'") : null;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const compiled = new Map<string, RegExp>();

/**
 * Regexes built from the word lists are compiled once, not on every answer. They are only used with
 * matchAll and replace, which do not depend on lastIndex, so sharing them is safe.
 */
function re(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let regex = compiled.get(key);
  if (!regex) {
    regex = new RegExp(source, flags);
    compiled.set(key, regex);
  }
  return regex;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Reads an answer for what a biographer would pick up on: a person, a place, a time, a feeling, a sense.
import type { Language } from './types.ts';
import type { Gender, Register } from './render.ts';
import { frA, frDe } from './render.ts';
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
import type { Reading } from '../understanding/index.ts';
import {
  clauseBefore,
  isProductName,
  readName,
  readNames,
  resolveCorrections,
} from '../understanding/index.ts';

/**
 * What a follow-up can be about. Names that are not people get their own kinds (issue 30): an animal
 * (« notre chien Fanfan »), a firm or shop (« chez Manufrance »), a school, a food or drink.
 */
export type DetailKind =
  'person' | 'place' | 'time' | 'feeling' | 'sense' | 'animal' | 'firm' | 'school' | 'food';

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
  /**
   * How much she cared about it in this answer: said again, said with feeling (« j'adorais », « le plus
   * beau jour », "I loved"). A follow-up goes first to what she cared about, not to the first name said.
   */
  care?: number;
  /** times only: the year dates something she did (« j'ai épousé Robert en 1962 »), not a period */
  event?: boolean;
  /** firms and schools: where she was, with a preposition: « chez Manufrance », « à l'usine Berliet », "at Boots" */
  where?: string;
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
  const said = isMostlyUpperCase(answer)
    ? recapitalizePlaces(answer.toLowerCase())
    : /\p{Lu}/u.test(answer)
      ? answer
      : truecase(yearsToDigits(answer, language), language);
  // « en 1963… non, en 1964 »: only what she corrected to is followed up.
  const text = resolveCorrections(said, language);
  const details = [
    ...detectPersons(text, language, options),
    ...detectNamedThings(text, language, options),
    ...detectPlaces(text, language),
    ...detectTimes(text, language),
    ...detectFeelings(text, language),
    ...detectSenses(text, language, options.register),
  ];
  // One entry per detail, at its last mention; said again, it counts for more.
  const byKey = new Map<string, Detail>();
  const mentions = new Map<string, number>();
  for (const detail of details.sort((a, b) => a.at - b.at)) {
    const id = `${detail.kind}:${detail.key}`;
    mentions.set(id, (mentions.get(id) ?? 0) + 1);
    byKey.set(id, detail);
  }
  const cares = language === 'fr' ? CARE_FR : CARE_EN;
  return [...byKey.entries()]
    .map(([id, detail]) => {
      const sentence = sentenceAt(text, detail.at);
      const care =
        Math.min(2, (mentions.get(id) ?? 1) - 1) + (cares.test(normalize(sentence)) ? 2 : 0);
      const event =
        detail.kind === 'time' && detail.year !== undefined
          ? (language === 'fr' ? EVENT_FR : EVENT_EN).test(normalize(sentence))
          : undefined;
      return {
        ...detail,
        ...(care > 0 ? { care } : {}),
        ...(event !== undefined ? { event } : {}),
      };
    })
    .sort((a, b) => a.at - b.at);
}

/** Words of what she cares about: « j'adorais », « le plus beau jour », "I loved", "my favourite". */
const CARE_FR =
  /(?<![a-z])(ador\w*|aimai[st]|aimions|aimaient|j'aime|prefer\w*|le plus beau|la plus belle|les plus beaux|le meilleur|la meilleure|inoubliable|jamais oubli\w*|oublierai jamais|formidable|merveilleu\w*|extraordinaire|coeur|cheri\w*|tellement|passion\w*|comptait beaucoup|compte beaucoup|si fier\w*|si heureu\w*|le plus heureu\w*)(?![a-z])/;
const CARE_EN =
  /(?<![a-z])(loved|adored|love|favourite|favorite|best|happiest|never forget|wonderful|marvellous|marvelous|dear|dearest|cherish\w*|so much|passion\w*|meant the world|meant a lot|so proud)(?![a-z])/;
/** A year dating what she did: « j'ai épousé », « je suis née », « on s'est mariés », "we moved", "I retired". */
const EVENT_FR =
  /(?<![a-z'])(?:j'ai|j'|tu as|il a|elle a|on a|nous avons|ils ont|elles ont|je suis|on est|on s'est|je me suis|nous nous sommes|il est|elle est|ils sont|elles sont|nous sommes|il s'est|elle s'est)\s+(?:(?:pas|jamais|deja|enfin|bien|tout de suite)\s+)?[a-z]+(?:e|ee|es|ees|i|ie|is|ies|u|ue|us|ues|t|te|ert|ort)(?![a-z])/;
const EVENT_EN =
  /(?<![a-z])(?:i|we|he|she|they)\s+(?:(?:finally|then|first|just)\s+)?(?:[a-z]+ed|got|went|left|met|began|came|became|lost|was born|were born|won|took|bought|sold|gave|found|fell)(?![a-z])/;

function sentenceAt(text: string, at: number): string {
  const start = Math.max(
    text.lastIndexOf('.', at - 1),
    text.lastIndexOf('!', at - 1),
    text.lastIndexOf('?', at - 1),
    text.lastIndexOf('\n', at - 1),
  );
  const ends = ['.', '!', '?', '\n'].map((c) => text.indexOf(c, at)).filter((i) => i >= 0);
  return text.slice(start + 1, ends.length ? Math.min(...ends) : text.length);
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
  // What each name is, from the words around all its mentions (« notre chien Fanfan », « chez Manufrance »).
  const known = readNames(text, language, { ownNames: options.ownNames });
  // Capitalised names that do not start a sentence and do not follow an article or a preposition.
  const notBefore = language === 'fr' ? FR_NOT_BEFORE_NAME : EN_NOT_BEFORE_NAME;
  const titled = re(
    `(?<![${L}'’-])((?:(?:[Mm]onsieur|[Mm]adame|[Mm]ademoiselle|Mr|Mrs|Ms|Miss|Dr)\\.?\\s+)?${NAME}(?:\\s+${NAME})?)`,
    'gu',
  );
  for (const match of text.matchAll(titled)) {
    const at = match.index!;
    const name = match[1]!;
    if (taken.some(([s, e]) => at < e && at + name.length > s)) continue;
    const hasTitle = /^(Monsieur|Madame|Mademoiselle|Mr|Mrs|Ms|Miss|Dr)\b/i.test(name);
    if (!hasTitle && startsSentence(text, at)) continue;
    const bareName = name.replace(/^(?:Monsieur|Madame|Mademoiselle|Mr|Mrs|Ms|Miss|Dr)\.?\s+/i, '');
    if (isProductName(bareName)) continue;
    // A dog, a drink, a firm, a school is never asked about as someone.
    const reading: Reading =
      known.get(normalize(name)) ??
      known.get(normalize(bareName)) ??
      readName(text, at, name, language);
    if (reading.kind !== 'person' && !(reading.kind === 'unknown' && hasTitle)) continue;
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
    // Said back as she calls them: « madame Grosjean » even where she said « Grosjean ».
    const phrase = reading.callName
      ? toSecondPerson(reading.callName, language, options.register)
      : name;
    if (/^(Madame|Mademoiselle|Mrs|Ms|Miss)\b/i.test(phrase)) gender = 'f';
    else if (/^(Monsieur|Mr)\b/i.test(phrase)) gender = 'm';
    found.push({ kind: 'person', phrase, key: normalize(bareName), gender, at });
    taken.push([at, at + name.length]);
  }
  return found;
}

/** Names that are not people and are worth a question of their own: an animal, a firm, a school, a food. */
function detectNamedThings(text: string, language: Language, options: DetectOptions): Detail[] {
  if (isMostlyUpperCase(text)) return [];
  const found: Detail[] = [];
  for (const entity of readNames(text, language, { ownNames: options.ownNames }).values()) {
    if (entity.negated) continue; // « on n'avait pas de Frigidaire »: nothing to follow up
    const at = entity.mentions[entity.mentions.length - 1]!;
    const key = normalize(entity.name);
    const called = entity.callName
      ? toSecondPerson(entity.callName, language, options.register)
      : null;
    switch (entity.kind) {
      case 'animal':
        found.push({ kind: 'animal', phrase: called ?? entity.name, key, gender: null, at });
        break;
      case 'school': {
        const where =
          language === 'fr' ? frA(called ?? entity.name) : `at ${called ?? entity.name}`;
        found.push({ kind: 'school', phrase: called ?? entity.name, key, gender: null, at, where });
        break;
      }
      case 'food':
        found.push({ kind: 'food', phrase: entity.name, key, gender: null, at });
        break;
      case 'firm': {
        const where =
          language === 'fr'
            ? called
              ? frA(called)
              : `chez ${entity.name}`
            : `at ${called ?? entity.name}`;
        found.push({
          kind: 'firm',
          phrase: called ?? entity.name,
          key,
          gender: null,
          at,
          where,
        });
        break;
      }
      default:
        break;
    }
  }
  return found;
}

/** What the words around a place name say it is, when they say it is no place (« chez Manufrance »). */
function isNoPlace(text: string, at: number, name: string, language: Language): boolean {
  const bare = name.replace(/^(?:La|Le|Les|L'|The)\s?/, '');
  if (isProductName(bare)) return true;
  const start = text.indexOf(bare, at);
  const reading = readName(text, start >= 0 ? start : at, bare, language);
  return (
    ['firm', 'food', 'animal', 'school', 'thing'].includes(reading.kind) ||
    (reading.kind === 'person' && reading.strength >= 3)
  );
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
    if (isNoPlace(text, match.index!, name, language)) continue;
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
  // « pas à Vénissieux mais à Saint-Fons », « pas à Vénissieux, on habitait à Saint-Fons »: the clause
  // after « mais » or a new subject is said, not denied (understanding/).
  const clause = clauseBefore(text, at, language);
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

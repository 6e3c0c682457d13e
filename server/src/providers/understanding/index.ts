// What the words of an answer are, read from the words around them (issue 30): whether a name is a person
// (and how she calls them), an animal, a place, a firm, a school, a food or drink, an event; which statements
// are negated (« on n'habitait pas à X ») or corrected (« en 1963… non, en 1964 »); who a clause is about.
//
// General rules from grammar cues (titles, possessives, determiners, prepositions, verbs) and small lists of
// common nouns (lexicon.ts), then the speech lexicon's lists of names; never a list of particular names.
// The biographer (interviewer/detect.ts) and the writer's titles and keywords read answers through it.
import type { Language } from '../interviewer/types.ts';
import { normalize } from '../interviewer/text.ts';
import { nameKey, speechLexicon } from '../speech/lexicon.ts';
import {
  ANIMAL_NOUNS,
  ANIMAL_VERBS,
  CLAUSE_BREAK,
  CORRECTION_MARKER,
  FILLERS,
  FIRM_NOUNS,
  FOOD_AFTER,
  FOOD_BEFORE,
  FUNCTION_WORDS,
  NAMING_BEFORE,
  NEGATION,
  OTHER_SUBJECT,
  PERSON_AFTER,
  PERSON_ROLES,
  PERSON_TITLES,
  PERSON_VERBS,
  SCHOOL_NOUNS,
  SELF_IN_SUBJECT,
  SELF_SUBJECT,
  THING_DETERMINERS,
  WORK_VERBS,
} from './lexicon.ts';

export type EntityKind =
  | 'person'
  | 'animal'
  | 'place'
  | 'firm'
  | 'school'
  | 'food'
  | 'event'
  /** a product or a brand said with an article (« une Peugeot »), the app itself */
  | 'thing'
  | 'unknown';

export interface Reading {
  kind: EntityKind;
  /**
   * How she calls them, as said mid-sentence: « mademoiselle Perrin », « mon frère Robert », « l'usine
   * Berliet », « l'école Jules-Ferry »; null when the bare name is all she said.
   */
  callName: string | null;
  /** how sure the reading is: 3 a cue right by the name, 2 a cue in the sentence, 1 the lists, 0 nothing */
  strength: number;
}

/** The app's own name (the product, as the interface and the config write it): never someone of her story. */
export const PRODUCT_NAMES: readonly string[] = ['Chapitres', 'Chapitre'];

const PRODUCT_KEYS = new Set(PRODUCT_NAMES.map(normalize));

export function isProductName(name: string): boolean {
  return PRODUCT_KEYS.has(normalize(name.trim()));
}

const L = '\\p{L}';

const FILLER_SETS: Record<Language, Set<string>> = {
  fr: new Set(FILLERS.fr),
  en: new Set(FILLERS.en),
};
const FUNCTION_SETS: Record<Language, Set<string>> = {
  fr: new Set(FUNCTION_WORDS.fr),
  en: new Set(FUNCTION_WORDS.en),
};

/** A filler of speech (« ben », « bah », "well", "um"): never a name on its own. */
export function isFiller(word: string, language: Language): boolean {
  return FILLER_SETS[language].has(normalize(word.trim()));
}

/** A title or a form of address said alone (« Sir », « Madame », "Captain"): nobody's name. */
export function isBareTitle(word: string, language: Language): boolean {
  const key = normalize(word.trim()).replace(/\.$/, '');
  return (
    !/\s/.test(key) &&
    (PERSON_TITLES[language].includes(key) || BARE_ADDRESS[language].includes(key))
  );
}

/** Forms of address that are no title before a name but call someone without naming them. */
const BARE_ADDRESS: Record<Language, readonly string[]> = {
  fr: ['monseigneur', 'chef', 'patron', 'patronne'],
  en: [
    'madam',
    'madame',
    'maam',
    "ma'am",
    'mister',
    'missus',
    'missis',
    'boss',
    'chief',
    'guv',
    'guvnor',
  ],
};

/** An alternation of the list's words, longest first; made once per list (the lists are constants). */
const alternations = new WeakMap<readonly string[], string>();
function words(list: readonly string[]): string {
  let made = alternations.get(list);
  if (made === undefined) {
    made = [...list]
      .sort((a, b) => b.length - a.length)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
      .join('|');
    alternations.set(list, made);
  }
  return made;
}

const cache = new Map<string, RegExp>();
function re(source: string, flags = 'u'): RegExp {
  const key = `${flags}/${source}`;
  let regex = cache.get(key);
  if (!regex) {
    regex = new RegExp(source, flags);
    cache.set(key, regex);
  }
  return regex;
}

/** The words before a position, normalised (lower case, no accents, straight apostrophes). */
function before(text: string, at: number, span = 70): string {
  return normalize(text.slice(Math.max(0, at - span), at));
}

function after(text: string, end: number, span = 60): string {
  return normalize(text.slice(end, end + span));
}

/** The original words before a position, as said (for the name she calls them by). */
function rawBefore(text: string, at: number, span = 70): string {
  return text.slice(Math.max(0, at - span), at).replace(/[’‘]/g, "'");
}

/**
 * What a name is, from the words around this mention. `at` and `name` locate the mention in `text` (the
 * name may already carry its title: « Mademoiselle Le Gall »).
 */
export function readName(text: string, at: number, name: string, language: Language): Reading {
  const fr = language === 'fr';
  const bare = name.trim();
  if (isProductName(bare)) return { kind: 'thing', callName: null, strength: 3 };
  const b = before(text, at);
  const a = after(text, at + name.length);
  const raw = rawBefore(text, at);

  // A title in the name or right before it: « madame Grosjean », « Mr Hughes ».
  const titles = words(PERSON_TITLES[language]);
  const ownTitle = re(`^(?:${titles})\\.?\\s+\\S`, 'iu').test(normalize(bare));
  if (ownTitle) return { kind: 'person', callName: bare, strength: 3 };
  const titleBefore = re(`(?:^|[^${L}])((?:${titles})\\.?)\\s+$`, 'u').exec(b);
  if (titleBefore) {
    const said = raw.slice(raw.length - (b.length - titleBefore.index)).trim();
    const title = said.replace(/^[^\p{L}]+/u, '');
    // « le père Martin » is a man; « mon père Martin » is the relation, read below.
    if (!/(?:mon|ma|mes|notre|nos|my|our)\s+\S+\s*$/.test(b.slice(0, b.length - title.length)))
      return { kind: 'person', callName: `${lowerTitle(title, language)} ${bare}`, strength: 3 };
  }

  // A filler (« euh Ben moi… ») is a name only when a relation says so (« mon cousin Ben »).
  if (isFiller(bare, language) && !relationCue(b, language))
    return { kind: 'unknown', callName: null, strength: 0 };

  // Animals: « notre chien Fanfan », « Fanfan, notre chienne », « Fanfan aboyait », "our dog Rex".
  const animals = words(ANIMAL_NOUNS[language]);
  const naming = fr
    ? "(?:\\s*,?\\s*(?:qui\\s+)?(?:s'appel\\w+|nomm\\w+|prenomm\\w+|baptis\\w+))?"
    : '(?:\\s*,?\\s*(?:called|named))?';
  const animalBefore = re(`(?:^|[^${L}])(${animals})${naming}\\s*,?\\s*$`, 'u');
  if (animalBefore.test(b))
    return { kind: 'animal', callName: animalCallName(raw, b, bare, language), strength: 3 };
  const determiner = fr
    ? '(?:notre|mon|ma|le|la|leur|son|sa|un|une|nos|mes)'
    : '(?:our|my|the|a|their|his|her)';
  if (
    re(
      `^\\s*,?\\s*(?:c'etait\\s+|etait\\s+|it was\\s+|was\\s+|is\\s+)?${determiner}\\s+(?:${animals})(?![${L}])`,
      'u',
    ).test(a)
  )
    return { kind: 'animal', callName: null, strength: 3 };
  if (ANIMAL_VERBS[language].test(a)) return { kind: 'animal', callName: null, strength: 2 };
  // « On avait des poneys ; le mien s'appelait Pompon », "the pit ponies…; mine was called Captain": a name
  // given after an animal of the same sentence, with no person spoken of in between.
  if (NAMING_BEFORE[language].test(b)) {
    const sentence = b.split(/[.!?\n]/).pop() ?? '';
    const lastAnimal = lastIndexOf(sentence, re(`(?<![${L}])(?:${animals})(?![${L}])`, 'gu'));
    const lastPerson = lastIndexOf(
      sentence,
      re(`(?<![${L}])(?:${words(PERSON_ROLES[language])}|${relations(language)})(?![${L}])`, 'gu'),
    );
    if (lastAnimal >= 0 && lastAnimal > lastPerson)
      return { kind: 'animal', callName: null, strength: 3 };
  }

  // A title or a form of address alone (« the manager Sir », « Madame » said to a customer) names nobody.
  if (isBareTitle(bare, language)) return { kind: 'thing', callName: null, strength: 3 };

  // Schools: « l'école Jules-Ferry », « au lycée Ampère », "St Mary's School".
  const schools = words(SCHOOL_NOUNS[language]);
  const schoolBefore = re(
    `(?:^|[^${L}])((?:l'|le\\s+|la\\s+|the\\s+)?(?:${schools}))(?:\\s+(?:de|du|des|d'|of))?\\s*$`,
    'u',
  ).exec(b);
  if (schoolBefore)
    return {
      kind: 'school',
      callName: withArticle(calledWith(raw, b, schoolBefore.index, bare), language),
      strength: 3,
    };
  if (!fr && /^\s*(?:school|college|academy|high|grammar|primary|infants)(?![\p{L}])/u.test(a))
    return { kind: 'school', callName: null, strength: 3 };
  // "Hulme Grammar School", "the Crossley mill": English puts the common noun after the name.
  if (!fr && /\s(?:School|College|Academy|High)$/u.test(bare))
    return { kind: 'school', callName: null, strength: 3 };
  if (
    !fr &&
    listedKind(bare, language) !== 'place' &&
    (/\s(?:Mill|Mills|Works|Factory|Brewery|Colliery|Stores|Company|Ltd)$/u.test(bare) ||
      re(`^\\s*(?:${words(FIRM_NOUNS.en)})(?![${L}])`, 'u').test(a))
  )
    return { kind: 'firm', callName: null, strength: 3 };

  // Food and drink: « un verre de Chartreuse », « on buvait du Ricard », "a pint of Guinness".
  if (FOOD_BEFORE[language].test(b) || FOOD_AFTER[language].test(a))
    return { kind: 'food', callName: null, strength: 3 };

  // Firms and shops: « l'usine Berliet », « travailler chez Manufrance », "at Marks and Spencer".
  const firms = words(FIRM_NOUNS[language]);
  const firmBefore = re(
    `(?:^|[^${L}])((?:l'|le\\s+|la\\s+|les\\s+|the\\s+)?(?:${firms}))(?:\\s+(?:de|du|des|d'|of))?\\s*$`,
    'u',
  ).exec(b);
  const listed = listedKind(bare, language);
  if (firmBefore && listed !== 'place')
    return {
      kind: 'firm',
      callName: withArticle(calledWith(raw, b, firmBefore.index, bare), language),
      strength: 3,
    };
  const chez = fr ? /(?:^|[^\p{L}])chez\s+$/u : /(?:^|[^\p{L}])(?:at|for|with)\s+$/u;
  // "at Marks and Spencer", « chez Dupont et Fils »: two names joined after « chez » / "at" are a firm.
  const joined =
    (!fr && /\p{Lu}[\p{L}'’]*\s+(?:and|&)\s+$/u.test(raw)) ||
    (/^\p{Lu}\S*\s+(?:and|&|et)\s+\p{Lu}/u.test(bare) &&
      (fr ? /(?:^|[^\p{L}])chez\s+$/u : /(?:^|[^\p{L}])at\s+$/u).test(b));
  if (joined) return { kind: 'firm', callName: null, strength: 3 };
  if (
    chez.test(b) &&
    (WORK_VERBS[language].test(b.replace(chez, ' ')) || listed === 'firm' || listed === 'brand')
  )
    return { kind: 'firm', callName: null, strength: 3 };

  // People: « mon frère Robert », « la maîtresse, madame Grosjean », « Robert, mon mari », « j'ai épousé Robert ».
  const roles = words(PERSON_ROLES[language]);
  const possessive = fr
    ? "(?:mon|ma|mes|notre|nos|son|sa|ses|leur|la|le|l'|une?|cette|ce)"
    : '(?:my|our|his|her|their|the|a|an)';
  const relationBefore = re(
    `(?:^|[^${L}])(${possessive}\\s*(?:${roles}|${relations(language)}))${naming}\\s*,?\\s*$`,
    'u',
  ).exec(b);
  if (relationBefore)
    return {
      kind: 'person',
      callName: calledWith(raw, b, relationBefore.index, bare),
      strength: 3,
    };
  if (
    re(`^\\s*,\\s*(?:${possessive})\\s*(?:${roles}|${relations(language)})(?![${L}])`, 'u').test(a)
  )
    return { kind: 'person', callName: null, strength: 3 };
  if (PERSON_VERBS[language].test(b) || PERSON_AFTER[language].test(a))
    return { kind: listed === 'place' ? 'place' : 'person', callName: null, strength: 2 };

  // Places: after a preposition of place or a street word.
  const placeBefore = fr
    ? /(?:^|[^\p{L}])(?:a|au|aux|en|vers|pres\s+de|pres\s+d'|du\s+cote\s+de|autour\s+de|rue|avenue|boulevard|place|quartier|village|ville|region|departement|commune|habit\w+|ne|nee|originaire\s+de|venai\w+\s+de|parti\w*\s+(?:pour|a))\s*$/u
    : /(?:^|[^\p{L}])(?:in|to|from|near|around|street|road|lane|village|town|lived|born|moved to)\s*$/u;
  if (placeBefore.test(b) && listed !== 'firm' && listed !== 'brand')
    return { kind: 'place', callName: null, strength: 2 };

  // « une Peugeot », « du Ricard »: a determiner makes it a thing, not someone.
  if (THING_DETERMINERS[language].test(b) && listed !== 'place')
    return { kind: listed === 'event' ? 'event' : 'thing', callName: null, strength: 2 };

  if (listed === 'place') return { kind: 'place', callName: null, strength: 1 };
  if (listed === 'firm' || listed === 'brand') return { kind: 'firm', callName: null, strength: 1 };
  if (listed === 'event') return { kind: 'event', callName: null, strength: 1 };
  if (isFirstName(bare, language)) return { kind: 'person', callName: null, strength: 1 };
  return { kind: 'unknown', callName: null, strength: 0 };
}

/** The last position of a match in a text, -1 when none. */
function lastIndexOf(text: string, regex: RegExp): number {
  let last = -1;
  for (const match of text.matchAll(regex)) last = match.index!;
  return last;
}

/** A relation or a role right before the position: « mon cousin », "my friend". */
function relationCue(before: string, language: Language): boolean {
  const possessive =
    language === 'fr'
      ? "(?:mon|ma|mes|notre|nos|son|sa|ses|leur|la|le|l'|une?|cette|ce)"
      : '(?:my|our|his|her|their|the|a|an)';
  return re(
    `(?:^|[^${L}])${possessive}\\s*(?:${words(PERSON_ROLES[language])}|${relations(language)})\\s*,?\\s*$`,
    'u',
  ).test(before);
}

function relations(language: Language): string {
  return language === 'fr'
    ? 'grand-mere|grand-pere|grands-parents|arriere-grand-mere|arriere-grand-pere|mere|pere|frere|soeur|fils|fille|petite-fille|petit-fils|oncle|tante|cousin|cousine|neveu|niece|belle-mere|beau-pere|belle-soeur|beau-frere|marraine|parrain|maman|papa|mari|femme|epoux|epouse'
    : 'grandmother|grandfather|grandma|grandpa|granny|gran|nan|mother|father|mum|mom|mam|dad|brother|sister|son|daughter|granddaughter|grandson|uncle|aunt|auntie|cousin|nephew|niece|mother-in-law|father-in-law|sister-in-law|brother-in-law|husband|wife|godmother|godfather';
}

/** The words she said before the name, from `index` in the normalised window, with the name: « mon frère Robert ». */
function calledWith(raw: string, norm: string, index: number, name: string): string {
  const start = raw.length - (norm.length - index);
  const said = raw
    .slice(Math.max(0, start))
    .replace(/^[^\p{L}]+/u, '')
    .replace(/\s*,\s*$/, ', ')
    .replace(/\s+/g, ' ');
  const joined = /[\s']$/.test(said) || said === '' ? `${said}${name}` : `${said} ${name}`;
  return lowerFirst(joined.trim());
}

/** Feminine nouns of firms and schools, for the article a bare « lycée Ampère » needs. */
const FR_FEMININE =
  /^(?:ecole|institution|faculte|fac|universite|usine|entreprise|societe|maison|boutique|manufacture|filature|fabrique|firme|marque|compagnie|banque|epicerie|boulangerie|boucherie|quincaillerie|imprimerie|mine|brasserie|agence|cooperative|cabinet)$/;

/** « lycée Ampère » said after « au » becomes « le lycée Ampère »; a name with its article is left alone. */
function withArticle(callName: string, language: Language): string {
  if (language !== 'fr') return callName;
  const first = normalize(callName.split(/\s+/)[0]!);
  if (
    /^(?:l'|le|la|les|un|une|mon|ma|mes|notre|nos|son|sa|ses|leur|leurs|votre|vos)$/.test(first) ||
    first.startsWith("l'")
  )
    return callName;
  if (/^[aeiouyh]/.test(first)) return `l'${callName}`;
  if (/s$/.test(first)) return `les ${callName}`;
  return `${FR_FEMININE.test(first) ? 'la' : 'le'} ${callName}`;
}

function animalCallName(raw: string, norm: string, name: string, language: Language): string {
  const animals = words(ANIMAL_NOUNS[language]);
  const determiner =
    language === 'fr'
      ? "(?:notre|mon|ma|le|la|leur|son|sa|l'|nos|mes)"
      : '(?:our|my|the|their|his|her)';
  const match = re(`(?:^|[^${L}])(${determiner}\\s*(?:${animals}))`, 'u').exec(norm);
  if (!match) return name;
  const start = match.index + match[0].indexOf(match[1]!);
  const said = raw
    .slice(raw.length - (norm.length - start))
    .split(/[,]/)[0]!
    .trim();
  return lowerFirst(`${said} ${name}`.replace(/\s+/g, ' '));
}

function lowerTitle(title: string, language: Language): string {
  // French writes titles in lower case mid-sentence; English keeps "Mr", "Miss".
  return language === 'fr' ? title.toLowerCase() : title;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function listedKind(name: string, language: Language): 'place' | 'firm' | 'brand' | 'event' | null {
  const bare = name.replace(/^(?:La|Le|Les|L'|The)\s?/, '');
  const entry = speechLexicon(language).names.get(nameKey(bare));
  if (!entry) return null;
  if (
    entry.kind === 'place' ||
    entry.kind === 'firm' ||
    entry.kind === 'brand' ||
    entry.kind === 'event'
  )
    return entry.kind;
  return null;
}

/** A first name of the lists (« Robert », "Edith"): said alone, it still names someone. */
export function isFirstName(name: string, language: Language): boolean {
  const first = name.split(/\s+/)[0]!;
  return speechLexicon(language).firstNames.has(nameKey(first));
}

export interface Entity {
  /** the name as said (capitals as written) */
  name: string;
  key: string;
  kind: EntityKind;
  callName: string | null;
  /** every mention, by position */
  mentions: number[];
  /** every mention sits in a negated clause: « on n'habitait pas à Vénissieux » */
  negated: boolean;
  /** the strongest reading's strength (see Reading) */
  strength: number;
}

const NAME_WORD = "\\p{Lu}[\\p{Ll}'’]*(?:-\\p{Lu}?[\\p{Ll}'’]+)*";

/**
 * The names of a text with what they are: the strongest reading over all their mentions (a name read as a
 * dog once is a dog everywhere), and whether every mention is negated. `exclude` holds words that are not
 * hers (the interviewer's question).
 */
export function readNames(
  text: string,
  language: Language,
  options: { ownNames?: string[]; exclude?: string } = {},
): Map<string, Entity> {
  const own = new Set((options.ownNames ?? []).map(normalize));
  const theirs = new Set(
    (options.exclude?.match(re(`${NAME_WORD}`, 'gu')) ?? []).map((w) => normalize(w)),
  );
  const connector =
    language === 'fr' ? "(?:\\s+(?:de|du|des|d'|la|le)\\s*)?" : '(?:\\s+(?:and|&|of)\\s+)?';
  const run = re(`(?<![${L}'’-])${NAME_WORD}(?:${connector}\\s*${NAME_WORD})*`, 'gu');
  const found = new Map<string, Entity>();
  for (const match of text.matchAll(run)) {
    let name = match[0];
    let at = match.index!;
    // A sentence opener is no name unless it is seen as one elsewhere; the reader decides below.
    const start = /(?:^|[.!?…:\n]\s*|[«"“]\s*)$/u.test(text.slice(0, at));
    const first = name.split(/\s+/)[0]!;
    const titled = /^(?:Monsieur|Madame|Mademoiselle|Mr|Mrs|Miss|Ms|Dr)$/.test(first);
    if (start && titled) {
      // « Mademoiselle Perrin nous apprenait… »: a title opens the sentence and the name.
    } else if (start && name.includes(' ') && !isFirstName(first, language)) {
      name = name.slice(first.length).trimStart();
      at += match[0].length - name.length;
      if (!/^\p{Lu}/u.test(name)) continue;
    } else if (start) {
      // A sentence opener is a name only when the words around it say so: « Fanfan, notre chienne, … ».
      const reading = readName(text, at, name, language);
      if (reading.strength < 3 || reading.kind === 'unknown') continue;
    }
    const key = normalize(name);
    // A word of grammar or a filler written with a capital (« The », « Ben » of « euh ben ») is no name.
    if (!name.includes(' ') && FUNCTION_SETS[language].has(key)) continue;
    if (own.has(key) || name.split(/\s+/).some((w) => own.has(normalize(w)))) continue;
    if (theirs.has(key) && !isProductName(name)) continue;
    const reading = readName(text, at, name, language);
    if (!name.includes(' ') && isFiller(name, language) && reading.kind !== 'person') continue;
    // "Tom and Mary" are two people; "Marks and Spencer" is one firm.
    if (reading.kind !== 'firm' && /\s(?:and|&)\s/.test(name)) {
      for (const part of name.matchAll(re(NAME_WORD + '(?:\\s+' + NAME_WORD + ')*', 'gu'))) {
        const partAt = at + part.index!;
        add(found, part[0], partAt, readName(text, partAt, part[0], language), text, language);
      }
      continue;
    }
    add(found, name, at, reading, text, language);
  }
  return found;
}

function add(
  found: Map<string, Entity>,
  name: string,
  at: number,
  reading: Reading,
  text: string,
  language: Language,
): void {
  {
    const key = normalize(name);
    const negated = isNegatedAt(text, at, language);
    const entry = found.get(key);
    if (!entry) {
      found.set(key, { name, key, ...reading, mentions: [at], negated });
      return;
    }
    entry.mentions.push(at);
    entry.negated &&= negated;
    if (reading.strength > entry.strength) {
      entry.kind = reading.kind;
      entry.strength = reading.strength;
    }
    if (reading.callName && (!entry.callName || reading.strength > entry.strength))
      entry.callName = reading.callName;
  }
}

/** The clause a position is in, from its start to the position (normalised). */
export function clauseBefore(text: string, at: number, language: Language): string {
  const window = text.slice(Math.max(0, at - 120), at);
  let start = 0;
  for (const match of window.matchAll(CLAUSE_BREAK[language]))
    start = match.index! + match[0].length;
  return normalize(window.slice(start));
}

/** « On n'habitait pas à X », « pas à X mais à Y » (X only), "we never lived in X". */
export function isNegatedAt(text: string, at: number, language: Language): boolean {
  return NEGATION[language].test(clauseBefore(text, at, language));
}

/** Who the clause of a position is about: her (« on habitait à », "we lived in"), someone else, or unsaid. */
export function subjectAt(text: string, at: number, language: Language): 'self' | 'other' | null {
  const clause = clauseBefore(text, at, language)
    .replace(/^[\s,;:–—-]+/, '')
    .replace(
      language === 'fr'
        ? /^(?:(?:et|puis|alors|ensuite|apres|donc|bon|ben|euh|bah|enfin|oui|non|mais|quand|lorsque|et puis|en \d{4}|dans les annees \S+|a \S+ ans|a l'epoque|a cette epoque|plus tard|au debut|le soir|le matin|le dimanche|l'ete|l'hiver)\s*,?\s*)+/
        : /^(?:(?:and|then|so|well|um|uh|er|yes|no|but|when|in \d{4}|at \S+|back then|later|at first|in the evening|on sundays)\s*,?\s*)+/,
      '',
    );
  if (SELF_SUBJECT[language].test(clause) || SELF_IN_SUBJECT[language].test(clause)) return 'self';
  if (OTHER_SUBJECT[language].test(clause)) return 'other';
  return null;
}

/**
 * The text with its self-corrections resolved: « en 1963… non, en 1964 » keeps « en 1964 »; "in 1963, no,
 * sorry, in 1964" keeps "in 1964". Only a correction of the same shape is undone (a preposition phrase by one
 * with the same preposition, a number by a number), so a plain « non » answering a question is kept.
 */
export function resolveCorrections(text: string, language: Language): string {
  const marker = CORRECTION_MARKER[language];
  const pause = '(?:\\s*(?:…|\\.\\.\\.|,|;|—|–|-)\\s*|\\s+)';
  const preposition =
    language === 'fr'
      ? "(?:en|à|a|au|aux|chez|vers|dans|avec|le|la|les|l')"
      : '(?:in|at|to|from|with|on|the)';
  // « en 1963… non, en 1964 », « à Lyon, non, à Vienne », « chez Berliet… pardon, chez Renault ».
  const phrase = re(
    `(?<![${L}])(${preposition})\\s+[\\p{L}\\d'’-]+(?:\\s+[\\p{L}\\d'’-]+)?${pause}${marker}\\s*,?\\s*(?=\\1\\s)`,
    'giu',
  );
  // « 1963… non, 1964 », « quinze… non, seize ans »: a number corrected by a number.
  const number = re(`(?<![\\p{L}\\d])(?:\\d+|[\\p{L}-]+)${pause}${marker}\\s*,?\\s*(?=\\d)`, 'giu');
  let out = text.replace(phrase, '');
  out = out.replace(number, (match) => (/^\d/.test(match) ? '' : match));
  return out;
}

/**
 * The answer without the interviewer's words read back by the recogniser: a run of four words or more of
 * the question found in the answer is not hers.
 */
export function withoutEcho(answer: string, question: string | null | undefined): string {
  if (!question) return answer;
  const q = normalize(question).match(/[\p{L}\d'-]+/gu) ?? [];
  if (q.length < 4) return answer;
  const grams = new Set<string>();
  for (let i = 0; i + 4 <= q.length; i++) grams.add(q.slice(i, i + 4).join(' '));
  const tokens = [...answer.matchAll(/[\p{L}\d'’-]+/gu)];
  const norm = tokens.map((t) => normalize(t[0]));
  const drop = new Array<boolean>(tokens.length).fill(false);
  for (let i = 0; i + 4 <= tokens.length; i++)
    if (grams.has(norm.slice(i, i + 4).join(' '))) for (let k = i; k < i + 4; k++) drop[k] = true;
  if (!drop.some(Boolean)) return answer;
  let out = '';
  let last = 0;
  tokens.forEach((t, i) => {
    if (!drop[i]) return;
    out += answer.slice(last, t.index);
    last = t.index! + t[0].length;
  });
  out += answer.slice(last);
  return out.replace(/^[\s,.;:?!…]+/, '').replace(/\s{2,}/g, ' ');
}

/**
 * The nouns of people (relations and roles: « père », « maîtresse », "teacher") said in a text, normalised.
 * A question built on one of them was just answered when she has just spoken of that person.
 */
export function peopleNouns(text: string, language: Language): Set<string> {
  const norm = normalize(text);
  const found = new Set<string>();
  const regex = re(
    `(?<![${L}'-])(${words(PERSON_ROLES[language])}|${relations(language)})(?![${L}-])`,
    'gu',
  );
  for (const match of norm.matchAll(regex)) found.add(match[1]!);
  return found;
}

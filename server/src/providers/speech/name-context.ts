// Names that only their context tells from common words, in speech nobody capitalised: « mon pigeon bleuet
// il a gagné », « manuel mon mari il était », "i started at firth brown", "my father's boat the morning star",
// "a pint at the swordfish", "to see the red sox". Runs on truecase's output and only adds capitals to
// lower-case words; a word the context leaves in doubt stays a word (a wrong capital is worse than none).
import type { Language } from '../interviewer/types.ts';
import { isStopWord } from '../writer/stopwords.ts';
import { nameKey, type SpeechLexicon } from './lexicon.ts';

interface Word {
  start: number;
  end: number;
  text: string;
  lower: string;
}

/** Nouns of animals: the word after them, doubled by its pronoun, is the animal's name (« mon chien rex il »). */
export const ANIMALS: Record<Language, Set<string>> = {
  fr: new Set(
    `chien chienne chiot chat chatte chaton cheval jument poney âne ânesse pigeon canari perroquet perruche
    lapin chèvre vache cochon truie mouton brebis bouc taureau coq poule canard oie merle`.split(
      /\s+/,
    ),
  ),
  en: new Set(
    `dog puppy pup cat kitten horse mare pony donkey pigeon budgie canary parrot rabbit goat cow pig
    whippet greyhound lurcher terrier collie spaniel alsatian labrador ferret tortoise`.split(
      /\s+/,
    ),
  ),
};
/** What follows an animal's name said aloud: its pronoun, or the verb it opens. */
const ANIMAL_NAME_AFTER: Record<Language, RegExp> = {
  fr: /^(?:il|elle|qui|avait|était)$/,
  en: /^(?:he|she|who|was|had)$/,
};

/** Relatives named in apposition: « manuel mon mari il », "ken my husband he". */
const KIN: Record<Language, Set<string>> = {
  fr: new Set(
    `mari femme époux épouse frère sœur soeur fils fille père mère cousin cousine oncle tante ami amie copain
    copine fiancé fiancée voisin voisine grand-père grand-mère petit-fils petite-fille beau-frère belle-sœur
    neveu nièce parrain marraine`.split(/\s+/),
  ),
  en: new Set(
    `husband wife brother sister son daughter father mother dad mum mom cousin uncle aunt friend fiancé fiancée
    neighbour neighbor grandson granddaughter nephew niece`.split(/\s+/),
  ),
};
const POSSESSIVES: Record<Language, Set<string>> = {
  fr: new Set(['mon', 'ma', 'notre', 'son', 'sa', 'leur', 'ton', 'ta']),
  en: new Set(['my', 'our', 'his', 'her', 'their', 'your']),
};
const KIN_AFTER: Record<Language, RegExp> = {
  fr: /^(?:il|elle|qui|était|avait)$/,
  en: /^(?:he|she|who|was|had)$/,
};
/** Words before which a first name that is also a word is the word: « le manuel », « était marin ». */
const NOT_BEFORE_NAME: Record<Language, Set<string>> = {
  fr: new Set(
    `le la les l un une des du de d au aux ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos
    leur leurs était est être devenu devenue comme très plus`.split(/\s+/),
  ),
  en: new Set(
    `a an the my his her our their your this that these those some every no any each its of was is were be
    became as very`.split(/\s+/),
  ),
};

/** "i started at firth brown", "taught english at girls latin": the works or the school after a verb of work. */
const EN_WORK =
  /^(?:start|started|starting|work|worked|working|job|taught|teach|teaching|employed|apprenticed|apprentice|apprenticeship|trained|training|served|clerk|labourer|foreman)$/;
/** Bare nouns after "at" that are no name: "worked at night", "started at school". */
const EN_AT_IDIOMS = new Set(
  `school home work night nights sea church college university weekends weekend dawn midnight noon lunchtime
  christmas easter sixteen fifteen fourteen seventeen eighteen nineteen twenty thirty forty fifty sixty
  full half heart hand random length least best worst times present weekends piecework shifts shift`.split(
    /\s+/,
  ),
);

/** Vessels whose name follows them: "my father's boat the morning star". */
const EN_VESSELS = new Set(
  `boat ship trawler lugger lifeboat vessel liner steamer yacht tug drifter ferry`.split(/\s+/),
);
/** Words after "the boat the…" that tell a time, not a name: "the boat the whole day", "the next morning". */
const EN_NOT_A_VESSEL_OPENING = new Set(`whole next following same entire rest`.split(/\s+/));
const EN_NOT_A_VESSEL_ENDING = new Set(
  `day night week weekend month year summer winter spring autumn time morning evening afternoon`.split(
    /\s+/,
  ),
);

/** "a pint at the swordfish": where one drinks has a name, unless it is a kind of place. */
const EN_DRINKS = new Set(['pint', 'pints', 'drink', 'drinks', 'half', 'jar', 'beer', 'beers']);
const EN_VENUES = new Set(
  `pub bar club local inn hotel tavern house kitchen garden gardens legion social lounge snug corner end table
  counter village town park beach harbour harbor quay front station weekend evening night afternoon morning
  dance match races`.split(/\s+/),
);

/** Colours that open a team's or a pub's name: "the red sox" once « sox » is known to be a name. */
const EN_COLOURS = new Set(['red', 'white', 'blue', 'black', 'green']);

/** Adjectives and participles, told by their other gender: « noir/noire », « gris/grise », « voyageur/voyageuse ». */
function isFrenchAdjective(word: string, lexicon: SpeechLexicon): boolean {
  const known = (form: string) => form !== word && lexicon.isKnownForm(form);
  // « bon/bonne », « net/nette »; but « pomponne » is the verb « pomponner », not the feminine of « pompon ».
  const doubled = [`${word}ne`, `${word}le`, `${word}te`, `${word}se`].filter(
    (form) => !lexicon.isKnownForm(`${form.slice(0, -1)}er`),
  );
  const forms = [`${word}e`, ...doubled];
  if (word.endsWith('e')) forms.push(word.slice(0, -1));
  const swaps: [RegExp, string][] = [
    [/eux$/, 'euse'],
    [/eur$/, 'euse'],
    [/eur$/, 'rice'],
    [/if$/, 'ive'],
    [/er$/, 'ère'],
    [/c$/, 'che'],
    [/el$/, 'elle'],
    // and back from the feminine: « blanche/blanc », « heureuse/heureux ».
    [/che$/, 'c'],
    [/euse$/, 'eux'],
    [/euse$/, 'eur'],
    [/rice$/, 'eur'],
    [/ive$/, 'if'],
    [/ère$/, 'er'],
    [/elle$/, 'el'],
    [/([nlts])\1e$/, '$1'],
  ];
  for (const [end, other] of swaps) if (end.test(word)) forms.push(word.replace(end, other));
  return forms.some(known);
}

/** A first name, or a word the name lists hold as someone's name ("pat", "ken"). */
function isGivenName(word: string, lexicon: SpeechLexicon): boolean {
  const key = nameKey(word);
  const kind = lexicon.names.get(key)?.kind;
  return lexicon.firstNames.has(key) || kind === 'person' || kind === 'name';
}

function capitalised(word: string): string {
  return word
    .split('-')
    .map((part) => part.charAt(0).toLocaleUpperCase('fr') + part.slice(1))
    .join('-');
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** `text` with the capitals its context gives to names the lexicons could not place. */
export function namesInContext(text: string, language: Language, lexicon: SpeechLexicon): string {
  const words: Word[] = [...text.matchAll(WORD)].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
    text: m[0],
    lower: m[0].toLocaleLowerCase('fr'),
  }));
  const upper = new Set<number>();
  // Only spaces between two words: a comma or a full stop ends the phrase.
  const joined = (i: number) =>
    i > 0 && i < words.length && /^\s+$/.test(text.slice(words[i - 1]!.end, words[i]!.start));
  const isLower = (w: Word | undefined) => w !== undefined && !/[\p{Lu}\p{N}]/u.test(w.text);
  const isCapital = (i: number) => /^\p{Lu}/u.test(words[i]?.text ?? '') || upper.has(i);
  const stop = (w: Word) => isStopWord(w.lower, language) || /^(?:euh|ben|um|er|uh)$/.test(w.lower);
  const lowerAt = (i: number) => (joined(i) ? words[i]?.lower : undefined);

  /**
   * The words from `from` on that may make a name: joined, no stop word, no number; with `and`, two words
   * joined by it ("the rose and crown"), the « and » left out of the result.
   */
  const run = (from: number, most: number, and = false): number[] => {
    const found: number[] = [];
    for (let i = from; i < words.length && found.length < most; i++) {
      const linked =
        and && found.length > 0 && words[i]!.lower === 'and' && joined(i) && joined(i + 1);
      if (linked && !stop(words[i + 1]!) && !/\p{N}/u.test(words[i + 1]!.text)) continue;
      if (!joined(i) || stop(words[i]!) || /\p{N}/u.test(words[i]!.text)) break;
      found.push(i);
    }
    return found;
  };
  /** The run ends the phrase: nothing, a stop word or a pause follows it. */
  const endsPhrase = (last: number) =>
    last + 1 >= words.length || !joined(last + 1) || stop(words[last + 1]!);

  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!isLower(word) || stop(word)) continue;
    const before = joined(i) ? words[i - 1]!.lower : undefined;
    // « mon pigeon bleuet il a gagné », "our cat smudge she": an animal's name, doubled by its pronoun.
    if (
      before !== undefined &&
      ANIMALS[language].has(before) &&
      ANIMAL_NAME_AFTER[language].test(lowerAt(i + 1) ?? '') &&
      !(language === 'fr' ? isFrenchAdjective(word.lower, lexicon) : /ly$/.test(word.lower))
    )
      upper.add(i);
    // « manuel mon mari il était », "ken my husband he": a first name in apposition to a relative.
    if (
      isGivenName(word.lower, lexicon) &&
      !NOT_BEFORE_NAME[language].has(before ?? '') &&
      POSSESSIVES[language].has(lowerAt(i + 1) ?? '') &&
      KIN[language].has(lowerAt(i + 2) ?? '') &&
      (i + 3 >= words.length || KIN_AFTER[language].test(lowerAt(i + 3) ?? ''))
    )
      upper.add(i);
  }

  if (language === 'en') {
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      // "i started at firth brown in 1953", "i taught english at girls latin".
      if (word.lower === 'at' && joined(i)) {
        const clause = [];
        for (let k = i - 1; k >= 0 && clause.length < 4; k--) {
          clause.push(words[k]!.lower);
          if (!joined(k)) break;
        }
        const name = run(i + 1, 3);
        if (
          clause.some((w) => EN_WORK.test(w)) &&
          name.length &&
          endsPhrase(name.at(-1)!) &&
          !name.some((k) => EN_AT_IDIOMS.has(words[k]!.lower)) &&
          name.some((k) => isCapital(k) || lexicon.names.has(nameKey(words[k]!.lower))) &&
          // One word alone must be a name the lexicon knows as such, not a word that is also a surname.
          (name.length > 1 || !lexicon.isWord(words[name[0]!]!.lower))
        )
          for (const k of name) upper.add(k);
      }
      // "my father's boat the morning star out of newlyn": a vessel and its name.
      if (EN_VESSELS.has(word.lower) && lowerAt(i + 1) === 'the') {
        const name = run(i + 2, 3, true);
        if (
          name.length >= 2 &&
          endsPhrase(name.at(-1)!) &&
          !EN_NOT_A_VESSEL_OPENING.has(words[name[0]!]!.lower) &&
          !EN_NOT_A_VESSEL_ENDING.has(words[name.at(-1)!]!.lower)
        )
          for (const k of name) upper.add(k);
      }
      // "a pint at the swordfish": the pub.
      if (
        EN_DRINKS.has(word.lower) &&
        /^(?:at|in|down)$/.test(lowerAt(i + 1) ?? '') &&
        lowerAt(i + 2) === 'the'
      ) {
        const name = run(i + 3, 3, true);
        if (name.length && endsPhrase(name.at(-1)!) && !EN_VENUES.has(words[name.at(-1)!]!.lower))
          for (const k of name) upper.add(k);
      }
      // "the red Sox": a colour before a name of no dictionary belongs to it.
      if (
        EN_COLOURS.has(word.lower) &&
        lowerAt(i) === word.lower &&
        words[i - 1]?.lower === 'the' &&
        joined(i + 1) &&
        /^\p{Lu}\p{Ll}/u.test(words[i + 1]!.text) &&
        !lexicon.isKnownForm(words[i + 1]!.lower) &&
        !lexicon.alwaysCapital.has(words[i + 1]!.lower) &&
        !lexicon.firstNames.has(nameKey(words[i + 1]!.lower))
      )
        upper.add(i);
    }
  }

  if (!upper.size) return text;
  let out = '';
  let last = 0;
  for (const i of [...upper].sort((a, b) => a - b)) {
    const word = words[i]!;
    out += text.slice(last, word.start) + capitalised(word.text);
    last = word.end;
  }
  return out + text.slice(last);
}

// Passes that turn what was said into what is written (issue 30): self-corrections and false starts out,
// capitals only where they are due, French elision and contractions, sentences that end where the meaning ends.
// Each pass is general: it reads the shape of the words, never a list of the stories it was tried on.
import type { Language } from './types.ts';
import { nameKey, speechLexicon } from '../speech/lexicon.ts';
import { isStopWord } from './stopwords.ts';
import { ANIMALS } from '../speech/name-context.ts';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

interface Token {
  text: string;
  start: number;
}

function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0], start: m.index }));
}

/** How a word is compared with the word a repair starts with: « j'étais » starts like « je ». */
function anchorKey(word: string): string {
  const lower = word.toLocaleLowerCase('fr').replace(/’/g, "'");
  const elided = lower.match(/^(j|l|d|qu|c|n|s|m|t)'/);
  if (elided)
    return { j: 'je', l: 'le', d: 'de', qu: 'que', c: 'ce', n: 'ne', s: 'se', m: 'me', t: 'te' }[
      elided[1]!
    ]!;
  if (lower === 'la' || lower === 'les') return 'le';
  return lower;
}

const NUMBER_WORD =
  /^(?:\d+(?:[.,]\d+)?|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingt|trente|quarante|cinquante|soixante|cent|mille|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)(?:-[\p{L}]+)*$/iu;

function isNumberLike(word: string): boolean {
  return NUMBER_WORD.test(word);
}

/** What restates a number without being one: "it was", « c'était », « ça devait être ». */
const COPULA_WORDS = new Set([
  'it',
  'that',
  'this',
  'was',
  'is',
  "it's",
  "c'était",
  "c'etait",
  "c'est",
  'ce',
  'ça',
  'ca',
  'devait',
  'être',
  'must',
  'have',
  'been',
  'be',
]);

/** Markers of a repair. `strong` ones correct wherever they stand; the others only after a pause. */
const MARKERS: Record<Language, { words: string; strong: RegExp }> = {
  fr: {
    words:
      "enfin non|non pardon|pardon non|non non|non attendez|non attends|ou plutôt|enfin plutôt|je me suis trompée?|je me trompe|je veux dire|j'veux dire|pardon|non",
    strong:
      /^(?:enfin non|non pardon|pardon non|non attendez|non attends|ou plutôt|enfin plutôt|je me suis trompée?|je me trompe)$/iu,
  },
  en: {
    words: 'no sorry|sorry no|no wait|wait no|no no|or rather|i mean|i meant|sorry|no',
    strong: /^(?:no sorry|sorry no|no wait|wait no|or rather)$/iu,
  },
};

/** A clause that denies (« on n'habitait pas… ») is confirmed by a « non » after it, not corrected. */
const NEGATIVE: Record<Language, RegExp> = {
  fr: /(?<![\p{L}'])(?:ne|n'|pas|jamais|rien|personne|aucune?)(?![\p{L}])/iu,
  en: /(?<![\p{L}'])(?:not|never|nobody|nothing|none|no)(?![\p{L}'])|n't(?![\p{L}])/iu,
};

/** « il m'a dit non », "she said no": the word is what was said, not a repair. */
const SAYING: Record<Language, RegExp> = {
  fr: /(?<![\p{L}'])(?:dit|dire|dis|disait|disais|répondu|répondait|répond|crié|fait)\s*[,:]?\s*$/iu,
  en: /(?<![\p{L}'])(?:said|say|says|saying|answered|replied|told \w+|shouted)\s*[,:]?\s*$/iu,
};

/**
 * Self-corrections: « en 1963… non, en 1964 », « à Lyon, enfin non, à Grenoble », "in 1963, no, 1964" keep only
 * what was corrected. The repair replaces the words from the last one it starts like (« en », « à », a year
 * for a year, a name for a name); a repair that starts nothing earlier keeps both sides, marker removed.
 */
export function dropCorrections(text: string, language: Language): string {
  const { words, strong } = MARKERS[language];
  const regex = new RegExp(
    `(\\s*(?:,|…|\\.\\.\\.|—|–|-)\\s*|\\s+)(${words})(?![\\p{L}'’])(\\s*(?:,|…|\\.\\.\\.|—|–|:|!)\\s*|\\s+)`,
    'giu',
  );
  let out = text;
  for (let guard = 0; guard < 6; guard++) {
    let changed = false;
    regex.lastIndex = 0;
    for (const match of out.matchAll(regex)) {
      const replaced = applyCorrection(out, match, language, strong);
      if (replaced !== null) {
        out = replaced;
        changed = true;
        break;
      }
    }
    if (!changed) break;
  }
  return out;
}

function applyCorrection(
  text: string,
  match: RegExpMatchArray,
  language: Language,
  strong: RegExp,
): string | null {
  const [whole, lead, markerRaw, trail] = match as unknown as [string, string, string, string];
  const marker = markerRaw.toLowerCase();
  const at = match.index!;
  const sentenceStart = Math.max(
    0,
    ...['. ', '! ', '? ', '\n']
      .map((end) => ({ end, index: text.lastIndexOf(end, at) }))
      .filter(({ index }) => index >= 0)
      .map(({ end, index }) => index + end.length)
      .filter((i) => i <= at),
  );
  const beforeText = text.slice(sentenceStart, at);
  const repairAt = at + whole.length;
  const repair = text.slice(repairAt);
  const before = tokens(beforeText);
  const repairTokens = tokens(repair);
  if (before.length === 0 || repairTokens.length === 0) return null;
  const pausedBefore = /[,…—–-]|\.\.\./.test(lead);
  const pausedAfter = /[,…—–:!-]|\.\.\./.test(trail);
  const isStrong = strong.test(marker);
  const bare = /^(?:non|no|non non|no no)$/.test(marker);
  // « c'était bien, non ? »: a question tag.
  if (/^\s*\?/.test(repair)) return null;
  if (SAYING[language].test(beforeText)) return null;
  if (!isStrong && !pausedBefore && !bare) return null;
  if (bare) {
    // « non plus », "no one", "no longer": the word is no marker there.
    if (
      /^(?:plus|loin|seulement|pas|merci|one|longer|more|doubt|matter|idea|way|thanks)(?![\p{L}])/iu.test(
        repair,
      )
    )
      return null;
    const clause = beforeText.split(/[,;:…]|\.\.\./).pop() ?? beforeText;
    if (NEGATIVE[language].test(clause)) return null;
  }
  const first = repairTokens[0]!.text;
  const key = anchorKey(first);
  const window = before.slice(-8);
  let from: number | null = null;
  if (isNumberLike(first)) {
    const last = [...window].reverse().find((t) => isNumberLike(t.text));
    // "a dog, no, two dogs": the article stood for the number.
    const article = [...window].reverse().find((t) => /^(?:a|an|one|un|une)$/iu.test(t.text));
    if (last) from = last.start;
    else if (article) from = article.start;
  }
  if (from === null) {
    const last = [...window].reverse().find((t) => anchorKey(t.text) === key);
    if (last) from = last.start;
  }
  // "in nineteen fifty-six no it was fifty-seven", « en 1963, non, c'était en 1964 »: the number said again
  // after « it was » replaces the end of the number said before (its century kept when not said again).
  let repairStart = 0;
  if (from === null && /^(?:it|that|this|was|c'était|c'est|ça|ca|c'etait)$/iu.test(first)) {
    const at = repairTokens.slice(0, 3).findIndex((t) => isNumberLike(t.text));
    let end = window.length - 1;
    while (end >= 0 && !isNumberLike(window[end]!.text)) end--;
    if (at > 0 && end >= 0) {
      let said = 0;
      while (at + said < repairTokens.length && isNumberLike(repairTokens[at + said]!.text)) said++;
      let runStart = end;
      while (runStart > 0 && isNumberLike(window[runStart - 1]!.text)) runStart--;
      from = window[end - Math.min(said, end - runStart + 1) + 1]!.start;
      // « c'était en 1964 »: the words before the number (« en ») are those the earlier text has already.
      const lead = repairTokens
        .slice(0, at)
        .map((t) => anchorKey(t.text))
        .filter((w) => !COPULA_WORDS.has(w));
      const runAt = window[runStart]!.start;
      const keptBefore = window.filter((t) => t.start < runAt).map((t) => anchorKey(t.text));
      if (lead.length === 0 || keptBefore.slice(-lead.length).join(' ') === lead.join(' '))
        repairStart = repairTokens[at]!.start;
      else from = null;
    }
  }
  if (from === null && /^\p{Lu}/u.test(first)) {
    const last = [...window]
      .reverse()
      .find((t, i, all) => /^\p{Lu}/u.test(t.text) && i < all.length - 0 && t.start > 0);
    if (last) from = last.start;
  }
  if (from === null) {
    // Unpunctuated « non » with nothing to replace is a plain word (« il voulait que non »).
    if (bare && !(pausedBefore && pausedAfter)) return null;
    if (!pausedBefore && !isStrong) return null;
    // « il était, je veux dire, très sévère »: a tic there, which the tic pass takes out with its commas.
    if (/^(?:je veux dire|j'veux dire|i mean|i meant)$/.test(marker)) return null;
    // Nothing to replace: the marker goes, both sides stay.
    return `${text.slice(0, at)}, ${repair}`.replace(/,\s*,/g, ',');
  }
  if (bare && !pausedBefore) {
    // Spoken without a pause: only a repair close to what it replaces.
    const distance = before.length - before.findIndex((t) => t.start === from);
    if (distance > 4) return null;
  }
  let kept = text.slice(0, sentenceStart + from).replace(/[\s,]+$/u, '');
  let fixed = repair.slice(repairStart);
  // « J'ai commencé à quinze ans, en 1963… non, en 1963 j'étais déjà mariée »: the repair tells a new clause.
  // The subject must belong to the repair itself: « en 1964 et on a pris… » goes on the first clause, the
  // « on » after « et » is the next one's.
  const subjectSoon = new RegExp(
    language === 'fr'
      ? "^(?:(?!(?:et|mais|puis|donc|ou)\\s)\\S+\\s+){0,4}?(?:je|j'|il|elle|on|nous|ils|elles|c')"
      : "^(?:(?!(?:and|but|then|so|or)\\s)\\S+\\s+){0,4}?(?:i|i'm|we|he|she|they|it)(?![\\p{L}'])",
    'iu',
  );
  const keptWords = tokens(kept.slice(sentenceStart)).length;
  // "in fifty-two no fifty-three when i was fifteen": a bare number replaces a number and stays in its clause.
  if (
    keptWords >= 3 &&
    repairStart === 0 &&
    !isNumberLike(first) &&
    subjectSoon.test(fixed) &&
    !/^(?:je|j'|i|we|he|she|they|il|elle|on|nous)(?![\p{L}])/iu.test(first)
  ) {
    fixed = fixed
      .replace(/^((?:en|in)\s+\d{4})\s+(?=\p{L})/iu, '$1, ')
      .replace(/^\p{Ll}/u, (c) => c.toLocaleUpperCase(language));
    kept = kept.replace(/[,;:]$/u, '') + '.';
  }
  const space = kept && !/\s$/.test(kept) ? ' ' : '';
  return `${kept}${space}${fixed}`;
}

/** Hesitant restarts: « on est all- on est allés », « le… la maison », "the... our house". */
export function dropFalseStarts(text: string, language: Language): string {
  const fn =
    language === 'fr'
      ? 'le|la|les|un|une|des|du|de|mon|ma|mes|son|sa|ses|ton|ta|tes|notre|nos|leur|leurs|ce|cette|au|aux|à|en|je|il|elle|on|nous|ils|elles'
      : 'the|a|an|my|his|her|our|their|your|this|that|to|in|at|on|i|we|he|she|they';
  return (
    text
      // A word cut off by a hyphen then a space: « all- ».
      .replace(/(?<![\p{L}'’-])\p{L}+-(?=\s|…)(?!\S)\s*…?/gu, ' ')
      // A lone function word left hanging before a pause: « le… la maison ».
      .replace(
        new RegExp(
          `(?<![\\p{L}'’])(?:${fn})\\s*(?:…|\\.\\.\\.|—|–)\\s*(?=(?:${fn})(?![\\p{L}]))`,
          'giu',
        ),
        '',
      )
      .replace(/\s{2,}/g, ' ')
  );
}

/** Sentence-opening tics of English speech: "Like, we…", "So, um, yeah, we moved", "Okay so we…". */
export function dropOpeningFillers(text: string, language: Language): string {
  if (language !== 'en') return text;
  const regex =
    /(^|[.!?]\s+)(?:(?:so|yeah|yes|well|oh|okay|ok|right|anyway|um|uh)(?:\s*,\s*|\s+(?=(?:so|yeah|well|like|okay|um|uh|and|we|i|he|she|they|it|my|our|the)(?![\p{L}'])))|like\s*,\s*)/iu;
  let out = text;
  for (let guard = 0; guard < 6; guard++) {
    const next = out.replace(regex, '$1');
    if (next === out) break;
    out = next;
  }
  return out;
}

// Closed-class words: a capital on one of these mid-sentence is a typing or recognition slip, never a name.
// prettier-ignore
const CLOSED: Record<Language, Set<string>> = {
  fr: new Set(`je tu il elle on nous vous ils elles le la les un une des du de au aux mon ma mes ton ta tes son sa
    ses notre nos votre vos leur leurs ce cet cette ces et ou mais donc car ni que qui quand comme dans sur sous
    avec pour par chez en est était étaient sont a avait ont avaient se me te lui eux y ne pas plus très aussi
    puis alors après avant tout toute tous toutes rien personne deux trois quatre cinq six sept huit neuf dix
    onze douze vingt trente quarante cinquante soixante cent mille`.split(/\s+/)),
  en: new Set(`he she it we they you him her them his its our their my your me us the a an and or but of to in
    on at with for from by as that this these those is was were are be been had has have did do does so then
    when while there nobody everybody everyone someone nothing everything something two three four five six
    seven eight nine ten eleven twelve twenty thirty forty fifty sixty seventy eighty ninety hundred
    thousand`.split(/\s+/)),
};

/**
 * Capitals only where due inside one sentence: « et Elle chantait » → « et elle chantait », « c'est Son père » →
 * « c'est son père »; a closed-class word before another capital (« La Rochelle », "The Beatles") stays, so do
 * words after a colon or an opening quotation mark.
 */
export function lowerMidSentenceCapitals(sentence: string, language: Language): string {
  const closed = CLOSED[language];
  if (language === 'fr')
    // « ma mère S'appelait », « et Qu'on »: an elided word with a capital before a lower-case word.
    sentence = sentence.replace(
      /(?<=[\p{L}\p{N},;)]\s+)(C|D|J|L|M|N|S|T|Qu)(?=['’]\p{Ll})/gu,
      (w: string) => w.toLocaleLowerCase('fr'),
    );
  // « mes Sœurs », « ma petite Sœur Jeanne », "my Mother": after a possessive, a common word that is no
  // name (« mon frère Yves » keeps Yves).
  sentence = sentence.replace(POSSESSIVE_CAPITAL, (word: string) =>
    FAMILY_CALLS.has(word.toLocaleLowerCase(language)) || isCommonNotName(word, language)
      ? word.toLocaleLowerCase(language)
      : word,
  );
  // « Sœur », « Cœur », « Œuvre » mid-sentence: the word list spells œ as « oe », so these were taken for names.
  sentence = sentence.replace(
    /(?<=[\p{L}\p{N},;)]\s+)(\p{Lu}\p{Ll}*[œæŒÆ]\p{Ll}*|[ŒÆ]\p{Ll}+)(?![\p{L}\p{N}'’-])/gu,
    (word: string) => (isCommonNotName(word, language) ? word.toLocaleLowerCase(language) : word),
  );
  return sentence.replace(
    /(?<=[\p{L}\p{N},;)]\s+)(\p{Lu}\p{Ll}*)(?![\p{L}\p{N}'’-])(?=(\s+\S+)?)/gu,
    (word: string, _w: string, nextRaw: string | undefined) => {
      const lower = word.toLocaleLowerCase(language);
      if (!closed.has(lower)) return word;
      const next = (nextRaw ?? '').trim();
      if (/^[«"“]?\p{Lu}/u.test(next)) return word;
      return lower;
    },
  );
}

/**
 * What a family calls its own (« Papa », "Dad"): a name when spoken to or of alone (« Papa disait »), a
 * common word after a possessive (« mon papa », "her dad"), whatever the name lists say of them.
 */
const FAMILY_CALLS = new Set(
  `dad daddy mum mummy mom mommy mam nan nana gran granny grandad granddad grandpa grandma papa mama
    maman papi papy mamie mémé pépé tatie tonton`.split(/\s+/),
);

/** Who a name follows (« mon frère Yves », "my brother Bud"): the capital after these is a name's. */
const RELATION = `(?:frère|frères|sœur|sœurs|soeur|père|mère|oncle|tante|cousin|cousine|mari|femme|fils|fille|ami|amie|copain|copine|chien|chienne|chat|chatte|parrain|marraine|voisin|voisine|patron|patronne|grand-père|grand-mère|brother|sister|mother|father|mum|mom|dad|uncle|aunt|auntie|cousin|husband|wife|son|daughter|friend|pal|buddy|dog|cat|grandma|grandpa|nan|granny|neighbour|neighbor|boss|${[...ANIMALS.fr, ...ANIMALS.en].join('|')})`;

// The possessive may open the sentence: « My Dad worked » is « My dad worked ».
const POSSESSIVES =
  'mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs my his her our their your'
    .split(' ')
    .map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`)
    .join('|');
const POSSESSIVE_CAPITAL = new RegExp(
  String.raw`(?<=(?<![\p{L}'’])(?:${POSSESSIVES})\s+(?:(?!${RELATION}\s)\p{Ll}+\s+)?)(\p{Lu}\p{Ll}+)(?![\p{L}\p{N}'’-])`,
  'gu',
);

/** A common word of the language that is no first name nor a name usually written with a capital. */
function isCommonNotName(word: string, language: Language): boolean {
  const lexicon = speechLexicon(language);
  const lower = word.toLocaleLowerCase(language);
  const plain = lower.replace(/œ/g, 'oe').replace(/æ/g, 'ae');
  if (!lexicon.isWord(lower) && !lexicon.isWord(plain)) return false;
  const key = nameKey(word);
  if (lexicon.firstNames.has(key)) return false;
  const name = lexicon.names.get(key);
  return !(name && (name.usuallyName || name.listed));
}

const EN_TITLE = /(?<![\p{L}'])(mr|mrs|ms|dr|miss)(\.?)\s+(\p{Ll}[\p{L}-]*)(?![\p{L}'’])/giu;
/** Before "miss", these make it the verb: "I miss my mum", "we'd miss the bus". */
const EN_VERB_BEFORE =
  /(?:(?<![\p{L}'])(?:i|we|you|they|he|she|still|really|will|would|'d|'ll|did|do|does|don't|didn't|never|always|can|could|gonna|n't|so|shall|might|must)|(?:want|wanted|used|going|have|had|has|need|needed|like|liked|love|loved|hate|hated|try|tried|began|started|seemed|hope|hoped)\s+to)\s*$/iu;
const FR_TITLE =
  /(?<![\p{L}'])(monsieur|madame|mademoiselle|docteur|abbé)\s+(\p{Ll}[\p{L}-]*)(?![\p{L}'’])/gu;

/**
 * Names said in lower case after a title: "miss pickles" → "Miss Pickles", "mr jones" → "Mr Jones",
 * « madame perrin » → « madame Perrin » (a French title keeps its lower case in running text).
 */
export function capitalizeTitledNames(sentence: string, language: Language): string {
  const closed = CLOSED[language];
  if (language === 'en') {
    return sentence.replace(
      EN_TITLE,
      (match, title: string, dot: string, name: string, at: number) => {
        if (closed.has(name.toLowerCase()) || /^(?:and|or|but)$/i.test(name)) return match;
        if (title.toLowerCase() === 'miss' && EN_VERB_BEFORE.test(sentence.slice(0, at)))
          return match;
        if (
          title.toLowerCase() === 'miss' &&
          /^(?:out|it|that|them|him|her|you|home|school|work|church)$/i.test(name)
        )
          return match;
        const cap = title[0]!.toUpperCase() + title.slice(1).toLowerCase();
        return `${cap}${dot} ${name[0]!.toUpperCase()}${name.slice(1)}`;
      },
    );
  }
  if (!FR_TITLE.test(sentence)) return sentence;
  FR_TITLE.lastIndex = 0;
  const lexicon = speechLexicon('fr');
  return sentence.replace(FR_TITLE, (match, title: string, name: string) => {
    const lower = name.toLocaleLowerCase('fr');
    if (closed.has(lower)) return match;
    // « madame disait »: a word of the language is not a name, unless it is a first name too (« rose »).
    if (lexicon.isWord(lower) && !lexicon.firstNames.has(lower)) return match;
    return `${title} ${name[0]!.toLocaleUpperCase('fr')}${name.slice(1)}`;
  });
}

// h aspiré: no elision before these (« le haricot », « la honte »), and « onze », « oui », « un » as a number.
const H_ASPIRE =
  /^(?:hache|haie|haine|hall|halte|hamac|hameau|hanche|handicap|hangar|hant|harcel|hardi|hareng|haricot|harpe|hasard|hâte|hausse|haut|havre|hennir|hérisson|hernie|héron|héros|hêtre|hibou|hideu|hiérarch|hiss|hoch|hockey|hollande|homard|hongr|honte|hoquet|horde|hors|hotte|houle|housse|hublot|hue|huit|hurl|hutte|harnais|hâle|hamburger|hippie|hobby)/iu;
const VOWEL = /^[aeiouyàâäéèêëîïôöûüœæ]/iu;

function elidable(next: string, word: string): boolean {
  const lower = next.toLocaleLowerCase('fr');
  if (/^(?:onze|onzième|oui|ouistiti|ouate|yaourt|yacht|yoga|yéyé|uhlan)$/u.test(lower))
    return false;
  // « d'Yvonne », « d'Yves »: y before a consonant is a vowel; « les yeux », « le yaourt »: before a vowel it is not.
  if (/^y./u.test(lower)) return !/^y[aeiouyàâäéèêëîïôöûü]/u.test(lower);
  if (/^(?:le|la)$/.test(word) && /^(?:un|une)$/.test(lower)) return false;
  if (/^h/u.test(lower)) return !H_ASPIRE.test(lower);
  return VOWEL.test(lower);
}

/**
 * French elision and contractions as written French has them, wherever the rewrite or the speech left them
 * open: « que elle » → « qu'elle », « autour de eux » → « autour d'eux », « si il » → « s'il », « le homme » →
 * « l'homme », « ce est » → « c'est », « à les enfants » → « aux enfants », « de le jardin » → « du jardin ».
 */
export function elideFrench(text: string): string {
  let out = text.replace(
    /(?<![\p{L}'’-])(je|me|te|se|le|la|de|ne|que|jusque|lorsque|puisque|quoique|ce)\s+(?=([\p{L}]+))/giu,
    (match, word: string, next: string) => {
      const lower = word.toLowerCase();
      if (!elidable(next, lower)) return match;
      if (lower === 'quoique' && !/^(?:il|ils|elle|elles|on|un|une)$/iu.test(next)) return match;
      if (lower === 'ce') {
        if (/^(?:est|était|étaient|en|eût|eut)$/iu.test(next)) return `${word[0]}'`;
        if (/^(?:à|a|où|y|au|aux|avec|après|avant)$/iu.test(next)) return match;
        // « ce homme », « ce ami »: the demonstrative before a vowel is « cet ».
        return `${word}t `;
      }
      return `${word.slice(0, -1)}'`;
    },
  );
  out = out.replace(/(?<![\p{L}'’-])([Ss])i\s+(ils?)(?![\p{L}'’])/gu, "$1'$2");
  // Contractions: « à les enfants », « de le jardin ». Before an infinitive the word is a pronoun (« de le faire »).
  out = out.replace(
    /(?<![\p{L}'’-])([àÀ]|[Dd]e)\s+(le|les)\s+(?=([\p{L}]+))/gu,
    (match, prep: string, article: string, next: string) => {
      const lower = next.toLocaleLowerCase('fr');
      if (/(?:er|ir|re|oir)$/u.test(lower)) return match;
      if (article === 'les' && !/[sx]$/u.test(lower)) return match;
      if (article === 'le' && elidable(next, 'le')) return match;
      const de = /^[Dd]/.test(prep);
      const upper = /^[ÀD]/.test(prep);
      const form = article === 'le' ? (de ? 'du' : 'au') : de ? 'des' : 'aux';
      return `${upper ? form[0]!.toUpperCase() + form.slice(1) : form} `;
    },
  );
  return out;
}

const RUN_ON_MIN_WORDS = 16;
const SPLIT_AT: Record<Language, { regex: RegExp; opener: Record<string, string> }> = {
  fr: {
    regex:
      /,?\s+(et puis|et après|et alors|et ensuite|alors)\s+(?=(?:je|j'|il|elle|on|nous|vous|ils|elles|c'|ça|mon|ma|mes|son|sa|ses|notre|nos|leur|leurs|le|la|les|l')(?![\p{L}]))/giu,
    opener: {
      'et puis': 'Puis',
      'et après': 'Après',
      'et alors': 'Alors',
      'et ensuite': 'Ensuite',
      alors: 'Alors',
    },
  },
  en: {
    regex:
      /,?\s+(and then|and so|and after that)\s+(?=(?:i|we|he|she|they|it|there|my|his|her|our|their|the)(?![\p{L}']))/giu,
    opener: { 'and then': 'Then', 'and so': 'So', 'and after that': 'After that' },
  },
};

/**
 * A long spoken sentence cut where a new clause starts with its own subject: « on est partis à Lyon en 1950 et
 * puis mon père a trouvé du travail à l'usine » → two sentences. A link without its own subject after it
 * (« et puis travaillé ») is never a cut: that would leave a sentence without a subject.
 */
export function splitRunOn(sentence: string, language: Language): string[] {
  const { regex, opener } = SPLIT_AT[language];
  const count = (t: string) => tokens(t).length;
  if (count(sentence) < RUN_ON_MIN_WORDS) return [sentence];
  // Quotations are never cut.
  if (/[«“"]/.test(sentence)) return [sentence];
  regex.lastIndex = 0;
  for (const match of sentence.matchAll(regex)) {
    const head = sentence.slice(0, match.index);
    const tail = sentence.slice(match.index! + match[0].length);
    if (count(head) < 5 || count(tail) < 5) continue;
    // « alors que », « alors qu' » never reach here (the subject look-ahead), and « il pleuvait alors » stays.
    // A noun subject must come with its verb (« et puis la guerre est arrivée »), else it is an object.
    if (
      !/^(?:je|j'|il|elle|on|nous|vous|ils|elles|c'|ça|i|we|he|she|they|it|there)(?![\p{L}])/iu.test(
        tail,
      ) &&
      !/^(?:\S+\s+){1,3}?(?:est|était|a|avait|sont|ont|étaient|avaient|\p{L}+(?:ait|aient)|is|was|were|had|has|came|went|died|\p{L}+ed)(?![\p{L}])/iu.test(
        tail,
      )
    )
      continue;
    const link = opener[match[1]!.toLowerCase()] ?? '';
    const first = head.replace(/[\s,;]+$/u, '') + '.';
    const rest = `${link} ${tail}`;
    return [first, ...splitRunOn(rest, language)];
  }
  return [sentence];
}

const FR_DISLOCATED =
  /^((?:Mon|Ma|Mes|Son|Sa|Ses|Notre|Nos|Leur|Leurs)\s+[\p{L}-]+(?:\s+(?:de|d'|du)\s*[\p{L}-]+)?(?:\s+\p{Lu}[\p{L}-]+)?|\p{Lu}[\p{Ll}-]+(?:\s+\p{Lu}[\p{Ll}-]+)?),\s+(?:([^,]{2,40}),\s+)?(il|elle|ils|elles)\s+(?=\p{L})/u;
const EN_DISLOCATED =
  /^((?:My|His|Her|Our|Their)\s+[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?|\p{Lu}[\p{Ll}-]+(?:\s+\p{Lu}[\p{Ll}-]+)?),\s+(?:([^,]{2,40}),\s+)?(he|she|they|it)\s+(?=\p{L})/u;

/** Whether a dislocated subject and the pronoun that takes it up agree (« ma mère… elle », « mes parents… ils »). */
function pronounAgrees(subject: string, pronoun: string, language: Language): boolean {
  const head = subject.split(/\s+/)[0]!.toLowerCase();
  const plural = /^(?:ils|elles|they)$/.test(pronoun);
  if (language === 'en') {
    if (/^(?:my|his|her|our|their)$/.test(head)) return true;
    return pronoun === 'he' || pronoun === 'she';
  }
  if (/^(?:mes|ses|nos|leurs)$/.test(head)) return plural;
  if (plural) return false;
  if (/^(?:ma|sa)$/.test(head)) return pronoun === 'elle';
  if (/^(?:mon|son)$/.test(head))
    return pronoun === 'il' || /^(?:mon|son)\s+[aeiouyhéèêàâîôû]/iu.test(subject);
  return true;
}

/**
 * Spoken dislocations written as prose: « Mon père, le soir, il se servait un verre » → « Le soir, mon père se
 * servait un verre », « Lucien, il travaillait chez Berliet » → « Lucien travaillait chez Berliet », "My dad,
 * he was a miner" → "My dad was a miner". Only a possessive group or a real name is taken for the subject:
 * « Le dimanche, il était content » keeps its pronoun.
 */
export function undislocate(sentence: string, language: Language): string {
  const match = sentence.match(language === 'fr' ? FR_DISLOCATED : EN_DISLOCATED);
  if (!match) return sentence;
  const [whole, subject, middle, pronoun] = match as unknown as [
    string,
    string,
    string | undefined,
    string,
  ];
  if (!pronounAgrees(subject, pronoun, language)) return sentence;
  const possessive = /^(?:Mon|Ma|Mes|Son|Sa|Ses|Notre|Nos|Leur|Leurs|My|His|Her|Our|Their)\s/u.test(
    subject,
  );
  if (!possessive) {
    // A name, not a word that opens the sentence (« Ensuite, il… », "Then, he…").
    const words = subject.split(/\s+/);
    const lexicon = speechLexicon(language);
    for (const word of words) {
      const lower = word.toLocaleLowerCase(language);
      if (isStopWord(lower, language)) return sentence;
      if (lexicon.isWord(lower) && !lexicon.firstNames.has(nameKey(word))) return sentence;
    }
  }
  const rest = sentence.slice(whole.length);
  if (middle === undefined) return `${subject} ${rest}`;
  // « Ma mère, Marcelle, elle… »: a name in apposition stays where it is.
  if (/^\p{Lu}/u.test(middle) && !/^(?:Le|La|Les|L'|En|À|Au|The|In|On|At)\s/u.test(middle))
    return `${subject}, ${middle}, ${rest}`;
  // A clause in the middle (« Mon père, quand il rentrait, il… ») keeps the order, without the doubled pronoun.
  if (
    /(?<![\p{L}'])(?:je|j'|il|elle|on|nous|ils|elles|i|he|she|we|they)(?![\p{L}'])/iu.test(middle)
  )
    return `${subject}, ${middle}, ${rest}`;
  const lowered = /^(?:Mon|Ma|Mes|Son|Sa|Ses|Notre|Nos|Leur|Leurs|My|His|Her|Our|Their)\s/u.test(
    subject,
  )
    ? subject[0]!.toLocaleLowerCase(language) + subject.slice(1)
    : subject;
  const opening = middle[0]!.toLocaleUpperCase(language) + middle.slice(1);
  return `${opening}, ${lowered} ${rest}`;
}

const DANGLING: Record<Language, RegExp> = {
  // « …et quand le vieux est mort. Il a repris la boutique. »: a time clause that waits for its main clause.
  fr: /(?:^|[\s,])(?:et|mais|puis)\s+(?:quand|lorsque|dès que|lorsqu'|quand)\s[^,.!?;:«»"]{2,80}\.$|^(?:(?:et|puis|alors|mais|et puis|et alors)\s+)?(?:en|vers|fin|début)\s+\d{4}\.$/iu,
  en: /(?:^|[\s,])(?:and|but|then)\s+(?:when|once|as soon as)\s[^,.!?;:"]{2,80}\.$|^(?:(?:and|then|so|and then)\s+)?(?:in|around)\s+\d{4}\.$/iu,
};
const SUBJECT_START: Record<Language, RegExp> = {
  fr: /^(?:Je|J'|Il|Elle|On|Nous|Ils|Elles|C'|Ça)(?![\p{L}])/u,
  en: /^(?:I|He|She|We|They|It)(?![\p{L}'])/u,
};

/**
 * Sentences cut before their main clause put back together: « …et quand le vieux est mort. Il a repris la
 * boutique. » → « …et quand le vieux est mort, il a repris la boutique. », « Puis en 1943. Ils ont dynamité
 * le quartier. » → « Puis en 1943, ils ont dynamité le quartier. »
 */
export function joinDangling(sentences: string[], language: Language): string[] {
  const out: string[] = [];
  for (const sentence of sentences) {
    const last = out[out.length - 1];
    if (
      last !== undefined &&
      DANGLING[language].test(last) &&
      SUBJECT_START[language].test(sentence)
    ) {
      const next = /^I(?![\p{L}])/u.test(sentence)
        ? sentence
        : sentence[0]!.toLocaleLowerCase(language) + sentence.slice(1);
      out[out.length - 1] = `${last.slice(0, -1)}, ${next}`;
      continue;
    }
    out.push(sentence);
  }
  return out;
}

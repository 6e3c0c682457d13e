// Punctuation for recognised speech, which has little or none: a full stop where a new clause starts with its
// own subject, a comma after what opens a sentence, no doubled subject (« mon père il était » → « mon père
// était »), and the verbal tics that only a pause made into words left out.
import type { Language } from '../interviewer/types.ts';
import { nameKey, speechLexicon } from './lexicon.ts';

interface Word {
  text: string;
  lower: string;
  /** punctuation written before the word (a boundary or a comma), decided here */
  before: '' | ',' | '.' | ':';
  drop: boolean;
}

// A word list reads better as one paragraph per kind than as one line per word.
// prettier-ignore
const FR = {
  subjects: new Set(['je', 'il', 'ils', 'on']),
  /** subjects only when a verb or a clitic follows and no preposition comes before */
  maybeSubjects: new Set(['elle', 'elles', 'nous', 'vous', 'ça', 'ca']),
  /** after these, a subject belongs to the same sentence */
  binders: new Set([
    'que', "qu'", 'qui', 'et', 'ou', 'mais', 'si', "s'il", 'quand', 'lorsque', "lorsqu'", 'comme', 'parce', 'puisque',
    "puisqu'", 'où', 'dont', 'car', 'pendant', 'dès', 'depuis',
    'lors', 'tandis', 'pourtant', 'sinon', 'moi', 'toi', 'lui', 'eux', 'oui', 'non', 'bien', 'comment',
    'pourquoi', 'combien', 'même', 'aussi', 'ni', 'sauf', 'ici', 'ben', 'bon', 'ou', 'soit', 'voilà',
    'crois', 'pense', 'sais', 'savais', 'trouve', 'croyais', 'pensais', 'paraît', 'semble', 'semblait', 'disons',
    'bref', 'peut-être', 'heureusement', 'malheureusement', 'forcément', 'évidemment', 'sûrement', 'tellement',
    'ce', 'tant', 'sans',
  ]),
  /** a subordinate clause that opens the sentence is closed by a comma, not a full stop */
  subordinators: new Set(['quand', 'lorsque', "lorsqu'", 'comme', 'si', "s'", 'dès', 'pendant', 'depuis', 'une', 'puisque', "puisqu'", 'après', 'avant', 'à', 'en', 'au', 'dans', 'le', 'la', 'les', "l'", 'tous', 'toutes', 'chaque', 'petite', 'petit', 'jeune', 'enfant', 'plus', 'autrefois', 'avec', 'chez', 'pour', 'sur', 'vers', 'par', 'entre', 'aux', 'durant']),
  say: new Set(['disait', 'dit', 'disaient', 'répétait', 'racontait', 'criait', 'demandait', 'répondait', 'expliquait']),
  prepositions: new Set(['à', 'de', "d'", 'pour', 'avec', 'chez', 'sans', 'sur', 'sous', 'vers', 'contre', 'par', 'entre', 'comme', 'derrière', 'devant', 'près', 'envers', 'malgré', 'selon', 'au', 'aux', 'du', 'des', 'dans', 'en']),
  determiners: new Set(['mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'notre', 'nos', 'votre', 'vos', 'leur', 'leurs', 'le', 'la', 'les', "l'", 'un', 'une', 'des', 'ce', 'cet', 'cette', 'ces', 'tout', 'toute', 'tous', 'toutes']),
  plural: new Set(['mes', 'tes', 'ses', 'nos', 'vos', 'leurs', 'les', 'des', 'ces', 'tous', 'toutes']),
  stressed: new Map([['moi', 'je'], ['lui', 'il'], ['elle', 'elle'], ['eux', 'ils'], ['nous', 'on'], ['elles', 'elles']]),
  clitics: new Set(['ne', "n'", 'se', "s'", 'me', "m'", 'te', "t'", 'y', 'en', 'le', 'la', 'les', "l'", 'lui', 'leur', 'nous', 'vous']),
  auxiliaries: new Set(['ai', 'a', 'as', 'avait', 'avais', 'avons', 'avions', 'ont', 'avaient', 'eu', 'suis', 'est', 'était', 'étais', 'sommes', 'sont', 'étaient', 'étions', 'été']),
  connectives: new Set(['puis', 'ensuite', 'après', 'alors', 'donc', 'enfin', 'là', 'mais', 'finalement', 'heureusement', 'malheureusement', 'bref']),
  /** prepositions of a time said before the subject: « après la guerre, on est partis » */
  timePrepositions: new Set(['après', 'avant', 'pendant', 'à', 'en', 'dans', 'depuis', 'dès', 'vers', 'durant']),
  finite: /^(?:est|a|ai|as|sont|ont|va|vont|fait|font|dit|peut|faut|fallait|fut|sommes|avons|allons|était|étaient|avait|avaient)$|(?:ait|aient|ais|ions|iez)$/,
  verbish: /^(?:est|était|a|ai|avait|allait|va|fait|faisait|sont|étaient|ont|avaient|allaient|faisaient|y|ne|n'|se|s'|me|m'|te|t'|en|l'|le|la|les|lui|leur|nous|vous|disait|dit|fut|peut|pouvait|savait|voulait|venait|partait|aimait|travaillait|habitait|avons|sommes|étions|avions|allions)$|(?:ait|aient|ons|ez)$/,
  timeNouns: new Set(['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'matin', 'soir', 'été', 'hiver', 'printemps', 'automne', 'week-end', 'lendemain', 'jour', 'nuit', 'midi', 'année', 'an', 'époque', 'guerre', 'veille', 'semaine']),
};
// prettier-ignore
const EN = {
  subjects: new Set(['i', 'he', 'she', 'we', 'they']),
  maybeSubjects: new Set(['it', 'there', 'that', 'you', 'everybody', 'everyone', 'nobody']),
  binders: new Set([
    'and', 'or', 'because', 'cause', "'cause", 'when', 'while', 'if', 'as', 'where', 'who', 'which',
    'that', 'until', 'till', 'since', 'before', 'after', 'though', 'although', 'than', 'whether', 'once',
    'think', 'thought', 'know', 'knew', 'remember', 'guess', 'suppose', 'believe', 'mean', 'say', 'said', 'says',
    'hope', 'wish', 'reckon', 'sure', 'how', 'why', 'what', 'like', 'well', 'yes', 'no', 'oh', 'maybe', 'probably',
    'sometimes', 'now', 'tell', 'told', 'realised', 'realized', 'felt', 'feel', 'figured', 'bet', 'also', 'even',
    'just', 'only', 'course',
  ]),
  subordinators: new Set(['when', 'while', 'if', 'as', 'once', 'after', 'before', 'since', 'in', 'on', 'at', 'during', 'every', 'back', 'growing', 'for', 'with', 'by', 'from', 'the', 'that', 'each', 'although', 'though', 'because']),
  say: new Set(['said', 'says', 'used']),
  prepositions: new Set(['to', 'of', 'for', 'with', 'at', 'in', 'on', 'by', 'from', 'about', 'like', 'than', 'into', 'onto', 'over', 'under']),
  determiners: new Set(['my', 'our', 'his', 'her', 'their', 'the', 'a', 'an', 'this', 'that', 'these', 'those', 'your']),
  plural: new Set(['these', 'those']),
  stressed: new Map<string, string>([['me', 'i']]),
  clitics: new Set<string>(),
  auxiliaries: new Set(['had', 'have', 'has', 'was', 'were', 'is', 'are']),
  connectives: new Set(['then', 'so', 'anyway', 'later', 'eventually', 'afterwards', 'but']),
  timePrepositions: new Set(['after', 'before', 'during', 'in', 'on', 'at', 'by']),
  finite:
    /^(?:was|were|had|did|is|are|am|has|have|went|got|came|made|took|saw|met|left|lived|worked|used|could|would|loved|grew|knew|began|became|ran|sat|stood|told|said|thought|felt|found|gave|kept|lost|brought|bought|taught|wore|wrote|drove|rode|spent|sent|heard|held|won|fell|ate|sang|swam|slept|meant|paid|led|read|put|let|set|cut|hit|does|goes|says|couldn't|wasn't|weren't|didn't|wouldn't|hadn't|won't|can't)$|ed$/,
  verbish: /^(?:was|were|had|did|is|are|'s|'d|would|could|used|went|got|came|never|always|still|just|wasn't|weren't|didn't|couldn't|wouldn't|'ll|will|can|must|might|lived|worked|loved|met|moved|married|left|took|made|saw|knew|thought|said|told|started|stayed|bought|sold|ran|grew|became|kept|brought|taught|looked|wanted|liked|tried|called)$|ed$/,
  timeNouns: new Set(['war', 'morning', 'evening', 'night', 'weekend', 'summer', 'winter', 'spring', 'autumn', 'fall', 'day', 'time', 'sunday', 'saturday', 'monday', 'year', 'week', 'afternoon']),
};

/** Words after which « nous », « elle », "it" are no subject: « avant nous », « plus qu'elle ». */
const STRESS_AFTER = new Set([
  'avant',
  'après',
  'que',
  "qu'",
  'et',
  'ou',
  'comme',
  'sauf',
  'moins',
  'plus',
  'than',
  'and',
  'or',
  'after',
  'before',
  'about',
]);

const KIN_POSSESSIVES = /^(?:mon|ma|mes|notre|nos|my|our)$/;
const KIN_NOUNS =
  /^(?:père|mère|parents|frère|frères|sœur|soeur|sœurs|mari|femme|fils|fille|grand-père|grand-mère|grands-parents|oncle|tante|famille|father|mother|dad|mum|mam|mom|parents|brother|sister|husband|wife|son|daughter|grandfather|grandmother|uncle|aunt|family)$/;

/** Verbs after a clitic: « qui me vient », « on se chamaillait ». */
const FR_CLITIC_BEFORE_VERB = /^(?:me|te|se|m'|t'|s'|y|en|ne|n'|lui|leur)$/;

const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|[.!?…,;:«»“”"()]/gu;

/**
 * Punctuation for one answer. Sentences already closed by the person stay as they are; a run of words with
 * no punctuation gets full stops and commas at its clause boundaries.
 */
export function punctuate(text: string, language: Language): string {
  const lex = language === 'fr' ? FR : EN;
  const tokens = text.match(TOKEN) ?? [];
  const words: Word[] = [];
  const out: string[] = [];
  const flush = () => {
    // A sentence the person wrote with its punctuation, or a short one, is left as it is.
    const written =
      words.length <= 5 || words.filter((w) => w.text.endsWith(',')).length * 12 >= words.length;
    if (words.length) out.push(render(written ? words : segment(words, lex, language)));
    words.length = 0;
  };
  for (const token of tokens) {
    if (/^[.!?…;:«»“”"()]$/.test(token)) {
      flush();
      out.push(token);
      continue;
    }
    if (token === ',') {
      if (words.length) words[words.length - 1]!.text += ',';
      continue;
    }
    // An elided word splits in two for the rules: « j'étais » is « j' » + « étais ».
    const elided = token.match(/^((?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’])(.+)$/i);
    const head = elided ? elided[1]!.replace('’', "'") : token;
    words.push({
      text: token,
      lower: (elided ? head : token).toLocaleLowerCase('fr').replace('’', "'"),
      before: '',
      drop: false,
    });
    if (elided) words[words.length - 1]!.lower = head.toLocaleLowerCase('fr');
  }
  flush();
  return join(out);
}

/** The rest of an elided word: « étais » for « j'étais ». */
function rest(word: Word): string {
  const m = word.text.match(/^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’](.+)$/i);
  return (m ? m[1]! : word.text).toLocaleLowerCase('fr');
}

function segment(words: Word[], lex: typeof FR | typeof EN, language: Language): Word[] {
  const fr = language === 'fr';
  const plainLower = (w: Word | undefined) => (w ? w.lower.replace(/,$/, '') : '');
  /** The whole word, « l'emballage » and not « l' »: what a neighbour is. */
  const full = (w: Word | undefined) =>
    w ? w.text.toLocaleLowerCase('fr').replace(/’/g, "'").replace(/,$/, '') : '';
  const isBinder = (w: Word) =>
    (lex.binders.has(plainLower(w)) && plainLower(w) !== "s'") || /^s'ils?$/.test(full(w));
  const isSubjectAt = (i: number): boolean => {
    const w = words[i]!;
    const lower = plainLower(w);
    if (fr && lower === "j'") return true;
    if (fr && lower === "c'" && /^(?:était|est|étaient|fut)$/.test(rest(w))) return true;
    if (
      !fr &&
      /^(?:i'm|i'd|i've|i'll|he's|she's|we're|we'd|we've|they're|they'd|they've|it's|there's|that's)$/.test(
        lower,
      )
    )
      return true;
    if (lex.subjects.has(lower))
      return !(fr && lower === 'il' && plainLower(words[i - 1]) === "qu'");
    if (!lex.maybeSubjects.has(lower)) return false;
    const next = words[i + 1];
    if (!next || (!lex.verbish.test(plainLower(next)) && !lex.verbish.test(rest(next))))
      return false;
    const prev = full(words[i - 1]);
    // « nous nous sommes mariés »: the second one is the reflexive.
    if (prev === lower || lex.subjects.has(prev) || lex.maybeSubjects.has(prev)) return false;
    return !lex.prepositions.has(prev) && !lex.determiners.has(prev) && !STRESS_AFTER.has(prev);
  };
  const isFinite = (k: number): boolean => {
    const w = words[k]!;
    if (lex.finite.test(plainLower(w)) || (fr && lex.finite.test(rest(w)))) return true;
    return (
      fr && k > 0 && FR_CLITIC_BEFORE_VERB.test(full(words[k - 1])) && !lex.determiners.has(full(w))
    );
  };
  let sentenceStart = 0;
  let verbSeen = false;
  let subordinate = false;
  // After « que », « et », « parce que »…: the next subject belongs to the clause they open.
  let awaiting = -1;
  const startSentence = (at: number) => {
    sentenceStart = at;
    verbSeen = false;
    awaiting = -1;
    const first = plainLower(words[at]);
    subordinate =
      lex.subordinators.has(first) || (fr && lex.timeNouns.has(plainLower(words[at + 1])));
  };
  startSentence(0);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const lower = plainLower(word);
    if (i > sentenceStart && word.before === '' && isSubjectAt(i)) {
      let start = i;
      // « mon père il était »: the noun phrase is the subject, the pronoun goes.
      const np =
        fr || !/^(?:i|you)$/.test(lower)
          ? nounPhraseBefore(words, i, lex, sentenceStart, language)
          : null;
      if (np !== null) {
        word.drop = true;
        start = np;
      } else {
        // « moi je », « lui il »: the stress goes.
        const prev = words[i - 1];
        if (prev && lex.stressed.get(plainLower(prev)) === lower && !prev.text.endsWith(',')) {
          prev.drop = true;
          start = i - 1;
        }
      }
      if (awaiting >= 0 && start > awaiting) {
        // « et le dimanche, on partait », « parce que le soir, il était crevé »
        if (np === null && start > awaiting + 1 && !words[start - 1]!.text.endsWith(','))
          words[start]!.before = ',';
        awaiting = -1;
      } else {
        // « … se coucher le dimanche c'était autre chose »: the time opens the new sentence, with a comma.
        let timeOpens = false;
        if (start === i) {
          const adverbial = timeBefore(words, i, lex, sentenceStart);
          if (adverbial !== null) {
            words[i]!.before = ',';
            start = adverbial;
            timeOpens = true;
          }
        }
        // « et puis on est partis »: the boundary goes before the connective, and « et » goes.
        while (start - 1 > sentenceStart && lex.connectives.has(plainLower(words[start - 1])))
          start--;
        if (
          start - 1 > sentenceStart &&
          /^(?:et|and)$/.test(plainLower(words[start - 1])) &&
          start < i
        ) {
          words[start - 1]!.drop = true;
          start--;
        }
        const before = plainLower(words[start - 1]);
        // « Puis il toussait »: a connective opening the sentence needs no comma.
        const bound =
          start === i &&
          (isBinder(words[start - 1]!) ||
            (start - 1 === sentenceStart && lex.connectives.has(before)));
        if (start > sentenceStart && !bound && !words[start - 1]!.text.endsWith(',')) {
          if (lex.say.has(before)) words[start]!.before = ':';
          else if (subordinate || !verbSeen) {
            words[start]!.before = ',';
            subordinate = false;
            verbSeen = false;
          } else {
            words[start]!.before = '.';
            startSentence(start);
            if (timeOpens) subordinate = false;
          }
        }
      }
    } else if (
      i > sentenceStart + 2 &&
      verbSeen &&
      word.before === '' &&
      /^(?:et|and)$/.test(lower) &&
      lex.connectives.has(plainLower(words[i + 1])) &&
      !/^(?:mais|but|so)$/.test(plainLower(words[i + 1]))
    ) {
      // « … au début et puis notre fille est née »: a new sentence, without its « et ».
      word.drop = true;
      words[i + 1]!.before = '.';
      startSentence(i + 1);
      continue;
    } else if (isBinder(word)) {
      awaiting = i;
    }
    if (isFinite(i)) {
      verbSeen = true;
      if (awaiting >= 0 && i > awaiting + 1) awaiting = -1;
    }
    // « … à Saint-Étienne mon père était mineur »: a new subject with its own verb starts a sentence.
    if (
      i > sentenceStart + 2 &&
      verbSeen &&
      awaiting < 0 &&
      word.before === '' &&
      KIN_POSSESSIVES.test(lower) &&
      KIN_NOUNS.test(plainLower(words[i + 1])) &&
      isFinite(i + 2) &&
      !lex.prepositions.has(full(words[i - 1])) &&
      !isBinder(words[i - 1]!) &&
      !lex.finite.test(full(words[i - 1])) &&
      !/(?:er|ir|é|ée|és|ed)$/.test(full(words[i - 1]))
    ) {
      word.before = '.';
      startSentence(i);
    }
    // « mais » after a clause takes a comma.
    if (i > sentenceStart + 2 && /^(?:mais|but)$/.test(lower) && word.before === '' && verbSeen)
      word.before = ',';
  }
  splitLong(words, language);
  return words;
}

/** Where a said time before the subject at `i` starts: « le dimanche », « après la guerre », « en 1975 ». */
function timeBefore(
  words: Word[],
  i: number,
  lex: typeof FR | typeof EN,
  sentenceStart: number,
): number | null {
  const low = (k: number) => (words[k] ? words[k]!.lower.replace(/,$/, '') : '');
  let start: number | null = null;
  const noun = low(i - 1).replace(/s$/, '');
  if (lex.timeNouns.has(noun) || lex.timeNouns.has(low(i - 1))) {
    if (lex.determiners.has(low(i - 2))) start = i - 2;
    else if (low(i - 2) === 'les' || low(i - 2) === 'the') start = i - 2;
    if (start !== null && /^(?:tous|toutes|every|all)$/.test(low(start - 1))) start--;
    else if (start !== null && lex.timePrepositions.has(low(start - 1))) start--;
  }
  if (start === null || start <= sentenceStart + 1) return null;
  return start;
}

/** Where the noun phrase subject doubled by the pronoun at `i` starts, or null when there is none. */
function nounPhraseBefore(
  words: Word[],
  i: number,
  lex: typeof FR | typeof EN,
  sentenceStart: number,
  language: Language,
): number | null {
  const pronoun = words[i]!.lower;
  if (!/^(?:il|elle|ils|elles|he|she|they)$/.test(pronoun)) return null;
  const plural = /^(?:ils|elles|they)$/.test(pronoun);
  const low = (k: number) => (words[k] ? words[k]!.lower.replace(/,$/, '') : '');
  const whole = (k: number) =>
    words[k] ? words[k]!.text.toLocaleLowerCase('fr').replace(/’/g, "'").replace(/,$/, '') : '';
  const finite = (k: number) => lex.finite.test(low(k)) || lex.finite.test(rest(words[k]!));
  let start: number | null = null;
  for (let k = i - 1; k >= Math.max(sentenceStart, i - 4); k--) {
    if (
      finite(k) ||
      words[k]!.text.endsWith(',') ||
      lex.binders.has(low(k)) ||
      /^(?:and|but|or|so|et|mais|ou|donc)$/.test(low(k))
    )
      break;
    if (lex.determiners.has(low(k))) {
      // « le dimanche il était content »: a time, not a subject.
      if (lex.timeNouns.has(low(k + 1))) return null;
      const joined = words.slice(k, i).some((w) => /^(?:et|and)$/.test(w.lower));
      if (plural !== (lex.plural.has(low(k)) || joined)) return null;
      start = k;
      break;
    }
  }
  // « lucien il », « andré il »: a first name alone, opening its clause.
  if (
    start === null &&
    !plural &&
    i - 1 >= sentenceStart &&
    isPersonName(words[i - 1]!.text, language)
  ) {
    start = i - 1;
    // "will nelson he": the first name goes with the surname.
    while (start - 1 >= sentenceStart && /^\p{Lu}\p{Ll}/u.test(words[start - 1]!.text)) start--;
  }
  if (start === null) return null;
  // The noun phrase must open a clause: « j'ai vu mon père il était » keeps its « il ».
  const before = whole(start - 1);
  if (start > sentenceStart) {
    if (lex.prepositions.has(before)) return null;
    if (
      lex.auxiliaries.has(before) ||
      ((language === 'fr' ? /(?:er|ir|é|ée|és|ées)$/ : /(?:ed|en)$/).test(before) &&
        lex.auxiliaries.has(low(start - 2)))
    )
      return null;
    if (
      (language === 'fr' ? /(?:er|ir|ait|ais|aient)$/ : /ed$/).test(before) ||
      /^(?:est|était|c'|voir|vu|connu|épousé|rencontré|married|met|saw|loved|knew)$/.test(before)
    )
      return null;
  }
  return start;
}

function isPersonName(word: string, language: Language): boolean {
  if (!/^\p{Lu}\p{Ll}/u.test(word)) return false;
  return speechLexicon(language).names.get(nameKey(word))?.kind === 'person';
}

/** A sentence over 35 words is cut at its best « et » (or comma) near the middle. */
function splitLong(words: Word[], language: Language): void {
  const MAX = 35;
  let start = 0;
  for (let i = 0; i <= words.length; i++) {
    if (i < words.length && words[i]!.before !== '.') continue;
    const length = words.slice(start, i).filter((w) => !w.drop).length;
    if (length > MAX) {
      const middle = start + Math.floor((i - start) / 2);
      let best = -1;
      for (let k = start + 5; k < i - 5; k++) {
        const w = words[k]!;
        const after = words[k + 1]?.lower ?? '';
        const isCut =
          /^(?:et|and|mais|but|alors|puis)$/.test(w.lower) &&
          /^(?:je|j'|il|ils|elle|elles|on|nous|c'|mon|ma|mes|le|la|les|l'|son|sa|ses|notre|nos|i|he|she|we|they|it|you|my|our|the|there|puis|après|alors|then)$/.test(
            after,
          );
        if (!isCut) continue;
        if (best < 0 || Math.abs(k - middle) < Math.abs(best - middle)) best = k;
      }
      // No « et » to cut at: the comma nearest the middle, with a clause on each side.
      if (best < 0)
        for (let k = start + 6; k < i - 6; k++) {
          if (words[k]!.before !== ',' && !words[k - 1]!.text.endsWith(',')) continue;
          if (best < 0 || Math.abs(k - middle) < Math.abs(best - middle)) best = k;
        }
      // Still none: before a subject pronoun or an « et » nearest the middle, a new sentence all the same.
      if (best < 0 && length > 40)
        for (let k = start + 6; k < i - 6; k++) {
          if (!/^(?:et|and|je|j'|il|elle|on|ils|i|he|she|we|they)$/.test(words[k]!.lower)) continue;
          if (best < 0 || Math.abs(k - middle) < Math.abs(best - middle)) best = k;
        }
      if (best > 0) {
        const cut = words[best]!;
        if (/^(?:et|and)$/.test(cut.lower)) cut.drop = true;
        // « mais », « alors », « puis » stay and open the new sentence.
        const target = cut.drop ? words[best + 1]! : cut;
        if (words[best - 1]!.text.endsWith(','))
          words[best - 1]!.text = words[best - 1]!.text.slice(0, -1);
        target.before = '.';
        splitLong(words.slice(start, best), language);
        splitLong(words.slice(best + 1, i), language);
        i = best;
        start = best;
        continue;
      }
    }
    start = i;
  }
  void language;
}

function render(words: Word[]): string {
  const parts: string[] = [];
  let pending: Word['before'] = '';
  for (const word of words) {
    if (word.before && (pending === '' || word.before === '.')) pending = word.before;
    if (word.drop) continue;
    if (pending === '.' && parts.length)
      parts[parts.length - 1] = parts[parts.length - 1]!.replace(/,$/, '') + '.';
    else if (pending === ',' && parts.length && !parts[parts.length - 1]!.endsWith(','))
      parts[parts.length - 1] += ',';
    else if (pending === ':' && parts.length)
      parts[parts.length - 1] = parts[parts.length - 1]!.replace(/,$/, '') + ' :';
    const text =
      pending === '.'
        ? word.text.charAt(0).toLocaleUpperCase('fr') + word.text.slice(1)
        : word.text;
    parts.push(text);
    pending = '';
  }
  return parts.join(' ');
}

function join(parts: string[]): string {
  return parts
    .join(' ')
    .replace(/\s+([.!?…,;:»”)])/g, '$1')
    .replace(/([«“(])\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

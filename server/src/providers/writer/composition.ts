// A chapter, not a list of answers (issue 30 #5): the built-in writer groups the answers that belong
// together, gives a short answer the sense its question carried, and links paragraphs without announcing
// them. It only moves and frames the person's own words: nothing here adds a name, a place or a year.
import type { Language } from './types.ts';
import { normalize } from '../interviewer/text.ts';
import { isStopWord } from './stopwords.ts';

/** One answer as the composition sees it (the writer's `Answer`). */
export interface ComposedAnswer {
  sentences: string[];
  theme: string | null;
  /** the question it answers, as asked */
  question?: string | null;
  /** the answer as typed or recognised, before it was written up */
  raw?: string | null;
}

/** A paragraph longer than this many sentences is closed at the next answer. */
const MAX_PARAGRAPH_SENTENCES = 7;
/** A short answer: the first sentence is framed by its question only up to this many words. */
const SHORT_HEAD_WORDS = 6;

// ───────────────────────────── names and years of an answer ─────────────────────────────

const YEAR = /(?<!\d)(?:1[89]|20)\d{2}(?!\d)/;

/**
 * The names an answer speaks of: capitalised words inside its sentences, without the narrator's own names.
 * A sentence's first word has its capital because it opens the sentence: it is a name only when `known`
 * (the names found inside the other answers' sentences) holds it.
 */
export function namesOf(
  answer: ComposedAnswer,
  language: Language,
  own: string[] = [],
  known: Set<string> = new Set(),
): Set<string> {
  const mine = new Set(own.map((n) => normalize(n)));
  const names = new Set<string>();
  for (const sentence of answer.sentences) {
    for (const match of sentence.matchAll(
      /(?<![\p{L}\p{N}'’-])\p{Lu}[\p{L}]*(?:-\p{Lu}[\p{L}]*)*/gu,
    )) {
      const before = sentence.slice(0, match.index);
      const word = normalize(match[0]);
      const opening = /^[\s«“"'‘(—–-]*$/u.test(before) || /[.!?…:]\s*[«“"]?\s*$/u.test(before);
      if (opening && !known.has(word)) continue;
      if (word.length < 2 || mine.has(word) || isStopWord(word, language)) continue;
      if (language === 'en' && word === 'i') continue;
      names.add(word);
    }
  }
  return names;
}

/** The names found inside the sentences of all the answers. */
function knownNamesOf(answers: ComposedAnswer[], language: Language, own: string[]): Set<string> {
  const known = new Set<string>();
  for (const answer of answers) for (const name of namesOf(answer, language, own)) known.add(name);
  return known;
}

function yearOf(answer: ComposedAnswer): number | null {
  const found = answer.sentences.slice(0, 2).join(' ').match(YEAR)?.[0];
  return found ? Number(found) : null;
}

function shares(a: Set<string>, b: Set<string>): boolean {
  for (const name of a) if (b.has(name)) return true;
  return false;
}

/**
 * Answers about the same people or places brought together: an answer that names no year (so moving it
 * breaks no time order) and shares no name with the answer before it goes back beside an earlier answer
 * it shares a name with — the one just before the digression, or any earlier one it shares two names with —
 * after that answer and the undated answers that go on with it.
 */
export function gatherRelated<T extends ComposedAnswer>(
  answers: T[],
  language: Language,
  own: string[] = [],
): T[] {
  const out: T[] = [];
  const known = knownNamesOf(answers, language, own);
  const names = new Map<T, Set<string>>();
  const nameSet = (a: T) => {
    let set = names.get(a);
    if (!set) names.set(a, (set = namesOf(a, language, own, known)));
    return set;
  };
  for (const answer of answers) {
    const mine = nameSet(answer);
    const previous = out[out.length - 1];
    if (
      !previous ||
      yearOf(answer) !== null ||
      mine.size === 0 ||
      shares(mine, nameSet(previous))
    ) {
      out.push(answer);
      continue;
    }
    // Only back over one digression, or further when two names tie them (« Émile » and « Plouaret »): a
    // single place said again far back (« les cloches de Braga ») does not pull a memory out of its time.
    let at = -1;
    for (let i = out.length - 2; i >= 0; i--) {
      const common = [...mine].filter((n) => nameSet(out[i]!).has(n)).length;
      if (common >= 2 || (common === 1 && i === out.length - 2)) {
        at = i;
        break;
      }
    }
    if (at < 0) {
      out.push(answer);
      continue;
    }
    // After the related answer and the answers that continue it (undated, sharing its names).
    let end = at + 1;
    while (
      end < out.length &&
      yearOf(out[end]!) === null &&
      shares(nameSet(out[end]!), nameSet(out[at]!))
    )
      end++;
    out.splice(end, 0, answer);
  }
  return out;
}

/** Years apart over which two answers are no longer of one period. */
const PERIOD_YEARS = 3;

/**
 * Answers grouped into paragraphs, as an editor would: answers go on together while they speak of the
 * same people or places, or of the same time and subject; a paragraph ends where the story moves on — to
 * another theme with other people, or to a time years away from the paragraph's — or when it grows long.
 */
export function groupIntoParagraphs(
  answers: ComposedAnswer[],
  language: Language,
  own: string[] = [],
): string[][] {
  const paragraphs: {
    theme: string | null;
    names: Set<string>;
    year: number | null;
    sentences: string[];
  }[] = [];
  const known = knownNamesOf(answers, language, own);
  for (const answer of answers) {
    const names = namesOf(answer, language, own, known);
    const year = yearOf(answer);
    const current = paragraphs[paragraphs.length - 1];
    const room =
      current !== undefined &&
      current.sentences.length + answer.sentences.length <= MAX_PARAGRAPH_SENTENCES;
    const samePeople = current !== undefined && shares(names, current.names);
    const otherTheme =
      current !== undefined &&
      answer.theme !== null &&
      current.theme !== null &&
      answer.theme !== current.theme;
    const otherTime =
      current !== undefined &&
      year !== null &&
      current.year !== null &&
      Math.abs(year - current.year) > PERIOD_YEARS;
    if (current && room && (samePeople || (!otherTheme && !otherTime))) {
      current.sentences.push(...answer.sentences);
      for (const name of names) current.names.add(name);
      current.theme ??= answer.theme;
      if (year !== null) current.year = year;
    } else {
      paragraphs.push({
        theme: answer.theme,
        names: new Set(names),
        year,
        sentences: [...answer.sentences],
      });
    }
  }
  return paragraphs.map((p) => p.sentences);
}

// ───────────────────────────── openers ─────────────────────────────

/**
 * Paragraph openings that announce instead of linking (« Comment ne pas raconter ceci : », "There is this,
 * too:"): a sentence of the writer's own that says nothing. Openings that link in time (« Ensuite, »,
 * « Puis : ») stay.
 */
export function isAnnouncement(opener: string): boolean {
  const plain = opener.replace(/[\u00A0\u202F]/g, ' ').trim();
  return plain.endsWith(':') && plain.split(/\s+/).length >= 3;
}

// ───────────────────────────── a short answer and its question ─────────────────────────────

const FR_PREPOSITIONS =
  'pour|avec|à|de|chez|sans|contre|par|sur|envers|auprès de|près de|derrière|devant';
const SUBJECTS: Record<Language, RegExp> = {
  fr: /^(?:je|j'|il|elle|on|nous|vous|ils|elles|c'|ce|ça|tu|qui|que)(?![\p{L}])/iu,
  en: /^(?:i|he|she|we|they|it|you|that|this|there)(?![\p{L}'])/iu,
};
/** Words that make a clause of the head: it is then a sentence of its own, needing no question. */
const VERBS: Record<Language, RegExp> = {
  fr: /(?<![\p{L}'])(?:je|j'|il|elle|on|nous|ils|elles|c'|est|était|étaient|sont|suis|ai|a|avait|avaient|ont|fait|faisait|allait|venait|voulait)(?![\p{L}])/iu,
  en: /(?<![\p{L}'])(?:i|he|she|we|they|it|was|were|is|are|had|has|have|did|does|do|got|went|came|made)(?![\p{L}'])/iu,
};
/** First words a head may have: a name, or a determiner, a possessive, a title. */
const HEAD_START: Record<Language, RegExp> = {
  fr: /^(?:\p{Lu}[\p{L}'’-]*)$/u,
  en: /^(?:\p{Lu}[\p{L}'’-]*)$/u,
};
const LOWER_FIRST: Record<Language, Set<string>> = {
  fr: new Set([
    'mon',
    'ma',
    'mes',
    'notre',
    'nos',
    'son',
    'sa',
    'ses',
    'leur',
    'leurs',
    'le',
    'la',
    'les',
    'l',
    'un',
    'une',
    'des',
    'monsieur',
    'madame',
    'mademoiselle',
    'docteur',
    'tante',
    'oncle',
    'cousin',
    'cousine',
    'grand-mère',
    'grand-père',
    'toute',
    'tout',
    'tous',
    'toutes',
  ]),
  en: new Set(['my', 'our', 'his', 'her', 'their', 'the', 'a', 'an', 'all']),
};
const HEAD_STOP: Record<Language, RegExp> = {
  // Where a verbless head stops when no comma closes it: a preposition opening a complement.
  fr: /\s(?=(?:en|à|au|aux|dans|avec|chez|pour|pendant|depuis|puisque|parce|quand|comme)\s)/u,
  en: /\s(?=(?:in|at|on|with|from|for|during|since|because|when|as)\s)/u,
};

/** The answer's head (who answers « qui ? ») and the rest of its first sentence, or null when it is a clause. */
function splitHead(
  sentence: string,
  language: Language,
): { head: string; rest: string; apposed: boolean } | null {
  const body = sentence.trim();
  let cut = body.search(/,\s|\s[—–]\s/u);
  const stop = body.search(HEAD_STOP[language]);
  if (cut < 0 || (stop >= 0 && stop < cut)) cut = stop;
  if (cut < 0) cut = body.search(/[.!?…]+$/u);
  if (cut <= 0) return null;
  let head = body.slice(0, cut).trim();
  let rest = body.slice(cut);
  // « Ma meilleure amie, Germaine Schmitt. »: a name set beside the head belongs to it.
  const apposition = rest.match(/^,\s+((?:\p{Lu}[\p{L}'’-]*\s?)+)(?=[,.!?…]|$)/u);
  if (apposition) {
    head = `${head}, ${apposition[1]!.trim()}`;
    rest = rest.slice(apposition[0].length);
  }
  const words = head.split(/\s+/);
  if (words.length > SHORT_HEAD_WORDS) return null;
  if (!HEAD_START[language].test(words[0]!)) return null;
  const first = normalize(words[0]!);
  if (isStopWord(first, language) && !LOWER_FIRST[language].has(first)) return null;
  if (VERBS[language].test(head.replace(/’/g, "'"))) return null;
  // The rest may hold a clause only after a comma and a linking word (« évidemment, puisque je… »).
  const firstClause =
    rest
      .replace(/^[\s,]+/u, '')
      .split(/,\s|\s(?:puisque|parce que|quand|because|since|when|as)\s/u)[0] ?? '';
  const straight = firstClause.replace(/’/g, "'");
  if (SUBJECTS[language].test(straight) || VERBS[language].test(straight)) return null;
  return { head, rest, apposed: apposition !== null };
}

function lowerHead(head: string, language: Language): string {
  const first = head.match(/^[\p{L}'’-]+/u)?.[0] ?? '';
  return LOWER_FIRST[language].has(normalize(first))
    ? first.toLocaleLowerCase(language) + head.slice(first.length)
    : head;
}

/** « pour vous » → « pour moi », « vous a appris » → « m'a appris », « vos » → « mes »; null when unsure. */
function firstPersonFr(phrase: string): string | null {
  // « votre » says nothing of the gender of what follows: « mon » only before a vowel, otherwise unsure.
  let out = phrase.replace(/\bvotre(?=\s+[aeiouyéèêâàîôûh])/giu, 'mon');
  if (/\b(?:votre|vôtre|vôtres)\b/iu.test(out)) return null;
  out = out
    .replace(
      new RegExp(`(?<![\\p{L}])(${FR_PREPOSITIONS})\\s+(?:vous|toi)(?![\\p{L}])`, 'giu'),
      '$1 moi',
    )
    .replace(/\b(?:vous|te)\s+(?=[aeiouyéèêâàîôûh])/giu, "m'")
    .replace(/\bt'/giu, "m'")
    .replace(/\b(?:vous|te)\b/giu, 'me')
    .replace(/\bvos\b/giu, 'mes')
    .replace(/\bton\b/giu, 'mon')
    .replace(/\bta\b/giu, 'ma')
    .replace(/\btes\b/giu, 'mes')
    .replace(/\btoi\b/giu, 'moi');
  if (/\b(?:tu|vous)\b/iu.test(out)) return null;
  return out;
}

/** "looked after you when you were new" → "looked after me when I was new"; null when unsure. */
function firstPersonEn(phrase: string): string | null {
  const out = phrase
    .replace(/\b(when|if|while|because|whenever|where)\s+you\s+were\b/giu, '$1 I was')
    .replace(/\b(when|if|while|because|whenever|where)\s+you\s+are\b/giu, '$1 I am')
    .replace(/\b(when|if|while|because|whenever|where)\s+you\b/giu, '$1 I')
    .replace(/\byourself\b/giu, 'myself')
    .replace(/\byours\b/giu, 'mine')
    .replace(/\byour\b/giu, 'my')
    .replace(/\byou\b/giu, 'me');
  return out;
}

function plainQuestion(question: string): string {
  return question
    .replace(/[\u00A0\u202F]/g, ' ')
    .replace(/’/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first sentence of a short answer framed by its question, so it says what it answers: « Qui comptait
 * le plus pour vous ? » — « Robert, évidemment ! » → « C'est Robert qui comptait le plus pour moi,
 * évidemment ! »; "Who looked after you?" — "Sister MacLeod." → "Sister MacLeod looked after me.";
 * « Avez-vous travaillé ? » — « Oui, à la Sécurité sociale. » → « J'ai travaillé à la Sécurité sociale. ».
 * Only the question's words and the answer's are used; null when the answer stands on its own or the
 * question cannot be turned without guessing.
 */
export function framedByQuestion(
  sentence: string,
  question: string,
  language: Language,
  raw: string | null = null,
): string | null {
  const q = plainQuestion(question);
  // Only the last question of the message: « Merci. Qui comptait le plus pour vous ? »
  const asked = q.split(/(?<=[.!…:])\s+/u).pop() ?? '';
  if (!asked.endsWith('?')) return null;
  const body = asked.replace(/\s*\?$/u, '');
  return language === 'fr' ? framedFr(sentence, body, raw) : framedEn(sentence, body, raw);
}

const YES_START = /^(?:à|au|aux|en|dans|chez|pour|avec|pendant|de|du|jusqu)(?![\p{L}])/iu;
const WHERE_START = /^(?:à|au|aux|en|dans|chez|sur|près|rue|place)(?![\p{L}])/iu;
const WHEN_START = /^(?:en|à|au|dans|vers|le|pendant|après|avant)(?![\p{L}])/iu;
/** Past participles that end in « s » in the singular. */
// prettier-ignore
const SINGULAR_IN_S = new Set([
  'pris', 'mis', 'assis', 'appris', 'compris', 'surpris', 'permis', 'acquis', 'repris', 'promis', 'remis',
  'admis', 'conquis', 'soumis', 'transmis', 'inscrit', 'requis',
]);
const SINGULAR: Record<string, string> = {
  avez: "j'ai",
  as: "j'ai",
  aviez: "j'avais",
  avais: "j'avais",
  êtes: 'je suis',
  es: 'je suis',
  étiez: "j'étais",
  étais: "j'étais",
};
const SINGULAR_AFTER_ME: Record<string, string> = {
  avez: 'ai',
  as: 'ai',
  aviez: 'avais',
  avais: 'avais',
  êtes: 'suis',
  es: 'suis',
  étiez: 'étais',
  étais: 'étais',
};
const PLURAL: Record<string, string> = {
  avez: 'avons',
  as: 'avons',
  aviez: 'avions',
  avais: 'avions',
  êtes: 'sommes',
  es: 'sommes',
  étiez: 'étions',
  étais: 'étions',
};

function capitalise(text: string, language: Language): string {
  return text ? text[0]!.toLocaleUpperCase(language) + text.slice(1) : text;
}

function framedFr(sentence: string, body: string, raw: string | null): string | null {
  const who = body.match(/^(?:et\s+)?(?:(.+?),\s*)?(?:et\s+)?qui\s+(.+)$/iu);
  if (who) {
    const [, frame, vp] = who;
    // « Qui avez-vous épousé ? » asks for the object: the answer is no subject of the question's verb.
    if (
      /-(?:vous|tu|t-|il|elle|ils|elles|on)\b|(?<![\p{L}])(?:est|était)-ce(?![\p{L}])/iu.test(vp!)
    )
      return null;
    if (frame && /\b(?:vous|tu|votre|ton|ta)\b/iu.test(frame)) return null;
    const verb = firstPersonFr(vp!);
    const parts = splitHead(sentence, 'fr');
    if (!verb || !parts) return null;
    const opening = frame ? `${frame.replace(/^et\s+/iu, '')}, c'est` : "c'est";
    return capitalise(
      `${opening} ${lowerHead(parts.head, 'fr')}${parts.apposed ? ',' : ''} qui ${verb}${parts.rest}`,
      'fr',
    ).replace(/\s+([,.…])/gu, '$1');
  }
  // « Avez-vous travaillé ? » — « Oui, à la Sécurité sociale… », « Où êtes-vous née ? » — « À Brest. »,
  // « Quand t'es-tu mariée ? » — « En 1968, avec Joseph. »: the answer is the complement of the question's
  // verb, which it takes back in the first person.
  const asked = body.match(
    /^(?:et\s+(?:vous|toi),\s*)?(?:(quand|où|en quelle année)\s+)?(?:(vous|t')\s*)?(avez|aviez|êtes|étiez|as|avais|es|étais)-(?:vous|tu)\s+(.+)$/iu,
  );
  if (!asked) return null;
  const [, wh, reflexive, aux, participle] = asked;
  const yes =
    raw !== null && /^(?:\W*(?:euh|ben|bah|bon|alors)\W+)*oui(?![\p{L}])/iu.test(raw.trim());
  if (!wh && !yes) return null;
  if (participle!.split(/\s+/).length > (wh ? 1 : 3)) return null;
  if (/(?<![\p{L}])(?:vous|tu|votre|ton|ta|tes|vos)(?![\p{L}])/iu.test(participle!)) return null;
  const opening = sentence.trim();
  const complement =
    wh?.toLocaleLowerCase('fr') === 'où' ? WHERE_START : wh ? WHEN_START : YES_START;
  if (!complement.test(opening)) return null;
  // The complement up to its first comma holds no clause of its own (« À Paris, on a trouvé… » is one).
  const head = opening.split(/,\s/u)[0]!.replace(/’/g, "'");
  if (VERBS.fr.test(head)) return null;
  // « Où êtes-vous arrivés ? »: a plural participle is « nous ».
  const plural =
    /(?:é|i|u|t)e?s$/iu.test(participle!) &&
    !SINGULAR_IN_S.has(participle!.toLocaleLowerCase('fr'));
  const key = aux!.toLocaleLowerCase('fr');
  const lead = reflexive
    ? plural
      ? `nous nous ${PLURAL[key]}`
      : `je me ${SINGULAR_AFTER_ME[key]}`
    : plural
      ? `nous ${PLURAL[key]}`
      : SINGULAR[key]!;
  return capitalise(
    `${lead} ${participle} ${opening[0]!.toLocaleLowerCase('fr')}${opening.slice(1)}`,
    'fr',
  ).replace(/^Je me (?=[aeiouyéèêh])/iu, "Je m'");
  return null;
}

function framedEn(sentence: string, body: string, raw: string | null): string | null {
  void raw;
  const who = body.match(/^(?:and\s+)?(?:(.+?),\s*)?(?:and\s+)?who\s+(.+)$/iu);
  if (!who) return null;
  const [, frame, vp] = who;
  // "Who did you marry?" asks for the object.
  if (/^(?:did|do|does|was|were|is|are|have|had|will|would|could|should)\s+you\b/iu.test(vp!))
    return null;
  if (frame && /\b(?:you|your)\b/iu.test(frame)) return null;
  const verb = firstPersonEn(vp!);
  const parts = splitHead(sentence, 'en');
  if (!verb || !parts) return null;
  const opening = frame ? `${frame.replace(/^and\s+/iu, '')}, ` : '';
  const head = `${lowerHead(parts.head, 'en')}${parts.apposed ? ',' : ''}`;
  return capitalise(`${opening}${head} ${verb}${parts.rest}`, 'en').replace(/\s+([,.!?…])/gu, '$1');
}

/** The answers with their first sentence framed by their question when it needs it. */
export function withQuestionContext<T extends ComposedAnswer>(
  answers: T[],
  language: Language,
): T[] {
  return answers.map((answer) => {
    const first = answer.sentences[0];
    if (!first || !answer.question) return answer;
    const framed = framedByQuestion(first, answer.question, language, answer.raw ?? null);
    return framed ? { ...answer, sentences: [framed, ...answer.sentences.slice(1)] } : answer;
  });
}

// How well the embedded biographer understands what it hears and how the embedded writer turns it into a
// chapter, measured on the biographer corpus (test/fixtures/biographer/corpus.ts):
// (a) every interview is replayed through the embedded interviewer, one reply per answer, and each question
//     it asks is judged: does it treat a thing (a dog, a drink, a firm, the app) as a person? does it ask
//     again what the answer just told (a year, a name, a place)? is it built on what the answer said?
// (b) every interview is written as a chapter (both perspectives, every style) and the text is judged:
//     invented names/places/years, faults of written form, a denied place in the title, corrected words
//     or stutters kept, facts lost, mechanical connectors, paragraphs per answer.
// Used by the corpus test (non-regression against a baseline) and by `npm run bench:biographer`.
import { EmbeddedInterviewer } from '../../src/providers/interviewer/embedded.ts';
import type {
  InterviewContext,
  TranscriptMessage as InterviewMessage,
} from '../../src/providers/interviewer/types.ts';
import { normalize } from '../../src/providers/interviewer/text.ts';
import { findUnsupported } from '../../src/providers/writer/faithfulness.ts';
import { stylePhrases } from '../../src/providers/writer/phrases.ts';
import { isStopWord } from '../../src/providers/writer/stopwords.ts';
import { SUMMARY_STYLES } from '../../src/providers/writer/types.ts';
import type {
  Language,
  SummaryPerspective,
  SummaryStyle,
} from '../../src/providers/writer/types.ts';
import { writeUp } from '../../src/providers/speech/index.ts';
import type { BiographerInterview, BiographerTurn } from '../fixtures/biographer/corpus.ts';
import {
  writtenChapter,
  countFillers,
  countFirstPerson,
  missingFacts,
  paragraphsOf,
  sentencesOf,
  startsWithoutCapital,
  unclosedParagraphs,
  withoutQuotes,
} from './speech-report.ts';
import { textSection, textTable } from './text-table.ts';

/** Names that are never someone, whatever the interview: the app's own name. */
export const APP_NAMES = ['Chapitres', 'Chapters'];

// ───────────────────────────── (a) the questions ─────────────────────────────

export interface QuestionReport {
  interviewId: string;
  /** index of the answer the question follows */
  afterTurn: number;
  questionId: string | null;
  question: string;
  /** the names of things (or the app) the question speaks of as of a person */
  thingsAsPersons: string[];
  /** what the question asks again that the last answer told ('when 1962', 'where Saint-Fons', 'who Robert') */
  askedAgain: string[];
  /** the question shares a name or a content word with the last answer */
  onLastAnswer: boolean;
}

/** Whole-word, case- and accent-insensitive. */
function mentions(text: string, name: string): boolean {
  const key = normalize(name).replace(/[-‐‑]/g, ' ').trim();
  if (!key) return false;
  const hay = normalize(text).replace(/[-‐‑]/g, ' ');
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(hay);
}

// Phrasings that only fit a person (on normalised text: lower case, no accents). The weak ones read well of
// a place (« Quel souvenir précis gardez-vous de Braga ? ») and count only for the other things.
const PERSON_PATTERNS: Record<Language, { strong: RegExp[]; weak: RegExp[] }> = {
  fr: {
    strong: [
      /comment etai(?:t|ent)-(?:il|elle|ils|elles)/,
      /(?:vous|t'|te|m') ?(?:a|ont|avait|avaient) (?:appris|transmis|dit)/,
      /(?:sa|leur|leurs) voix/,
      /(?:phrase|expression) .*\bde\b/,
      /aupres d/,
      /que l'on sache/,
      /tenai(?:t|ent)-(?:il|elle|ils|elles)/,
      /qui etai(?:t|ent)\b/,
      // « Ressemblait-il à son père ? » is said of someone; « À quoi ressemblait-elle ? » of a life, a place or a dog.
      /(?<!a quoi )ressemblai(?:t|ent)-(?:il|elle)/,
      /(?:son|leur) caractere/,
      /relation avec/,
    ],
    weak: [/souvenir precis/],
  },
  en: {
    strong: [
      /what (?:was|were) (?:he|she|they) like/,
      /\bteach you\b/,
      /(?:his|her|their) voices?/,
      /sayings of/,
      /day spent with/,
      /people to know about/,
      /place did .* hold in your life/,
      /who (?:was|were)\b/,
      /relationship with/,
    ],
    weak: [/memory do you keep of/],
  },
};

/** The question of a reply: its last sentence ending with a question mark (the whole reply when none). */
export function questionOf(reply: string): string {
  const parts = reply
    .replace(/[\u00A0\u202F]/g, ' ')
    .split(/(?<=[.!?…])\s+/u)
    .map((p) => p.trim())
    .filter(Boolean);
  const asked = parts.filter((p) => p.endsWith('?'));
  return asked.length ? asked[asked.length - 1]! : reply.trim();
}

/** How people are called before their name: no name themselves. */
const TITLES = new Set([
  'monsieur',
  'madame',
  'mademoiselle',
  'docteur',
  'maitre',
  'pere',
  'mere',
  'soeur',
  'frere',
  'tante',
  'oncle',
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'doctor',
  'sister',
  'brother',
  'father',
  'mother',
  'aunt',
  'uncle',
  'nurse',
]);

/** The people of the interview: the person, the names the answers give as people. */
function peopleOf(interview: BiographerInterview): string[] {
  const things = new Set(interview.kinds.map((k) => normalize(k.name)));
  return [
    interview.personName,
    ...interview.facts.names.filter((n) => !things.has(normalize(n))),
    ...interview.turns.flatMap((t) => t.answered?.who ?? []),
  ];
}

/**
 * Names the question treats as a person that are none: the app, a thing of the interview (a dog, a drink,
 * a firm, a place) or a word that is nobody's name (a filler « Ben », "Sir", half of "Red Sox").
 */
export function thingsAsPersons(question: string, interview: BiographerInterview): string[] {
  const norm = normalize(question);
  const patterns = PERSON_PATTERNS[interview.language];
  const strong = patterns.strong.some((p) => p.test(norm));
  const weak = patterns.weak.some((p) => p.test(norm));
  const found: string[] = [];
  for (const name of APP_NAMES) if (mentions(question, name)) found.push(name);
  if (!strong && !weak) return found;
  for (const { name, kind } of interview.kinds)
    if (mentions(question, name) && (strong || kind !== 'place')) found.push(name);
  // A capitalised word inside the question that is no one's name: part of a thing's name (« Spencer » of
  // Marks and Spencer), a filler taken for a name (« Ben »), a word of the answer ("Sir").
  const people = peopleOf(interview);
  const places = interview.kinds.filter((k) => k.kind === 'place').map((k) => k.name);
  for (const match of question.matchAll(/(?<![\p{L}'’-])\p{Lu}[\p{L}]*(?:-\p{Lu}[\p{L}]*)*/gu)) {
    if (match.index === 0) continue;
    const word = match[0];
    if (interview.language === 'en' && word === 'I') continue;
    if (TITLES.has(normalize(word))) continue;
    if (people.some((name) => mentions(name, word))) continue;
    if (!strong && places.some((name) => mentions(name, word))) continue;
    found.push(word);
  }
  return [...new Set(found)];
}

const ASKS: Record<Language, { when: RegExp; where: RegExp; who: RegExp }> = {
  // On the question in lower case with its accents (« où » is not « ou »).
  fr: {
    when: /^(?:et\s+)?(?:quand|en quelle année|quelle année|à quel âge)\b/u,
    where:
      /(?:^|,\s*|\bet\s+)(?:où|dans quelle ville|dans quel village|dans quel pays)(?![\p{L}])/u,
    who: /(?:^|,\s*)(?:et\s+)?qui(?![\p{L}'])/u,
  },
  en: {
    when: /^(?:and\s+)?(?:when|what year|which year|how old)\b/u,
    where: /(?:^|,\s*|\band\s+)(?:where|in which town|in what town|which town)\b/u,
    who: /(?:^|,\s*)(?:and\s+)?who\b/u,
  },
};

/** What the question asks again of the last answer: a year it is framed by or asks for, a place, a person. */
export function askedAgain(question: string, turn: BiographerTurn, language: Language): string[] {
  const answered = turn.answered ?? {};
  const lower = question
    .replace(/[\u00A0\u202F]/g, ' ')
    .toLocaleLowerCase(language)
    .trim();
  const asks = ASKS[language];
  const faults: string[] = [];
  // « En 1962, comment avez-vous vécu ce moment ? » asks about the event the year was said of: no fault.
  const onTheEvent =
    /\b(?:ce moment|cet événement|ce jour|that moment|that day|that event)\b/u.test(lower);
  for (const year of answered.when ?? []) {
    // « En 1962, qui comptait le plus ? » right after « je me suis mariée en 1962 »: the year is hers, not a
    // subject to ask about.
    if (!onTheEvent && new RegExp(`^(?:(?:en|in|et en|and in)\\s+)?${year}\\b`, 'u').test(lower))
      faults.push(`when ${year}`);
  }
  if ((answered.when ?? []).length && asks.when.test(lower))
    faults.push(`when ${answered.when!.join('/')}`);
  const where = answered.where ?? [];
  if (where.length && asks.where.test(lower) && !where.some((p) => mentions(question, p)))
    faults.push(`where ${where.join('/')}`);
  // « Qui fréquentiez-vous à Saint-Fons ? » right after « j'ai épousé Robert, on habitait à Saint-Fons »: a
  // who-question framed by the answer's own time or place asks for the person it just named.
  const who = answered.who ?? [];
  const framed =
    (answered.when ?? []).some((y) => lower.includes(String(y))) ||
    where.some((p) => mentions(question, p));
  if (who.length && framed && asks.who.test(lower) && !who.some((p) => mentions(question, p)))
    faults.push(`who ${who.join('/')}`);
  return [...new Set(faults)];
}

function contentStems(text: string, language: Language): Set<string> {
  const words = normalize(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(
    words
      .filter((w) => (w.length >= 4 || /^\d+$/.test(w)) && !isStopWord(w, language))
      .map((w) => w.slice(0, 5)),
  );
}

/** The question shares a content word (or a name, a year) with the answer, as said or as written up. */
export function buildsOn(question: string, answer: string, language: Language): boolean {
  const both = `${answer} ${writeUp(answer, language)}`;
  const said = contentStems(both, language);
  for (const stem of contentStems(question, language)) if (said.has(stem)) return true;
  // A short name (« Sol », « Jos ») is content too.
  const words = new Set(normalize(both).match(/[\p{L}]+/gu) ?? []);
  for (const match of question.matchAll(/(?<=[\p{L},;]\s+)\p{Lu}[\p{L}]*/gu))
    if (words.has(normalize(match[0]))) return true;
  return false;
}

function contextOf(interview: BiographerInterview, messages: InterviewMessage[]): InterviewContext {
  const nameUse =
    interview.language === 'fr'
      ? interview.register === 'tu'
        ? 'Par mon prénom, en me tutoyant'
        : 'Par mon prénom, en me vouvoyant'
      : 'By my first name';
  return {
    language: interview.language,
    personName: interview.personName,
    profile: [{ questionId: 'name_use', question: 'name_use', answer: nameUse }],
    earlierChapters: [],
    askedQuestionIds: [],
    messages,
  };
}

/** The messages of an interview up to and including the answer of `turn`. */
export function messagesUpTo(interview: BiographerInterview, turn: number): InterviewMessage[] {
  return interview.turns.slice(0, turn + 1).flatMap((t) => [
    { type: 'assistant' as const, content: t.question, questionId: null, theme: null },
    { type: 'user' as const, content: t.answer },
  ]);
}

const interviewer = new EmbeddedInterviewer();

/** Every reply the embedded interviewer gives to each answer of the interview, judged. */
export async function judgeQuestions(interview: BiographerInterview): Promise<QuestionReport[]> {
  const reports: QuestionReport[] = [];
  for (let i = 0; i < interview.turns.length; i++) {
    const reply = await interviewer.reply(contextOf(interview, messagesUpTo(interview, i)));
    const question = questionOf(reply.content);
    const turn = interview.turns[i]!;
    reports.push({
      interviewId: interview.id,
      afterTurn: i,
      questionId: reply.questionId,
      question,
      thingsAsPersons: thingsAsPersons(question, interview),
      askedAgain: askedAgain(question, turn, interview.language),
      onLastAnswer: buildsOn(question, turn.answer, interview.language),
    });
  }
  return reports;
}

/** One chat turn of the interview, for the timings. */
export function replyTurn(interview: BiographerInterview, turn: number) {
  return interviewer.reply(contextOf(interview, messagesUpTo(interview, turn)));
}

// ───────────────────────────── (b) the chapter ─────────────────────────────

export interface ChapterReport {
  interviewId: string;
  perspective: SummaryPerspective;
  style: SummaryStyle | null;
  title: string;
  keywords: string[];
  text: string;
  /** names, places, years (and relations nobody said) in the text, title or keywords but not in the interview */
  invented: string[];
  /** faults of written form, each as 'kind: excerpt' */
  formFaults: string[];
  /** a denied place named in the title */
  deniedPlaceInTitle: string[];
  /** a denied place among the keywords */
  deniedPlaceInKeywords: string[];
  /** corrected words (« 1963 » of « en 1963… non, en 1964 ») and stutters (« on on ») kept */
  falseStarts: string[];
  /** facts of the interview the text does not hold */
  factsLost: string[];
  /** announcing openers between paragraphs (« Comment ne pas raconter ceci : ») */
  mechanicalConnectors: number;
  paragraphs: number;
  answers: number;
}

const LETTER = '[\\p{L}\\p{N}]';

/** Words that elide before a vowel in French, and the form a careful text prints instead. */
const UNELIDED_FR = new RegExp(
  `(?<!${LETTER}|-)(?:que|lorsque|puisque|jusque|je|me|te|se|ne|de|ce|le|la)\\s+(?!oui|onze|ouest|ouate|huit|hui|hau|hér|hon|han|hur)[aeiouyéèêâàîôûœh]\\p{L}*|(?<!${LETTER})si\\s+ils?(?!${LETTER})`,
  'giu',
);

/** The pronoun forms that only elide before a vowel or a mute h: « h » counted only for pronouns and articles. */
function unelided(text: string): string[] {
  const plain = withoutQuotes(text).replace(/[’]/g, "'");
  return (plain.match(UNELIDED_FR) ?? []).filter((m) => {
    const next = m.split(/\s+/)[1] ?? '';
    // « de haut », « le héros »: an aspirated h does not elide; the words kept above are the common ones.
    return (
      !/^h/i.test(next) || /^(?:homme|histoire|heure|hiver|hôpital|hôtel|habit|habitu)/i.test(next)
    );
  });
}

/**
 * A capital inside a sentence on a word that is no name: a function word, or a word written lower case
 * elsewhere. `names` are the interview's names and the answers as typed (a word the person wrote with a
 * capital inside a sentence, « Des » for Desmond, is hers).
 */
function midSentenceCapitals(text: string, names: string[], language: Language): string[] {
  const nameWords = new Set(
    names.flatMap((n) => normalize(n).match(/[\p{L}]+/gu) ?? []).filter((w) => w.length > 1),
  );
  const lowerWords = new Set(
    (text.match(/(?<![\p{L}])\p{Ll}[\p{L}]*/gu) ?? []).map((w) => normalize(w)),
  );
  const faults: string[] = [];
  for (const sentence of sentencesOf(withoutQuotes(text))) {
    for (const match of sentence.matchAll(/(?<![\p{L}\p{N}'’-])\p{Lu}\p{Ll}+/gu)) {
      if (match.index === 0) continue;
      const before = sentence.slice(0, match.index);
      // After a colon, an opening quotation mark or a dash a capital may open what follows.
      if (/[:«“"—–(]\s*$/u.test(before) || /^[\s«“"'‘(—–-]*$/u.test(before)) continue;
      const word = normalize(match[0]);
      if (nameWords.has(word)) continue;
      if (language === 'en' && word === 'i') continue;
      if (isStopWord(word, language) || lowerWords.has(word)) faults.push(match[0]);
    }
  }
  return faults;
}

/** Written form: capital, end mark, fillers, mid-sentence capital, unelided words, first person in a third-person text. */
export function formFaults(
  text: string,
  language: Language,
  perspective: SummaryPerspective,
  names: string[],
): string[] {
  const faults: string[] = [];
  for (const sentence of sentencesOf(text))
    if (startsWithoutCapital(sentence)) faults.push(`no capital: ${sentence.slice(0, 40)}`);
  const open = unclosedParagraphs(text);
  if (open) faults.push(...Array<string>(open).fill('paragraph without end mark'));
  const fillers = countFillers(text, language);
  if (fillers) faults.push(...Array<string>(fillers).fill('filler'));
  for (const word of midSentenceCapitals(text, names, language))
    faults.push(`mid-sentence capital: ${word}`);
  if (language === 'fr') for (const m of unelided(text)) faults.push(`unelided: ${m}`);
  if (perspective === 'troisieme') {
    const first = countFirstPerson(text, language);
    if (first) faults.push(...Array<string>(first).fill('first person in a third-person text'));
  }
  return faults;
}

/** Same word twice in a row (« on on », "the the"); « nous nous », « vous vous » are French reflexives. */
function stutters(text: string): string[] {
  return [...withoutQuotes(text).matchAll(/(?<![\p{L}'’])([\p{L}]+)\s+\1(?![\p{L}'’])/giu)]
    .map((m) => m[0])
    .filter((m) => !/^(?:nous|vous)\s/i.test(m));
}

/** Openings that announce the next paragraph instead of linking it: « Il y a aussi ceci : », "There is this, too:". */
export function announcingOpeners(language: Language): string[] {
  const set = new Set<string>();
  for (const style of [null, ...SUMMARY_STYLES]) {
    const phrases = stylePhrases(style, language);
    for (const phrase of [...phrases.openers, ...phrases.links]) {
      const plain = phrase.replace(/[\u00A0\u202F]/g, ' ').trim();
      if (plain.endsWith(':') && plain.split(/\s+/).length >= 3)
        set.add(plain.replace(/\s*:$/, ''));
    }
  }
  return [...set];
}

export function measureChapter(
  interview: BiographerInterview,
  perspective: SummaryPerspective,
  style: SummaryStyle | null,
): ChapterReport {
  const { text, title, keywords, sources, allowed } = writtenChapter(interview, perspective, style);
  const language = interview.language;
  const invented = [
    ...findUnsupported(text, sources, language, allowed),
    ...findUnsupported(title, sources, language, allowed),
    ...findUnsupported(keywords.join(', '), sources, language, allowed).filter((k) => /\d/.test(k)),
  ];
  const plainText = text.replace(/[’]/g, "'");
  for (const wrong of interview.mustNotSay)
    if (wrong.why === 'relation' && mentions(plainText, wrong.text)) invented.push(wrong.text);
  // Words the person typed with a capital inside a sentence are names too.
  const typedCapitals = interview.turns.flatMap((t) =>
    [...t.answer.matchAll(/(?<=[\p{L},;]\s+)\p{Lu}[\p{L}]*/gu)].map((m) => m[0]),
  );
  const names = [
    interview.personName,
    ...interview.facts.names,
    ...interview.kinds.map((k) => k.name),
    ...typedCapitals,
  ];
  const deniedPlaces = interview.mustNotSay.filter((m) => m.why === 'denied-place');
  const denied = deniedPlaces.filter((m) => mentions(title, m.text)).map((m) => m.text);
  const deniedKeywords = deniedPlaces
    .filter((m) => keywords.some((k) => mentions(k, m.text)))
    .map((m) => m.text);
  const corrected = interview.mustNotSay
    .filter((m) => m.why === 'corrected')
    .filter(
      (m) =>
        mentions(text, m.text) ||
        mentions(title, m.text) ||
        keywords.some((k) => mentions(k, m.text)),
    )
    .map((m) => m.text);
  const flat = plainText.replace(/[\u00A0\u202F]/g, ' ');
  const mechanical = announcingOpeners(language).reduce(
    (sum, opener) => sum + flat.split(opener.replace(/’/g, "'")).length - 1,
    0,
  );
  return {
    interviewId: interview.id,
    perspective,
    style,
    title,
    keywords,
    text,
    invented: [...new Set(invented)],
    formFaults: formFaults(text, language, perspective, names),
    deniedPlaceInTitle: denied,
    deniedPlaceInKeywords: deniedKeywords,
    falseStarts: [...corrected, ...stutters(text)],
    factsLost: missingFacts(text, interview.facts),
    mechanicalConnectors: mechanical,
    paragraphs: paragraphsOf(text).length,
    answers: interview.turns.length,
  };
}

export const PERSPECTIVES: readonly SummaryPerspective[] = ['premiere', 'troisieme'];
export const STYLES: readonly (SummaryStyle | null)[] = [null, ...SUMMARY_STYLES];

export function measureChapters(interviews: BiographerInterview[]): ChapterReport[] {
  return interviews.flatMap((interview) =>
    PERSPECTIVES.flatMap((perspective) =>
      STYLES.map((style) => measureChapter(interview, perspective, style)),
    ),
  );
}

// ───────────────────────────── the figures ─────────────────────────────

export interface BiographerFigures {
  interviews: number;
  questions: number;
  thingsAsPersons: number;
  askedAgain: number;
  /** share of the questions built on the last answer's content, 0..1 */
  followUpsOnContent: number;
  chapters: number;
  invented: number;
  formFaults: number;
  deniedPlaceTitles: number;
  deniedPlaceKeywords: number;
  falseStartsKept: number;
  factsLost: number;
  mechanicalConnectors: number;
  /** paragraphs per answer, over the chapters written without a style (1 = one paragraph per answer) */
  paragraphsPerAnswer: number;
}

export interface BiographerReport {
  questions: QuestionReport[];
  chapters: ChapterReport[];
  figures: BiographerFigures;
}

export async function measureBiographer(
  interviews: BiographerInterview[],
): Promise<BiographerReport> {
  const questions: QuestionReport[] = [];
  for (const interview of interviews) questions.push(...(await judgeQuestions(interview)));
  const chapters = measureChapters(interviews);
  const sum = (get: (c: ChapterReport) => number) => chapters.reduce((s, c) => s + get(c), 0);
  const plain = chapters.filter((c) => c.style === null);
  return {
    questions,
    chapters,
    figures: {
      interviews: interviews.length,
      questions: questions.length,
      thingsAsPersons: questions.filter((q) => q.thingsAsPersons.length).length,
      askedAgain: questions.filter((q) => q.askedAgain.length).length,
      followUpsOnContent: questions.length
        ? questions.filter((q) => q.onLastAnswer).length / questions.length
        : 1,
      chapters: chapters.length,
      invented: sum((c) => c.invented.length),
      formFaults: sum((c) => c.formFaults.length),
      deniedPlaceTitles: chapters.filter((c) => c.deniedPlaceInTitle.length).length,
      deniedPlaceKeywords: chapters.filter((c) => c.deniedPlaceInKeywords.length).length,
      falseStartsKept: sum((c) => c.falseStarts.length),
      factsLost: sum((c) => c.factsLost.length),
      mechanicalConnectors: sum((c) => c.mechanicalConnectors),
      paragraphsPerAnswer:
        plain.reduce((s, c) => s + c.paragraphs, 0) /
        Math.max(
          1,
          plain.reduce((s, c) => s + c.answers, 0),
        ),
    },
  };
}

/** The issue's targets, next to which the bench prints the figures. */
export const TARGETS: Partial<Record<keyof BiographerFigures, string>> = {
  invented: '0',
  formFaults: '0',
  thingsAsPersons: '0',
  askedAgain: '0',
  deniedPlaceTitles: '0',
  deniedPlaceKeywords: '0',
  falseStartsKept: '0',
  followUpsOnContent: '≥ 60 %',
  mechanicalConnectors: '0',
};

function short(style: SummaryStyle | null): string {
  return style === null ? '-' : style.split('-')[0]!;
}

export function formatBiographerReport(report: BiographerReport): string {
  const { questions, chapters, figures } = report;
  const ids = [...new Set(chapters.map((c) => c.interviewId))];
  const header = [
    'id',
    'qs',
    'thing',
    'again',
    'onAns',
    'invent',
    'form',
    'denied',
    'deniedKw',
    'false',
    'lost',
    'conn',
    'title (1st, no style)',
  ];
  const rows = ids.map((id) => {
    const qs = questions.filter((q) => q.interviewId === id);
    const cs = chapters.filter((c) => c.interviewId === id);
    const plain = cs.find((c) => c.perspective === 'premiere' && c.style === null);
    const count = (get: (c: ChapterReport) => number) => String(cs.reduce((s, c) => s + get(c), 0));
    return [
      id,
      String(qs.length),
      String(qs.filter((q) => q.thingsAsPersons.length).length),
      String(qs.filter((q) => q.askedAgain.length).length),
      `${Math.round((qs.filter((q) => q.onLastAnswer).length / Math.max(1, qs.length)) * 100)}%`,
      count((c) => c.invented.length),
      count((c) => c.formFaults.length),
      count((c) => c.deniedPlaceInTitle.length),
      count((c) => c.deniedPlaceInKeywords.length),
      count((c) => c.falseStarts.length),
      count((c) => c.factsLost.length),
      count((c) => c.mechanicalConnectors),
      plain?.title || '(none)',
    ];
  });
  const total = [
    `TOTAL (${figures.interviews} interviews, ${figures.chapters} chapters)`,
    String(figures.questions),
    String(figures.thingsAsPersons),
    String(figures.askedAgain),
    `${Math.round(figures.followUpsOnContent * 100)}%`,
    String(figures.invented),
    String(figures.formFaults),
    String(figures.deniedPlaceTitles),
    String(figures.deniedPlaceKeywords),
    String(figures.falseStartsKept),
    String(figures.factsLost),
    String(figures.mechanicalConnectors),
    `paragraphs per answer ${figures.paragraphsPerAnswer.toFixed(2)}`,
  ];
  const out = textTable([header, ...rows, total], (column) => column !== 0);
  const section = (title: string, items: string[]) => out.push(...textSection(title, items));
  const label = (c: ChapterReport) =>
    `${c.interviewId}/${c.perspective === 'premiere' ? '1st' : '3rd'}/${short(c.style)}`;
  section(
    'Things asked about as persons',
    questions
      .filter((q) => q.thingsAsPersons.length)
      .map(
        (q) => `${q.interviewId}#${q.afterTurn}: ${q.thingsAsPersons.join(', ')} — ${q.question}`,
      ),
  );
  section(
    'Questions asking what was just said',
    questions
      .filter((q) => q.askedAgain.length)
      .map((q) => `${q.interviewId}#${q.afterTurn}: ${q.askedAgain.join(', ')} — ${q.question}`),
  );
  section(
    'Questions not built on the last answer',
    questions
      .filter((q) => !q.onLastAnswer)
      .map((q) => `${q.interviewId}#${q.afterTurn}: ${q.question}`),
  );
  section(
    'Invented',
    chapters.filter((c) => c.invented.length).map((c) => `${label(c)}: ${c.invented.join(', ')}`),
  );
  // Form faults are many and repeat across styles: the chapters without a style only.
  section(
    'Faults of written form (no style)',
    chapters
      .filter((c) => c.style === null && c.formFaults.length)
      .map((c) => `${label(c)}: ${c.formFaults.join(' | ')}`),
  );
  section(
    'Denied place in the title or keywords (no style)',
    chapters
      .filter(
        (c) => (c.deniedPlaceInTitle.length || c.deniedPlaceInKeywords.length) && c.style === null,
      )
      .map(
        (c) =>
          `${label(c)}: ${[...new Set([...c.deniedPlaceInTitle, ...c.deniedPlaceInKeywords])].join(', ')} — « ${c.title} » [${c.keywords.join(', ')}]`,
      ),
  );
  section(
    'False starts kept (no style)',
    chapters
      .filter((c) => c.style === null && c.falseStarts.length)
      .map((c) => `${label(c)}: ${c.falseStarts.join(', ')}`),
  );
  section(
    'Facts lost (no style)',
    chapters
      .filter((c) => c.style === null && c.factsLost.length)
      .map((c) => `${label(c)}: ${c.factsLost.join(', ')}`),
  );
  return out.join('\n');
}

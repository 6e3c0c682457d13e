// The built-in writer: no model, the chapter told from the person's own answers only, cleaned and put in order.
//
// It can tidy, group and retell; it cannot invent, and it says so: a comment it cannot follow is reported in
// the warnings, a sentence it cannot retell in the third person is quoted as the person said it.
import type {
  Language,
  SummaryOptions,
  TranscriptMessage,
  Writer,
  WriterInput,
  WriterOutput,
} from './types.ts';
import { WRITER_WARNINGS } from './types.ts';
import {
  suggestBookEmbedded,
  type BookSuggestionInput,
  type BookSuggestionOutput,
} from './book.ts';
import { readAddress } from '../interviewer/address.ts';
import { THEMES, isThemeId } from '../interviewer/themes.ts';
import { countWords, normalize } from '../interviewer/text.ts';
import { isNonAnswer, splitSentences, straightApostrophes, typeset } from './text.ts';
import { knownNames, writeUp, type KnownNames } from '../speech/index.ts';
import { wordValue } from '../speech/numbers.ts';
import type { Narrator } from './perspective.ts';
import { readNarrator, restyling, retell, subjectOf } from './perspective.ts';
import { removableStylePhrases, stylePhrases } from './phrases.ts';
import { extractKeywords } from './keywords.ts';
import { makeTitle } from './title.ts';
import { isStopWord } from './stopwords.ts';
import {
  gatherRelated,
  groupIntoParagraphs,
  isAnnouncement,
  withQuestionContext,
} from './composition.ts';

/** An answer shorter than this, once cleaned, says too little to be written down on its own. */
const MIN_ANSWER_WORDS = 3;
/** A paragraph longer than this many sentences is split at the next answer. */
const MAX_PARAGRAPH_SENTENCES = 7;
/** Share of an answer's words the current text must hold for the answer to count as told already. */
const COVERED_RATIO = 0.6;

export interface Answer {
  /** cleaned sentences, non-answers left out */
  sentences: string[];
  /** the theme of the question it answers, when known */
  theme: string | null;
  /** the question it answers, as asked (a short answer borrows its sense, composition.ts) */
  question?: string | null;
  /** the answer as typed or recognised */
  raw?: string | null;
}

export class EmbeddedWriter implements Writer {
  /** Suggestions from the chapters' own titles and words (see book.ts). */
  async suggestBook(input: BookSuggestionInput): Promise<BookSuggestionOutput> {
    return suggestBookEmbedded(input);
  }

  readonly kind = 'embedded' as const;

  async write(input: WriterInput, signal?: AbortSignal): Promise<WriterOutput> {
    signal?.throwIfAborted();
    return writeChapter(input);
  }
}

export function writeChapter(input: WriterInput): WriterOutput {
  const language: Language = input.language === 'en' ? 'en' : 'fr';
  const warnings: string[] = [];
  const known = namesOf(input);
  const answers = readAnswers(input.transcript, language, known);
  const said = answers.map((a) => a.sentences.join(' '));
  const nameUse = input.profile.find((p) => p.questionId === 'name_use')?.answer ?? null;
  const ownNames = readAddress(input.personName, nameUse, language).ownNames;
  const output: WriterOutput = { warnings };

  if (input.doTitle && said.length)
    output.title = typeset(makeTitle(said, language, ownNames), language);
  if (input.doKeywords) output.keywords = extractKeywords(said, language, ownNames);
  if (input.doSummary) {
    if (input.options.comment?.trim()) warnings.push(WRITER_WARNINGS.commentNotApplied);
    const summary = composeSummary(input, answers, language);
    if (summary.warning) warnings.push(summary.warning);
    if (summary.text !== null) output.summary = summary.text;
  }
  return output;
}

/** The person's answers with the theme of the question each one answers; empty answers left out. */
export function readAnswers(
  transcript: TranscriptMessage[],
  language: Language,
  known?: KnownNames,
): Answer[] {
  // A name found in one answer (« voisins avec rose » after « rose elle tenait l'épicerie ») is one in all.
  const said = transcript
    .filter((m) => m.type === 'user')
    .map((m) => writeUp(m.content, language, known));
  const found = knownNames(said);
  const names: KnownNames = new Map([...found, ...(known ?? new Map<string, string>())]);
  // Written up again only when the answers taught a name the first pass did not know.
  const learnt = [...found.keys()].some((key) => !known?.has(key));
  let index = 0;
  const answers: Answer[] = [];
  let theme: string | null = null;
  let question: string | null = null;
  for (const message of transcript) {
    if (message.type === 'assistant') {
      theme = themeOf(message, language) ?? theme;
      question = message.content;
      continue;
    }
    const written = learnt ? writeUp(message.content, language, names) : said[index]!;
    index++;
    const sentences = splitSentences(written, language).filter((s) => !isNonAnswer(s, language));
    // « En 1938. », « À Saint-Étienne. »: two words are an answer when they hold a year or a name.
    const joined = sentences.join(' ');
    const holdsFact = /\d{4}|(?<!^|[.!?…]\s)\p{Lu}/u.test(joined) || /^\S+\s+\p{Lu}/u.test(joined);
    if (countWords(joined) < (holdsFact ? 2 : MIN_ANSWER_WORDS)) continue;
    answers.push({ sentences, theme, question, raw: message.content });
  }
  return answers;
}

/** Names as the person writes them: their own name, their onboarding answers, what they typed with capitals. */
function namesOf(input: WriterInput): KnownNames {
  return knownNames([
    input.personName ?? '',
    ...input.profile.map((p) => p.answer),
    ...(input.context ?? []),
    ...input.transcript.filter((m) => m.type === 'user').map((m) => m.content),
  ]);
}

function themeOf(message: TranscriptMessage, language: Language): string | null {
  if (isThemeId(message.theme)) return message.theme;
  // A model interviewer gives no theme: the question's own words tell it, when they do.
  const question = ` ${normalize(message.content)}`;
  for (const theme of THEMES) {
    if (theme.keywords[language].some((k) => new RegExp(`[^\\p{L}]${k}`, 'u').test(question)))
      return theme.id;
  }
  return null;
}

/** Answers grouped into paragraphs: a new one when the questions move to another theme, or when one grows long. */
export function groupParagraphs(answers: Answer[]): string[][] {
  const paragraphs: { theme: string | null; sentences: string[] }[] = [];
  for (const answer of answers) {
    const current = paragraphs[paragraphs.length - 1];
    const sameTheme = current && (answer.theme === current.theme || answer.theme === null);
    if (
      current &&
      sameTheme &&
      current.sentences.length + answer.sentences.length <= MAX_PARAGRAPH_SENTENCES
    ) {
      current.sentences.push(...answer.sentences);
      current.theme ??= answer.theme;
    } else {
      paragraphs.push({ theme: answer.theme, sentences: [...answer.sentences] });
    }
  }
  return paragraphs.map((p) => p.sentences);
}

function composeSummary(
  input: WriterInput,
  answers: Answer[],
  language: Language,
): { text: string | null; warning?: string } {
  const previous = input.previousSummary?.trim() ? input.previousSummary.trim() : null;
  const keep = input.options.usePreviousSummary && previous !== null;
  // Issue 30 #5: a chapter, not a list of answers — a short answer says what it answers, answers about the
  // same people go together, and paragraphs follow the people and the themes (composition.ts).
  const own = (input.personName ?? '').split(/\s+/).filter((n) => n.length > 1);
  const fresh = gatherRelated(
    withQuestionContext(
      inTimeOrder(
        keep ? answers.filter((a) => !isCovered(a, previous!, language)) : answers,
        language,
      ),
      language,
    ),
    language,
    own,
  );
  const paragraphs = groupIntoParagraphs(fresh, language, own);
  const narrator = readNarrator(
    input.personName,
    input.profile,
    input.transcript.filter((m) => m.type === 'user').map((m) => m.content),
    language,
  );
  // Issue 29 #9: a style or a point of view asked for applies to the kept text too, not only to what is
  // added after it; the kept text keeps its words (her corrections), retold and re-linked.
  const restyle = keep ? restyling(previous!, input.options, language) : 'none';
  if (restyle === 'perspective-not-applied') {
    // Kept as it is: the built-in writer cannot put a text told in the third person back into « je ».
    const added = paragraphs.length
      ? renderParagraphs(
          paragraphs,
          input.options,
          narrator,
          lowerCaseVocabulary(answers, language),
          countParagraphs(previous!),
        )
      : null;
    return {
      text: added ? `${previous}\n\n${added}` : previous,
      warning: WRITER_WARNINGS.perspectiveNotApplied,
    };
  }
  if (paragraphs.length === 0 && restyle === 'none') {
    if (keep) {
      // « Nothing new was told » only when nothing else was asked either (a comment has its own note).
      const asked = Boolean(input.options.comment?.trim());
      return asked ? { text: previous } : { text: previous, warning: WRITER_WARNINGS.noNewContent };
    }
    return { text: null, warning: WRITER_WARNINGS.notEnoughContent };
  }
  // The framed answers too: a short answer opens with its question's words (« Cette année-là, c'est… »).
  const vocabulary = lowerCaseVocabulary([...answers, ...fresh], language);
  if (restyle === 'restyle') {
    const kept = previous!
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) =>
        // Back to the plain text the writer retells (straight apostrophes, plain spaces); typeset again after.
        splitSentences(straightApostrophes(p).replace(/[\u00A0\u202F]/g, ' ')).map((sentence) =>
          withoutStylePhrase(sentence, language),
        ),
      );
    return {
      text: renderParagraphs([...kept, ...paragraphs], input.options, narrator, vocabulary, 0),
    };
  }
  const written = renderParagraphs(
    paragraphs,
    input.options,
    narrator,
    vocabulary,
    keep ? countParagraphs(previous!) : 0,
  );
  // Hand-written text is never touched: the new paragraphs go after it.
  return { text: keep ? `${previous}\n\n${written}` : written };
}

/** A sentence without the opening an earlier style put before it (« Ensuite, je… » → « Je… »). */
export function withoutStylePhrase(sentence: string, language: Language): string {
  const flat = (t: string) => t.replace(/[\u00A0\u202F]/g, ' ').replace(/’/g, "'");
  const text = flat(sentence);
  for (const phrase of removableStylePhrases(language)) {
    const head = flat(phrase).trimEnd();
    if (!text.startsWith(head)) continue;
    const rest = sentence.slice(head.length).replace(/^[\s\u00A0\u202F]+/u, '');
    if (!rest) return sentence;
    return rest[0]!.toLocaleUpperCase(language) + rest.slice(1);
  }
  return sentence;
}

const BORN: Record<Language, RegExp> = {
  fr: /(?:suis|est|était) née? (?:le [^.]*? )?(?:en |à [^.]*? en )?((?:19|20)\d{2})/iu,
  en: /(?:was|i'm) born (?:[^.]*? )?in ((?:19|20)\d{2})/iu,
};
const AGE: Record<Language, RegExp> = {
  fr: /(?:à|j'avais|j’avais|quand j'avais|quand j’avais)\s+(\d+|[\p{L}]+(?:-[\p{L}]+)*)\s+ans/iu,
  en: /(?:at|when i was|aged)\s+(\d+|[\p{L}]+(?:-[\p{L}]+)*)(?![\p{L}])/iu,
};

/**
 * Answers told out of order put back in time order when their years say so: each answer that names a year
 * moves with the answers after it that name none, earliest year first; answers before any year stay first.
 */
export function inTimeOrder(answers: Answer[], language: Language = 'fr'): Answer[] {
  // « je suis née en 1946 »: with the year of birth, an age said (« à dix-huit ans ») is a year too.
  const born = answers
    .map((a) => a.sentences.join(' ').match(BORN[language])?.[1])
    .find((y) => y !== undefined);
  const birthYear = born ? Number(born) : null;
  const blocks: { year: number; answers: Answer[] }[] = [];
  for (const answer of answers) {
    // The time an answer is about is said early in it; a year at its end (« il est mort en 1979 ») is not.
    const opening = answer.sentences.slice(0, 2).join(' ');
    let year = Number(opening.match(/(?<!\d)(?:19|20)\d{2}(?!\d)/)?.[0] ?? NaN);
    if (Number.isNaN(year) && birthYear !== null) {
      const age = opening.match(AGE[language])?.[1];
      const value =
        age === undefined ? null : /^\d+$/.test(age) ? Number(age) : wordValue(age, language);
      if (value !== null && value > 0 && value < 110) year = birthYear + value;
    }
    const last = blocks[blocks.length - 1];
    if (Number.isNaN(year) && last) last.answers.push(answer);
    else blocks.push({ year: Number.isNaN(year) ? -Infinity : year, answers: [answer] });
  }
  return blocks.sort((a, b) => a.year - b.year).flatMap((b) => b.answers);
}

/** Whether the current text already tells this answer (it may be retold in other words, perspective or order). */
export function isCovered(answer: Answer, text: string, language: Language): boolean {
  const stems = (t: string) =>
    (normalize(t).match(/[\p{L}\p{N}]+/gu) ?? [])
      .filter((w) => w.length >= 4 && !isStopWord(w, language))
      .map((w) => w.slice(0, 5));
  const own = stems(answer.sentences.join(' '));
  if (own.length === 0) return true;
  const told = new Set(stems(text));
  return own.filter((s) => told.has(s)).length / own.length >= COVERED_RATIO;
}

function countParagraphs(text: string): number {
  return text.split(/\n\s*\n/).filter((p) => p.trim()).length;
}

type Unit = { kind: 'sentence'; text: string } | { kind: 'quote'; sentences: string[] };

/** A sentence whose subject is another person's pronoun (never the narrator, who says « je »). */
const STARTS_WITH_OTHER_PERSON = /^(?:il|elle|ils|elles|he|she|they)(?![\p{L}'’])/iu;

export function renderParagraphs(
  paragraphs: string[][],
  options: SummaryOptions,
  narrator: Narrator,
  vocabulary: Set<string>,
  startIndex = 0,
): string {
  const phrases = stylePhrases(options.style, narrator.language);
  // « Comment ne pas raconter ceci : » announces instead of linking: only the openings that link are used.
  const openers = phrases.openers.filter((o) => !isAnnouncement(o));
  const third = options.perspective === 'troisieme';
  let linkTurn = 0;
  let quoteTurn = 0;
  return paragraphs
    .map((sentences, p) => {
      const index = startIndex + p;
      // The name comes back at the start of each paragraph, then the pronoun.
      let named = false;
      const units: Unit[] = [];
      for (const sentence of sentences) {
        if (!third) {
          units.push({ kind: 'sentence', text: sentence });
          continue;
        }
        // « Ma grand-mère vivait avec nous. » Elle était toute petite… : told outside the quotation, this
        // « Elle » would read as the narrator. A sentence about the same someone stays in the quotation.
        const previous = units[units.length - 1];
        if (previous?.kind === 'quote' && STARTS_WITH_OTHER_PERSON.test(sentence)) {
          previous.sentences.push(sentence);
          continue;
        }
        // The sentences before it tell who « on » is (issue 30).
        const retold = retell(
          sentence,
          narrator,
          named,
          sentences.slice(0, sentences.indexOf(sentence)),
        );
        if (retold.ok) {
          units.push({ kind: 'sentence', text: retold.text });
          named = retold.named;
        } else {
          // One sentence per quotation: a long one would read as one endless sentence.
          units.push({ kind: 'quote', sentences: [sentence] });
          // The quotation is introduced by the name when it has not been said yet in this paragraph.
          if (narrator.name) named = true;
        }
      }
      named = false;
      const parts: string[] = [];
      let sentenceCount = 0;
      units.forEach((unit, u) => {
        if (unit.kind === 'quote') {
          const template = phrases.reported[quoteTurn++ % phrases.reported.length]!;
          const subject = subjectOf(narrator, named);
          if (narrator.name && subject === narrator.name) named = true;
          parts.push(
            `${fill(template, subject, narrator)} ${quote(unit.sentences, narrator.language)}`,
          );
          return;
        }
        if (narrator.name && unit.text.includes(narrator.name)) named = true;
        let text = unit.text;
        if (u === 0) {
          const opener =
            index === 0
              ? phrases.first
              : openers.length
                ? openers[(index - 1) % openers.length]!
                : '';
          if (opener) text = opener + lowerFirst(text, vocabulary);
        } else if (phrases.links.length && sentenceCount % 3 === 2 && !startsWithLink(text)) {
          text = phrases.links[linkTurn++ % phrases.links.length]! + lowerFirst(text, vocabulary);
        }
        sentenceCount++;
        parts.push(text);
      });
      return typeset(parts.join(' '), narrator.language);
    })
    .join('\n\n');
}

function fill(template: string, subject: string, narrator: Narrator): string {
  const possessive =
    narrator.gender === 'f'
      ? 'her'
      : narrator.gender === 'm'
        ? 'his'
        : narrator.name
          ? `${narrator.name}'s`
          : "the author's";
  const filled = template.replace('{subject}', subject).replace('{possessive}', possessive);
  return filled[0]!.toUpperCase() + filled.slice(1);
}

/** The person's words as said, in quotation marks; a quotation inside takes the inner marks. */
function quote(sentences: string[], language: Language): string {
  const text = sentences.join(' ');
  return language === 'fr'
    ? `« ${text.replace(/«\s*/g, '“').replace(/\s*»/g, '”')} »`
    : `“${text.replace(/“/g, '‘').replace(/”/g, '’')}”`;
}

const LINK_START =
  /^(?:[«"“]|(?:Et|Mais|Puis|Alors|Donc|Ensuite|Quand|Après|Enfin|And|But|Then|So|When|After)(?![\p{L}]))/u;

function startsWithLink(text: string): boolean {
  return LINK_START.test(text);
}

/** Articles, prepositions and possessives: before a capitalised word they open a name, they are none. */
// prettier-ignore
const BEFORE_A_NAME = new Set([
  'au', 'aux', 'à', 'le', 'la', 'les', 'de', 'du', 'des', 'en', 'dans', 'chez', 'pour', 'avec', 'sur', 'par',
  'un', 'une', 'cette', 'ce', 'ces', 'mon', 'ma', 'mes', 'son', 'sa', 'ses', 'notre', 'nos', 'leur', 'leurs',
  'at', 'in', 'on', 'the', 'to', 'from', 'with', 'for', 'by', 'of', 'our', 'my', 'his', 'her', 'their',
]);

/** Lower-cases the first word after a connective, unless it is a name (a word the person never wrote in lower case). */
function lowerFirst(text: string, vocabulary: Set<string>): string {
  const match = text.match(/^([\p{Lu}][\p{L}]*)(['’]?)/u);
  if (!match) return text;
  const word = match[1]!;
  if (word === 'I') return text;
  const lower = word.toLocaleLowerCase('fr');
  // « Will Nelson came… »: a first name before a surname stays a name; « Aux Galeries », "At Tate" do not.
  if (/^\s+\p{Lu}\p{Ll}/u.test(text.slice(word.length)) && !BEFORE_A_NAME.has(lower)) return text;
  if (!vocabulary.has(lower)) return text;
  return lower + text.slice(word.length);
}

/** Words the person wrote in lower case somewhere, plus the narrator's pronouns: safe to lower-case after a connective. */
function lowerCaseVocabulary(answers: Answer[], language: Language): Set<string> {
  const set = new Set<string>(
    language === 'fr'
      ? // « c' » opens the sentences a short answer borrows from its question (composition.ts).
        ['elle', 'il', 'son', 'sa', 'ses', 'l', 'ils', 'la', 'leur', 'leurs', 'c']
      : ['she', 'he', 'her', 'his', 'the', 'they', 'their'],
  );
  // A word written with a capital inside a sentence is a name somewhere (« Will », « Rose »): never lowered.
  const names = new Set<string>();
  for (const answer of answers)
    for (const sentence of answer.sentences)
      for (const match of sentence.slice(1).matchAll(/(?<![\p{L}'’])\p{Lu}[\p{Ll}]+/gu))
        names.add(match[0].toLocaleLowerCase('fr'));
  for (const answer of answers) {
    for (const word of answer.sentences.join(' ').match(/[\p{L}]+/gu) ?? []) {
      const lower = word.toLocaleLowerCase('fr');
      // Function words open sentences with a capital only because they open them.
      if ((word === lower || isStopWord(lower, language)) && !names.has(lower)) set.add(lower);
    }
  }
  return set;
}

// How well the embedded writer turns spoken answers (fillers, lower-case names, run-on sentences) into a
// readable chapter: every sample of the speech corpus is written in both perspectives and every style, and
// each text is measured. Used by the corpus test (which wants every count at zero) and by `npm run
// bench:speech` (which prints the table so a developer sees what to fix).
import { writeChapter } from '../../src/providers/writer/embedded.ts';
import { findUnsupported } from '../../src/providers/writer/faithfulness.ts';
import { THIRD_PERSON_WORDS } from '../../src/providers/writer/perspective.ts';
import { stylePhrases } from '../../src/providers/writer/phrases.ts';
import { TITLE_WORDS } from '../../src/providers/writer/title.ts';
import { SUMMARY_STYLES } from '../../src/providers/writer/types.ts';
import type {
  Language,
  SummaryPerspective,
  SummaryStyle,
  TranscriptMessage,
  WriterInput,
} from '../../src/providers/writer/types.ts';
import type { SpeechSample } from '../fixtures/speech/corpus.ts';
import { textSection, textTable } from './text-table.ts';

export type Perspective = SummaryPerspective;

export interface TextReport {
  id: string;
  perspective: Perspective;
  style: string | null;
  sentencesWithoutCapital: number;
  unclosedSentences: number;
  fillers: number;
  namesWithoutCapital: number;
  firstPersonOutsideQuotes: number;
  /** in words */
  longestSentence: number;
  /** 0..1, 1 when the sample has no facts */
  factsKept: number;
  factsTotal: number;
  namesInvented: string[];
  title: string;
  genericTitle: boolean;
  keywords: string[];
  emptyKeywords: boolean;
  text: string;
  /** the facts (names as printed, years) the text does not hold */
  missingFacts: string[];
  /** the fact names as the text misspells them ('saint-étienne' for 'Saint-Étienne') */
  miscapitalisedNames: string[];
}

const LETTER_OR_DIGIT = '[\\p{L}\\p{N}]';
const SENTENCE_END = /[.!?…]/u;
const CLOSING_QUOTES = new Set(['»', '”', '"', ')']);
const PARAGRAPH_CLOSERS = new Set(['.', '!', '?', '…', '»', '”', ')']);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A case-insensitive (or not) regex for `phrase` as whole words. */
function wholeWords(phrase: string, flags = 'giu'): RegExp {
  return new RegExp(`(?<!${LETTER_OR_DIGIT})${phrase}(?!${LETTER_OR_DIGIT})`, flags);
}

function countAndBlank(text: string, pattern: RegExp): { count: number; rest: string } {
  let count = 0;
  const rest = text.replace(pattern, (match) => {
    count++;
    return ' '.repeat(match.length);
  });
  return { count, rest };
}

/** Paragraphs: split on blank lines, empty ones dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * The sentences of `text`: split after . ! ? … (with any closing quotes) when a space, a quote or the end
 * follows; never inside a « … » or “ … ” quotation; paragraphs always end a sentence.
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of paragraphsOf(text)) {
    let depth = 0;
    let straightOpen = false;
    let start = 0;
    for (let i = 0; i < paragraph.length; i++) {
      const c = paragraph[i]!;
      if (c === '«' || c === '“') depth++;
      else if ((c === '»' || c === '”') && depth > 0) {
        depth--;
        // « … sur les pieds. » Elle… : a quotation closed after its own full stop ends the sentence too.
        const closedSentence =
          depth === 0 && SENTENCE_END.test(paragraph.slice(0, i).trimEnd().slice(-1));
        if (closedSentence && /^\s+\p{Lu}/u.test(paragraph.slice(i + 1))) {
          const sentence = paragraph.slice(start, i + 1).trim();
          if (sentence) sentences.push(sentence);
          start = i + 1;
        }
        continue;
      } else if (c === '"') straightOpen = !straightOpen;
      if (!SENTENCE_END.test(c) || depth > 0 || straightOpen) continue;
      let end = i + 1;
      while (end < paragraph.length && SENTENCE_END.test(paragraph[end]!)) end++;
      while (end < paragraph.length && CLOSING_QUOTES.has(paragraph[end]!)) {
        if (paragraph[end] === '»' || paragraph[end] === '”') depth = Math.max(0, depth - 1);
        if (paragraph[end] === '"') straightOpen = false;
        end++;
      }
      const next = paragraph[end];
      if (next !== undefined && !/[\s«“"]/u.test(next)) {
        i = end - 1;
        continue;
      }
      const sentence = paragraph.slice(start, end).trim();
      if (sentence) sentences.push(sentence);
      start = end;
      i = end - 1;
    }
    const tail = paragraph.slice(start).trim();
    if (tail) sentences.push(tail);
  }
  return sentences;
}

/** True when the sentence's first letter (after opening quotes, dashes, brackets) is lower case. */
export function startsWithoutCapital(sentence: string): boolean {
  const first = sentence.replace(/^[\s«“"'‘(—–\-…]+/u, '')[0];
  return first !== undefined && /\p{Ll}/u.test(first);
}

/** Paragraphs whose last non-space character is not . ! ? … » ” ) */
export function unclosedParagraphs(text: string): number {
  return paragraphsOf(text).filter((p) => !PARAGRAPH_CLOSERS.has(p.trimEnd().at(-1)!)).length;
}

export function wordCount(sentence: string): number {
  return (sentence.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;
}

/** Spoken fillers, everywhere in the text, case-insensitive, whole words; each counted once. */
export function countFillers(text: string, language: Language): number {
  const patterns: RegExp[] =
    language === 'fr'
      ? [
          wholeWords('bon\\s+ben'),
          wholeWords('enfin\\s+bref'),
          wholeWords('tu\\s+vois'),
          wholeWords('vous\\s+voyez'),
          wholeWords('voilà'),
          wholeWords('(?:euh|heu|ben|bah|hein)'),
          wholeWords('quoi(?=\\s*(?:[,.;:!?…»”)]|$))'),
          // "Bon, …", "bon alors" at the start of a clause only (not "un bon pain").
          new RegExp(
            `(?<=(?:^|[.,;:!?…«“"(—–]|\\n)\\s*)bon(?=\\s*,|\\s+alors(?!${LETTER_OR_DIGIT}))`,
            'giu',
          ),
        ]
      : [
          wholeWords('you\\s+know'),
          wholeWords('i\\s+mean'),
          wholeWords('sort\\s+of'),
          wholeWords('kind\\s+of'),
          wholeWords('(?:um|uh|er|erm)'),
          wholeWords('(?:(?<=,\\s*)like|like(?=\\s*,))'),
        ];
  let rest = text;
  let total = 0;
  for (const pattern of patterns) {
    const counted = countAndBlank(rest, pattern);
    total += counted.count;
    rest = counted.rest;
  }
  return total;
}

/** Lower case, no accents, hyphens as spaces, one character of the result per character of `text`. */
function foldWithMap(text: string): { folded: string; map: number[] } {
  let folded = '';
  const map: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const f = /[\s\-‐‑–]/u.test(c) ? ' ' : c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (const ch of f) {
      folded += ch;
      map.push(i);
    }
  }
  map.push(text.length);
  return { folded, map };
}

function fold(text: string): string {
  return foldWithMap(text).folded;
}

/** The written forms in `text` of `name` (compared without case or accents) that differ from `name`. */
export function miswrittenForms(text: string, name: string): string[] {
  const { folded, map } = foldWithMap(text);
  const key = fold(name);
  if (!key.trim()) return [];
  const pattern = wholeWords(escapeRegExp(key), 'gu');
  const wrong: string[] = [];
  for (const match of folded.matchAll(pattern)) {
    const start = map[match.index]!;
    const end = map[match.index + match[0].length]!;
    const written = text.slice(start, end);
    if (written !== name) wrong.push(written);
  }
  return wrong;
}

export function countNamesWithoutCapital(text: string, names: string[]): number {
  return names.reduce((sum, name) => sum + miswrittenForms(text, name).length, 0);
}

/** `text` without its quoted passages (« … », “ … ”, "…"). */
export function withoutQuotes(text: string): string {
  return text
    .replace(/«[^»]*»/gu, ' ')
    .replace(/“[^”]*”/gu, ' ')
    .replace(/"[^"]*"/gu, ' ');
}

const FR_FIRST_PERSON = [
  'je',
  'me',
  'moi',
  'mon',
  'ma',
  'mes',
  'mien',
  'mienne',
  'miens',
  'miennes',
  'nous',
  'notre',
  'nos',
  'on',
];
const EN_FIRST_PERSON = ['me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves'];

/** First-person words left outside quotations (the third-person text should have none). */
export function countFirstPerson(text: string, language: Language): number {
  const plain = withoutQuotes(text);
  if (language === 'fr') {
    const elided = plain.match(new RegExp(`(?<!${LETTER_OR_DIGIT})[jm]['’]`, 'giu')) ?? [];
    const words = plain.match(wholeWords(`(?:${FR_FIRST_PERSON.join('|')})`)) ?? [];
    return elided.length + words.length;
  }
  const i = plain.match(wholeWords(`I(?:['’](?:m|ve|d|ll))?`, 'gu')) ?? [];
  const words = plain.match(wholeWords(`(?:${EN_FIRST_PERSON.join('|')})`)) ?? [];
  return i.length + words.length;
}

/** The facts of the sample that the text does not hold: names in their exact form, years as digits. */
export function missingFacts(text: string, facts: SpeechSample['facts']): string[] {
  const missing: string[] = [];
  // The printed text has curly apostrophes (« rue d’Aubagne »); the facts are typed with straight ones.
  const plain = text.replace(/[’‘]/g, "'");
  for (const name of facts.names)
    if (!wholeWords(escapeRegExp(name.replace(/[’‘]/g, "'")), 'u').test(plain)) missing.push(name);
  for (const year of facts.years)
    if (!new RegExp(`(?<!\\d)${year}(?!\\d)`).test(text)) missing.push(String(year));
  return missing;
}

const GENERIC_TITLES = new Set([
  'souvenirs',
  'mes souvenirs',
  'memories',
  'my memories',
  'chapitre',
  'chapter',
  'ma vie',
  'my life',
  '',
]);

export function isGenericTitle(title: string): boolean {
  return GENERIC_TITLES.has(title.trim().toLowerCase());
}

/** The words a writer may add without inventing: title words, third-person words, the style's phrases. */
export function allowedWords(
  language: Language,
  style: SummaryStyle | null,
  personName: string,
): string[] {
  const phrases = stylePhrases(style, language);
  const phraseWords = [phrases.first, ...phrases.openers, ...phrases.links, ...phrases.reported]
    .map((p) => p.replace(/\{\w+\}/g, ' '))
    .flatMap((p) => p.match(/[\p{L}\p{N}'’]+/gu) ?? []);
  return [
    ...TITLE_WORDS[language],
    ...THIRD_PERSON_WORDS[language],
    ...phraseWords,
    ...(personName.match(/[\p{L}\p{N}'’]+/gu) ?? []),
  ];
}

/** The writer's input for an interview: its questions and answers, nothing kept from before. */
export function buildInput(
  sample: Pick<SpeechSample, 'language' | 'personName' | 'turns'>,
  perspective: Perspective,
  style: SummaryStyle | null,
): WriterInput {
  const transcript: TranscriptMessage[] = sample.turns.flatMap((turn) => [
    { type: 'assistant' as const, content: turn.question },
    { type: 'user' as const, content: turn.answer },
  ]);
  return {
    language: sample.language,
    personName: sample.personName,
    profile: [],
    transcript,
    previousSummary: null,
    doTitle: true,
    doKeywords: true,
    doSummary: true,
    options: { style, perspective, comment: null, usePreviousSummary: false },
  };
}

/**
 * The embedded writer's chapter for an interview, with what the judges compare it to: every word said
 * (questions and answers, her name) and the words the writer may add of its own (style phrases…).
 */
export function writtenChapter(
  sample: Pick<SpeechSample, 'language' | 'personName' | 'turns'>,
  perspective: Perspective,
  style: SummaryStyle | null,
) {
  const output = writeChapter(buildInput(sample, perspective, style));
  return {
    text: output.summary ?? '',
    title: output.title ?? '',
    keywords: output.keywords ?? [],
    sources: [
      sample.personName,
      ...sample.turns.map((t) => t.question),
      ...sample.turns.map((t) => t.answer),
    ],
    allowed: allowedWords(sample.language, style, sample.personName),
  };
}

export function measureSample(
  sample: SpeechSample,
  perspective: Perspective,
  style: SummaryStyle | null,
): TextReport {
  const { text, title, keywords, sources, allowed } = writtenChapter(sample, perspective, style);
  const language = sample.language;
  const sentences = sentencesOf(text);
  const missing = missingFacts(text, sample.facts);
  const factsTotal = sample.facts.names.length + sample.facts.years.length;

  const invented = [
    ...findUnsupported(text, sources, language, allowed),
    ...findUnsupported(title, sources, language, allowed),
  ].filter((token, index, all) => all.indexOf(token) === index);
  // A name that is also a word the writer's style phrases use ("Will" and "will"): that word is the writer's.
  const writersWords = new Set([...allowed].map((w) => w.toLowerCase()));
  const miscapitalised = sample.facts.names
    .flatMap((name) => miswrittenForms(text, name))
    .filter((form) => !writersWords.has(form.toLowerCase()))
    // "Will" the brother and "will" the verb: a modal in lower case is no miswritten name.
    .filter((form) => !/^(?:will|may|can|must)$/.test(form));
  return {
    id: sample.id,
    perspective,
    style,
    sentencesWithoutCapital: sentences.filter(startsWithoutCapital).length,
    unclosedSentences: unclosedParagraphs(text),
    fillers: countFillers(text, language),
    namesWithoutCapital: miscapitalised.length,
    firstPersonOutsideQuotes: perspective === 'troisieme' ? countFirstPerson(text, language) : 0,
    longestSentence: Math.max(0, ...sentences.map(wordCount)),
    factsKept: factsTotal === 0 ? 1 : (factsTotal - missing.length) / factsTotal,
    factsTotal,
    namesInvented: invented,
    title,
    genericTitle: isGenericTitle(title),
    keywords,
    emptyKeywords: keywords.length === 0 && sample.facts.names.length > 0,
    text,
    missingFacts: missing,
    miscapitalisedNames: miscapitalised,
  };
}

export const PERSPECTIVES: readonly Perspective[] = ['premiere', 'troisieme'];
export const STYLES: readonly (SummaryStyle | null)[] = [null, ...SUMMARY_STYLES];

export function measureCorpus(samples: SpeechSample[]): TextReport[] {
  return samples.flatMap((sample) =>
    PERSPECTIVES.flatMap((perspective) =>
      STYLES.map((style) => measureSample(sample, perspective, style)),
    ),
  );
}

/** Facts kept over the whole corpus, 0..1. */
export function overallFactsKept(reports: TextReport[]): number {
  const total = reports.reduce((sum, r) => sum + r.factsTotal, 0);
  const kept = reports.reduce((sum, r) => sum + r.factsKept * r.factsTotal, 0);
  return total === 0 ? 1 : kept / total;
}

export function labelOf(report: TextReport): string {
  return `${report.id}/${report.perspective}/${report.style ?? 'none'}`;
}

function shortStyle(style: string | null): string {
  return style === null ? '-' : style.split('-')[0]!;
}

const COUNT_COLUMNS: [string, (r: TextReport) => number][] = [
  ['noCap', (r) => r.sentencesWithoutCapital],
  ['open', (r) => r.unclosedSentences],
  ['fill', (r) => r.fillers],
  ['nameCase', (r) => r.namesWithoutCapital],
  ['1stPers', (r) => r.firstPersonOutsideQuotes],
];

export function formatReport(reports: TextReport[]): string {
  const header = [
    'id',
    'persp',
    'style',
    ...COUNT_COLUMNS.map(([name]) => name),
    'longest',
    'facts',
    'invent',
    'title',
  ];
  const percent = (value: number) => `${Math.round(value * 100)}%`;
  const rows = reports.map((r) => [
    r.id,
    r.perspective === 'premiere' ? '1st' : '3rd',
    shortStyle(r.style),
    ...COUNT_COLUMNS.map(([, get]) => String(get(r))),
    String(r.longestSentence),
    percent(r.factsKept),
    String(r.namesInvented.length),
    `${r.title || '(none)'}${r.genericTitle ? ' [generic]' : ''}${r.emptyKeywords ? ' [no keywords]' : ''}`,
  ]);
  const total = [
    `TOTAL (${reports.length} texts)`,
    '',
    '',
    ...COUNT_COLUMNS.map(([, get]) => String(reports.reduce((sum, r) => sum + get(r), 0))),
    String(Math.max(0, ...reports.map((r) => r.longestSentence))),
    percent(overallFactsKept(reports)),
    String(reports.reduce((sum, r) => sum + r.namesInvented.length, 0)),
    `generic titles ${reports.filter((r) => r.genericTitle).length}, empty keywords ${reports.filter((r) => r.emptyKeywords).length}`,
  ];
  const numeric = (column: number) => column >= 3 && column < header.length - 1;
  const out = textTable([header, ...rows, total], numeric);
  const section = (title: string, items: string[]) => out.push(...textSection(title, items));
  section(
    'Invented names/numbers',
    reports
      .filter((r) => r.namesInvented.length)
      .map((r) => `${labelOf(r)}: ${r.namesInvented.join(', ')}`),
  );
  section(
    'Missing facts',
    reports
      .filter((r) => r.missingFacts.length)
      .map((r) => `${labelOf(r)}: ${r.missingFacts.join(', ')}`),
  );
  section(
    'Names without their capital/accents',
    reports
      .filter((r) => r.miscapitalisedNames.length)
      .map((r) => `${labelOf(r)}: ${r.miscapitalisedNames.join(', ')}`),
  );
  section(
    'Generic titles / empty keywords',
    reports
      .filter((r) => r.genericTitle || r.emptyKeywords)
      .map(
        (r) =>
          `${labelOf(r)}: ${[r.genericTitle ? `title "${r.title}"` : '', r.emptyKeywords ? 'no keywords' : ''].filter(Boolean).join(', ')}`,
      ),
  );
  return out.join('\n');
}

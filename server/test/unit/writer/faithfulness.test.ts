// Nothing in the text that the person did not say: every capital, number and year of the output comes from their answers.
import { describe, expect, it } from 'vitest';
import { writeChapter } from '../../../src/providers/writer/embedded.ts';
import { findUnsupported } from '../../../src/providers/writer/faithfulness.ts';
import { connectiveWords } from '../../../src/providers/writer/phrases.ts';
import { THIRD_PERSON_WORDS } from '../../../src/providers/writer/perspective.ts';
import { TITLE_WORDS } from '../../../src/providers/writer/title.ts';
import { SUMMARY_STYLES } from '../../../src/providers/writer/types.ts';
import type { Language } from '../../../src/providers/writer/types.ts';
import { CHAPTERS, chapterInput, plain } from './helpers.ts';
import type { Chapter } from './helpers.ts';

const norm = (word: string) => plain(word).toLowerCase().normalize('NFC');

/** What the writer may add: its connectives, the third-person words, the title words, the person's name. */
function allowedWords(chapter: Chapter, language: Language): Set<string> {
  return new Set(
    [
      ...connectiveWords(language),
      ...THIRD_PERSON_WORDS[language],
      ...TITLE_WORDS[language],
      ...(chapter.personName ?? '').split(/\s+/),
    ].map(norm),
  );
}

/** Offending tokens: capitalised words absent from the answers, and any number not said as such. */
function inventions(text: string, chapter: Chapter): string[] {
  const said = chapter.transcript
    .filter((m) => m.type === 'user')
    .map((m) => plain(m.content))
    .join('\n');
  const saidWords = new Set((said.match(/[\p{L}]+/gu) ?? []).map(norm));
  const saidCapitalised = new Set(said.match(/\p{Lu}[\p{L}]*/gu) ?? []);
  const allowed = allowedWords(chapter, chapter.language);
  const found: string[] = [];
  const output = plain(text);
  for (const match of output.matchAll(/(?<![\p{L}])\p{Lu}[\p{L}]*/gu)) {
    const word = match[0];
    const before = output.slice(0, match.index);
    const opensSentence = /(?:^|[.!?:»”“«]\s*|\n)\s*$/u.test(before);
    if (allowed.has(norm(word))) continue;
    // A capital opening a sentence may be a capitalised ordinary word; anywhere else it must have been said so.
    if (opensSentence ? saidWords.has(norm(word)) : saidCapitalised.has(word)) continue;
    found.push(word);
  }
  const saidNumbers = new Set(said.match(/\d+/g) ?? []);
  for (const number of output.match(/\d+/g) ?? []) if (!saidNumbers.has(number)) found.push(number);
  return found;
}

describe('faithfulness of the embedded writer', () => {
  for (const chapter of CHAPTERS) {
    it(`adds no name, place or number to "${chapter.name}", in every style and perspective`, () => {
      for (const perspective of ['premiere', 'troisieme'] as const) {
        for (const style of [null, ...SUMMARY_STYLES]) {
          const output = writeChapter(chapterInput(chapter, { perspective, style }));
          const text = [output.summary, output.title, ...(output.keywords ?? [])].join('\n');
          expect(inventions(text, chapter), `${perspective} ${style}`).toEqual([]);
          expect(
            findUnsupported(
              output.summary!,
              chapter.transcript.map((m) => m.content),
              chapter.language,
              [chapter.personName ?? ''],
            ),
          ).toEqual([]);
        }
      }
    });
  }

  it('catches what a writer would invent', () => {
    const chapter = CHAPTERS[0]!;
    expect(inventions('Elle a rencontré Pierre à Rennes en 1963.', chapter)).toEqual([
      'Pierre',
      'Rennes',
      '1963',
    ]);
  });
});

describe('findUnsupported', () => {
  const sources = [
    "J'avais vingt-deux ans quand on est arrivés à Pont-l'Abbé, en 1962. Ma sœur Anne habitait à Saint-Étienne.",
  ];

  it('lists names, places and numbers that are not in the sources', () => {
    expect(
      findUnsupported(
        'À 22 ans, elle arrive à Pont-l’Abbé avec Anne en 1962, puis part pour Lyon avec Paul en 1965.',
        sources,
        'fr',
      ),
    ).toEqual(['Lyon', 'Paul', '1965']);
  });

  it('ignores case and accents, sentence starts and allowed words', () => {
    expect(
      findUnsupported('Sa sœur vivait à saint-etienne. Souvent, Jeanne y pensait.', sources, 'fr', [
        'Jeanne',
      ]),
    ).toEqual([]);
    expect(findUnsupported('Elle a rencontré Jeanne.', sources, 'fr')).toEqual(['Jeanne']);
  });

  it('accepts numbers said in words', () => {
    expect(findUnsupported('Elle a 22 ans.', sources, 'fr')).toEqual([]);
    expect(findUnsupported('Elle a 77 ans.', ['soixante-dix-sept ans'], 'fr')).toEqual([]);
    expect(findUnsupported('She was 12.', ['I was twelve'], 'en')).toEqual([]);
  });
});

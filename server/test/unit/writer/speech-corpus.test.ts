// Spoken answers into readable chapters: the speech corpus written in both perspectives and every style
// must read as written French/English (capitals, closed sentences, no fillers, names spelt as printed, no
// first person in a third-person text, no endless sentence), keep the facts and invent nothing. The
// metrics themselves are checked first on hand-written texts.
import { describe, expect, it } from 'vitest';
import { SPEECH_CORPUS } from '../../fixtures/speech/corpus.ts';
import {
  countFillers,
  countFirstPerson,
  countNamesWithoutCapital,
  isGenericTitle,
  labelOf,
  measureCorpus,
  miswrittenForms,
  missingFacts,
  overallFactsKept,
  sentencesOf,
  startsWithoutCapital,
  unclosedParagraphs,
  wordCount,
} from '../../support/speech-report.ts';
import type { TextReport } from '../../support/speech-report.ts';

describe('speech report metrics', () => {
  it('counts French fillers as whole words, once each', () => {
    const text =
      'Euh je suis née là, ben voilà. Bon, alors on partait, tu vois, enfin bref. Bon ben on rentrait quoi. ' +
      'Un bon pain, un bonbon, quoi de neuf, Benoît et le bahut.';
    // Euh, ben, voilà, Bon(,), tu vois, enfin bref, Bon ben, quoi(.) = 8
    expect(countFillers(text, 'fr')).toBe(8);
    expect(countFillers('Bon alors, hein, vous voyez, heu… bah non.', 'fr')).toBe(5);
  });

  it('counts English fillers, "like" only next to a comma', () => {
    const text =
      'Um, I was, like, twelve, you know. Uh I mean it was sort of odd. I like apples and a kind of pie. Er, erm.';
    // Um, like, you know, Uh, I mean, sort of, kind of, Er, erm = 9
    expect(countFillers(text, 'en')).toBe(9);
    expect(countFillers('She liked the umbrella and the error.', 'en')).toBe(0);
  });

  it('finds names without their capital or accents, whole words only', () => {
    const text =
      'Née à saint-étienne, elle revint à Saint-Etienne puis à Saint étienne, enfin à Saint-Étienne. La manufrance de Manufrance.';
    expect(miswrittenForms(text, 'Saint-Étienne')).toEqual([
      'saint-étienne',
      'Saint-Etienne',
      'Saint étienne',
    ]);
    expect(countNamesWithoutCapital(text, ['Saint-Étienne', 'Manufrance'])).toBe(4);
    expect(countNamesWithoutCapital('Les manufrances.', ['Manufrance'])).toBe(0);
  });

  it('counts first person outside quotations only', () => {
    expect(
      countFirstPerson(
        'Elle raconte\u00A0: « je suis née ici, mon père… » Puis j’ai vu ma mère.',
        'fr',
      ),
    ).toBe(2);
    expect(countFirstPerson('Jeanne se souvient de son père. « On rentrait tard. »', 'fr')).toBe(0);
    expect(
      countFirstPerson('He recalls: “I was born there.” Then I met my wife, and we left.', 'en'),
    ).toBe(3);
    expect(countFirstPerson('In Iowa, he said "I\'m home" to us.', 'en')).toBe(1);
  });

  it('splits sentences outside quotations and measures them', () => {
    const text =
      'Elle raconte\u00A0: « On partait tôt. Il faisait froid\u00A0! » puis elle riait. ensuite rien.\n\nUn paragraphe ouvert';
    expect(sentencesOf(text)).toEqual([
      'Elle raconte\u00A0: « On partait tôt. Il faisait froid\u00A0! » puis elle riait.',
      'ensuite rien.',
      'Un paragraphe ouvert',
    ]);
    expect(sentencesOf(text).filter(startsWithoutCapital)).toEqual(['ensuite rien.']);
    expect(startsWithoutCapital('« Et voilà. »')).toBe(false);
    expect(startsWithoutCapital('— et puis non.')).toBe(true);
    expect(unclosedParagraphs(text)).toBe(1);
    expect(unclosedParagraphs('Fini.\n\n« Fini. »\n\n(Fini)')).toBe(0);
    expect(wordCount('Aujourd’hui, j’ai vu Saint-Étienne en 1948.')).toBe(6);
  });

  it('checks facts in their exact form and titles', () => {
    expect(
      missingFacts('Née à saint-étienne en 1948, chez Manufrance.', {
        names: ['Saint-Étienne', 'Manufrance'],
        years: [1948, 1965],
      }),
    ).toEqual(['Saint-Étienne', '1965']);
    expect(isGenericTitle(' mes Souvenirs ')).toBe(true);
    expect(isGenericTitle('')).toBe(true);
    expect(isGenericTitle('Les années à Lyon')).toBe(false);
  });
});

describe('speech corpus through the embedded writer, in French and English', () => {
  const reports = measureCorpus(SPEECH_CORPUS);
  const nonzero = (get: (r: TextReport) => number) =>
    reports.filter((r) => get(r) !== 0).map((r) => `${labelOf(r)}: ${get(r)}`);

  it('covers every sample in both perspectives and every style', () => {
    expect(SPEECH_CORPUS.length).toBeGreaterThan(0);
    expect(reports.length).toBe(SPEECH_CORPUS.length * 12);
  });

  it('starts every sentence with a capital', () => {
    expect(nonzero((r) => r.sentencesWithoutCapital)).toEqual([]);
  });

  it('closes every paragraph', () => {
    expect(nonzero((r) => r.unclosedSentences)).toEqual([]);
  });

  it('leaves no spoken filler', () => {
    expect(nonzero((r) => r.fillers)).toEqual([]);
  });

  it('writes names as they are printed', () => {
    expect(
      reports
        .filter((r) => r.namesWithoutCapital)
        .map((r) => `${labelOf(r)}: ${r.miscapitalisedNames.join(', ')}`),
    ).toEqual([]);
  });

  it('keeps no first person outside quotations in the third person', () => {
    expect(nonzero((r) => r.firstPersonOutsideQuotes)).toEqual([]);
  });

  it('writes no sentence longer than 45 words', () => {
    expect(
      reports
        .filter((r) => r.longestSentence > 45)
        .map((r) => `${labelOf(r)}: ${r.longestSentence}`),
    ).toEqual([]);
  });

  it('invents no name or number', () => {
    expect(
      reports
        .filter((r) => r.namesInvented.length)
        .map((r) => `${labelOf(r)}: ${r.namesInvented.join(', ')}`),
    ).toEqual([]);
  });

  it('gives every chapter a real title and keywords', () => {
    expect(reports.filter((r) => r.genericTitle).map((r) => `${labelOf(r)}: "${r.title}"`)).toEqual(
      [],
    );
    expect(reports.filter((r) => r.emptyKeywords).map(labelOf)).toEqual([]);
  });

  it('keeps at least 95% of the facts', () => {
    const kept = overallFactsKept(reports);
    if (kept < 0.95)
      expect(
        reports
          .filter((r) => r.missingFacts.length)
          .map((r) => `${labelOf(r)}: ${r.missingFacts.join(', ')}`),
      ).toEqual([]);
    expect(kept).toBeGreaterThanOrEqual(0.95);
  });
});

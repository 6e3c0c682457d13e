// The biographer corpus (issue 30 #8): the corpus is what it says it is, the judge sees the faults it is
// meant to see, and the embedded interviewer and writer do no worse on it than the BASELINE.
//
// BASELINE holds the figures measured when the corpus was written (issue 30, 2026-11-27, with the
// interviewer's and the spoken-form work still in progress). Lower them as the work lands; never raise
// them to make a test pass. The targets: 0 for every count, follow-ups on content ≥ 60 %.
import { beforeAll, describe, expect, it } from 'vitest';
import { BIOGRAPHER_CORPUS, type BiographerInterview } from '../../fixtures/biographer/corpus.ts';
import {
  askedAgain,
  buildsOn,
  formFaults,
  measureBiographer,
  questionOf,
  thingsAsPersons,
  type BiographerFigures,
  type BiographerReport,
} from '../../support/biographer-report.ts';
import { normalize } from '../../../src/providers/interviewer/text.ts';
import { spelledNumbers, writeUp, yearsToDigits } from '../../../src/providers/speech/index.ts';

/** Counts never to exceed; followUpsOnContent never to fall under. */
const BASELINE = {
  thingsAsPersons: 0,
  askedAgain: 0,
  followUpsOnContent: 0.84,
  invented: 0,
  formFaults: 0,
  deniedPlaceTitles: 0,
  deniedPlaceKeywords: 0,
  falseStartsKept: 0,
  // 30 interviews: names only the world knows stay lower case in raw speech (« the cavern », "in hull",
  // "the red wings", « à recouvrance », « une ânesse grisette »); 108 over the first 24 before names in context.
  factsLost: 60,
  mechanicalConnectors: 0,
} satisfies Partial<BiographerFigures>;

const said = (interview: BiographerInterview) => {
  // As said, as written up, and with the years in digits (a corrected year is gone from the written-up text).
  const answers = interview.turns.map((t) => t.answer).join('\n');
  const forms = [
    answers,
    writeUp(answers, interview.language),
    ...interview.turns.map((t) => yearsToDigits(t.answer, interview.language)),
  ];
  return normalize(forms.join('\n')).replace(/-/g, ' ');
};
const holds = (text: string, name: string) =>
  new RegExp(`(?<![\\p{L}])${normalize(name).replace(/-/g, ' ')}(?![\\p{L}])`, 'u').test(text);

describe('the biographer corpus', () => {
  it('has at least 24 interviews, half French, half English, half typed, half raw speech', () => {
    const count = (f: (i: BiographerInterview) => boolean) => BIOGRAPHER_CORPUS.filter(f).length;
    expect(BIOGRAPHER_CORPUS.length).toBeGreaterThanOrEqual(24);
    for (const language of ['fr', 'en'] as const) {
      expect(count((i) => i.language === language)).toBeGreaterThanOrEqual(12);
      for (const form of ['typed', 'speech'] as const)
        expect(count((i) => i.language === language && i.form === form)).toBeGreaterThanOrEqual(6);
    }
    expect(new Set(BIOGRAPHER_CORPUS.map((i) => i.id)).size).toBe(BIOGRAPHER_CORPUS.length);
    expect(count((i) => i.register === 'tu')).toBeGreaterThan(0);
  });

  it('gives every interview 4 to 8 turns, facts, things that are not people and what each answer tells', () => {
    for (const interview of BIOGRAPHER_CORPUS) {
      expect(interview.turns.length, interview.id).toBeGreaterThanOrEqual(4);
      expect(interview.turns.length, interview.id).toBeLessThanOrEqual(8);
      expect(interview.facts.names.length, interview.id).toBeGreaterThan(0);
      expect(interview.kinds.length, interview.id).toBeGreaterThan(0);
      expect(interview.mustNotSay.length, interview.id).toBeGreaterThan(0);
      expect(
        interview.turns.some((t) => t.answered),
        interview.id,
      ).toBe(true);
    }
  });

  it('only lists facts, things and denials the answers do say', () => {
    for (const interview of BIOGRAPHER_CORPUS) {
      const text = said(interview);
      for (const name of interview.facts.names)
        expect(holds(text, name), `${interview.id}: ${name}`).toBe(true);
      // A thing may come from a question too (« Quel souvenir gardez-vous de Mai 68 ? »).
      const asked = normalize(interview.turns.map((t) => t.question).join('\n')).replace(/-/g, ' ');
      for (const { name } of interview.kinds)
        expect(holds(`${text}\n${asked}`, name), `${interview.id}: ${name}`).toBe(true);
      // « de soixante-quatre à soixante-dix »: a year may be said by its last two digits.
      const spelled = new Set(
        interview.turns.flatMap((t) =>
          spelledNumbers(t.answer, interview.language).map((n) => n.value),
        ),
      );
      for (const year of interview.facts.years)
        expect(
          text.includes(String(year)) || spelled.has(year % 100),
          `${interview.id}: ${year}`,
        ).toBe(true);
      for (const wrong of interview.mustNotSay.filter((m) => m.why !== 'relation'))
        expect(holds(text, wrong.text), `${interview.id}: ${wrong.text}`).toBe(true);
    }
  });

  it('has raw speech as recognition gives it: no capitals, no punctuation, fillers, corrections, denials', () => {
    const speech = BIOGRAPHER_CORPUS.filter((i) => i.form === 'speech');
    for (const interview of speech)
      for (const turn of interview.turns) expect(turn.answer, interview.id).not.toMatch(/\p{Lu}/u);
    const answers = speech.flatMap((i) => i.turns.map((t) => t.answer)).join('\n');
    expect(answers).toMatch(/\b(?:euh|ben|um|er)\b/);
    expect(answers).toMatch(/\b(?:non|no) (?:en )?(?:cinquante|soixante|sixty|fifty|it was)/);
    expect(answers).toMatch(/on habitait pas à|we didn't live in|we never went to/);
    expect(answers).toMatch(/\b(\p{L}+) \1\b/u);
  });
});

describe('the judge', () => {
  const dog: BiographerInterview = {
    id: 'judge',
    language: 'fr',
    form: 'typed',
    personName: 'Suzanne Roy',
    turns: [
      {
        question: 'Q',
        answer: "J'ai épousé Henri en 1962, on habitait à Nantes avec notre chien Fanfan.",
        answered: { who: ['Henri'], where: ['Nantes'], when: [1962] },
      },
    ],
    facts: { names: ['Henri', 'Nantes', 'Fanfan'], years: [1962] },
    mustNotSay: [],
    kinds: [
      { name: 'Fanfan', kind: 'animal' },
      { name: 'Nantes', kind: 'place' },
    ],
  };

  it('sees a thing, the app or a filler asked about as a person, and lets a person or a place be', () => {
    expect(thingsAsPersons("Qu'est-ce que Fanfan vous a appris ?", dog)).toEqual(['Fanfan']);
    expect(thingsAsPersons("Qu'aimeriez-vous que l'on sache de Chapitres ?", dog)).toEqual([
      'Chapitres',
    ]);
    expect(thingsAsPersons('Quel souvenir précis gardez-vous de Ben ?', dog)).toEqual(['Ben']);
    expect(thingsAsPersons("Qu'est-ce que Henri vous a appris ?", dog)).toEqual([]);
    expect(thingsAsPersons('Quel souvenir précis gardez-vous de Nantes ?', dog)).toEqual([]);
    expect(thingsAsPersons('Comment était Fanfan, ce chien ?', dog)).toEqual([]);
  });

  it('sees a question asking what the answer just said', () => {
    const turn = dog.turns[0]!;
    expect(askedAgain('En 1962, qui comptait le plus pour vous ?', turn, 'fr')).toContain(
      'when 1962',
    );
    expect(askedAgain('Où habitiez-vous à ce moment-là ?', turn, 'fr')).toEqual(['where Nantes']);
    expect(askedAgain('Qui fréquentiez-vous à Nantes ?', turn, 'fr')).toEqual(['who Henri']);
    expect(askedAgain('Comment avez-vous rencontré Henri ?', turn, 'fr')).toEqual([]);
    expect(askedAgain('Que faisiez-vous à Nantes ?', turn, 'fr')).toEqual([]);
  });

  it('sees whether a question builds on the last answer', () => {
    expect(buildsOn('Comment avez-vous rencontré Henri ?', dog.turns[0]!.answer, 'fr')).toBe(true);
    expect(buildsOn('Quel est votre tout premier souvenir ?', dog.turns[0]!.answer, 'fr')).toBe(
      false,
    );
    expect(questionOf('Merci. Vous parlez de Henri : comment était-il ?')).toBe(
      'Vous parlez de Henri : comment était-il ?',
    );
  });

  it('counts the faults of written form', () => {
    const faults = (text: string) => formFaults(text, 'fr', 'troisieme', ['Robert']);
    expect(faults('Elle a épousé Robert en 1962.')).toEqual([]);
    expect(faults('elle a épousé Robert')).toHaveLength(2);
    expect(faults('Elle chantait et Elle dansait.')).toEqual(['mid-sentence capital: Elle']);
    expect(faults('Il pensait que elle viendrait.')).toEqual(['unelided: que elle']);
    expect(faults("J'ai épousé Robert.")).toHaveLength(1);
    expect(faults('Elle disait euh que Robert viendrait.')).toEqual(['filler']);
  });
});

describe('the embedded biographer on the corpus', () => {
  let report: BiographerReport;
  beforeAll(async () => {
    report = await measureBiographer(BIOGRAPHER_CORPUS);
  }, 120_000);

  it('does no worse than the baseline', () => {
    const { figures } = report;
    const counts = Object.entries(BASELINE).filter(([key]) => key !== 'followUpsOnContent') as [
      keyof BiographerFigures,
      number,
    ][];
    for (const [key, most] of counts) expect(figures[key], key).toBeLessThanOrEqual(most);
    expect(figures.followUpsOnContent).toBeGreaterThanOrEqual(BASELINE.followUpsOnContent);
  });

  it('writes a chapter, not a paragraph per answer, and never announces a paragraph', () => {
    expect(report.figures.paragraphsPerAnswer).toBeLessThan(0.9);
    expect(report.figures.mechanicalConnectors).toBe(0);
  });
});

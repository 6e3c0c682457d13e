// A whole simulated life with the embedded interviewer: hundreds of turns over many chapters, never a repeated question.
import { describe, expect, it } from 'vitest';
import { planOpening, planReply } from '../../../src/providers/interviewer/embedded.ts';
import type { PlannedTurn } from '../../../src/providers/interviewer/embedded.ts';
import { getBank } from '../../../src/providers/interviewer/bank.ts';
import { THEME_IDS, isThemeId } from '../../../src/providers/interviewer/themes.ts';
import type {
  EarlierChapter,
  InterviewContext,
  Language,
  TranscriptMessage,
} from '../../../src/providers/interviewer/types.ts';
import { normalize } from '../../../src/providers/interviewer/text.ts';
import { assistant, plain, profileAnswers, user } from './helpers.ts';

const NAMES = [
  'Louise',
  'Marcel',
  'Yvonne',
  'André',
  'Simone',
  'Lucien',
  'Germaine',
  'Roger',
  'Odette',
  'Fernand',
  'Paulette',
  'Gaston',
];
const PLACES = [
  'Lyon',
  'Brest',
  'Nantes',
  'Marseille',
  'Quimper',
  'Alger',
  'Limoges',
  'Rouen',
  'Bretagne',
  'Savoie',
  'Auvergne',
  'Normandie',
];
const EN_NAMES = [
  'Edith',
  'Arthur',
  'Doris',
  'Harold',
  'Mabel',
  'Walter',
  'Elsie',
  'Frank',
  'Ivy',
  'Albert',
  'Vera',
  'Stanley',
];
const EN_PLACES = [
  'Leeds',
  'Bristol',
  'Glasgow',
  'Cardiff',
  'Dublin',
  'Liverpool',
  'Manchester',
  'Cornwall',
  'Devon',
  'Kent',
];

/** A varied, deterministic answer: long or short, with or without a person, a place, a year, a feeling, a smell. */
function answerFr(n: number): string {
  const name = NAMES[n % NAMES.length]!;
  const place = PLACES[(n * 7) % PLACES.length]!;
  const year = 1940 + ((n * 13) % 50);
  const pool = [
    `Je me souviens très bien de ${name}, qui venait souvent à la maison le dimanche.`,
    `Nous habitions à ${place}, dans une petite maison avec un jardin.`,
    `En ${year}, tout a changé pour nous, il a fallu repartir de zéro.`,
    `J'étais si heureuse ce jour-là, je m'en souviens encore aujourd'hui.`,
    `Il y avait l'odeur du pain chaud qui montait jusqu'à ma chambre le matin.`,
    'Oui.',
    'Je ne sais plus.',
    `Ma grand-mère ${name} nous gardait pendant que mes parents travaillaient aux champs.`,
    `C'était une vie simple, on ne se plaignait pas, on faisait avec ce qu'on avait.`,
    `Mon frère et moi, on partait à vélo jusqu'à ${place}, c'était toute une expédition.`,
    'Pas vraiment.',
    `Dans les années ${50 + (n % 4) * 10}, on allait danser le samedi soir avec ${name}.`,
    `J'ai eu peur, ce jour-là, vraiment peur, mais ${name} était là pour moi.`,
    'Je préfère ne pas en parler.',
    `On chantait beaucoup en famille, surtout les veillées d'hiver, et on riait de tout et de rien.`,
  ];
  return pool[(n * 11) % pool.length]!;
}

function answerEn(n: number): string {
  const name = EN_NAMES[n % EN_NAMES.length]!;
  const place = EN_PLACES[(n * 7) % EN_PLACES.length]!;
  const year = 1940 + ((n * 13) % 50);
  const pool = [
    `I remember ${name} very well, who came to the house every Sunday.`,
    `We lived in ${place}, in a small terraced house with a yard.`,
    `In ${year} everything changed for us and we had to start again.`,
    'I was so happy that day, I still remember it today.',
    'There was the smell of fresh bread coming up to my room in the morning.',
    'Yes.',
    "I don't remember.",
    `My grandmother ${name} looked after us while my parents worked.`,
    'It was a simple life, we did not complain, we made do with what we had.',
    `My brother and I cycled all the way to ${place}, it was quite an expedition.`,
    `I was scared that day, really scared, but ${name} was there for me.`,
    "I'd rather not talk about it.",
  ];
  return pool[(n * 11) % pool.length]!;
}

interface LifeResult {
  turns: PlannedTurn[];
  themes: Set<string>;
  openingThemes: (string | null)[];
  /** per chapter, the themes earlier chapters had covered when it opened */
  coveredBefore: Set<string>[];
}

function liveALife(
  language: Language,
  chapters: number,
  repliesPerChapter: number,
  base: Partial<InterviewContext> = {},
): LifeResult {
  const asked: string[] = [...(base.askedQuestionIds ?? [])];
  const earlier: EarlierChapter[] = [];
  const turns: PlannedTurn[] = [];
  const themes = new Set<string>();
  const openingThemes: (string | null)[] = [];
  const coveredBefore: Set<string>[] = [];
  let n = 0;
  for (let chapter = 0; chapter < chapters; chapter++) {
    const messages: TranscriptMessage[] = [];
    const ctx = (): InterviewContext => ({
      language,
      personName: language === 'fr' ? 'Jeanne Martin' : 'Margaret Hill',
      profile: base.profile ?? [],
      earlierChapters: earlier.map((c) => ({ ...c })),
      askedQuestionIds: [...asked],
      messages: [...messages],
    });
    const opening = planOpening(ctx());
    openingThemes.push(opening.theme);
    coveredBefore.push(new Set(earlier.flatMap((c) => c.themes)));
    for (let turn = 0; turn <= repliesPerChapter; turn++) {
      const planned = turn === 0 ? opening : planReply(ctx());
      turns.push(planned);
      messages.push(assistant(planned.content, planned.questionId, planned.theme));
      if (planned.questionId) asked.push(planned.questionId);
      if (planned.theme) themes.add(planned.theme);
      if (turn < repliesPerChapter)
        messages.push(user(language === 'fr' ? answerFr(n++) : answerEn(n++)));
    }
    const chapterThemes = [...new Set(messages.map((m) => m.theme).filter(isThemeId))];
    earlier.push({
      title: `Chapitre ${chapter + 1}`,
      summary: null,
      keywords: [],
      themes: chapterThemes,
    });
  }
  return { turns, themes, openingThemes, coveredBefore };
}

function expectNoRepeat(turns: PlannedTurn[]): void {
  const ids = turns.map((t) => t.questionId);
  expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  const repeatedIds = ids.filter((id, i) => ids.indexOf(id) !== i);
  expect(repeatedIds).toEqual([]);
  const questions = turns.map((t) => normalize(plain(t.question)));
  const repeatedTexts = questions.filter((q, i) => questions.indexOf(q) !== i);
  expect(repeatedTexts).toEqual([]);
  for (const turn of turns) {
    const content = plain(turn.content);
    expect(content, content).toMatch(/\?$/);
    expect(content.split('?').length - 1, content).toBe(1);
    expect(content).toContain(plain(turn.question));
    expect(content).not.toMatch(/[{}<>|]|undefined|null/);
  }
}

/** A chapter opens on a wanted theme no earlier chapter covered; failing that, on any uncovered theme. */
function expectOpeningsOnNewThemes(life: LifeResult, wanted: string[]): void {
  life.openingThemes.forEach((theme, chapter) => {
    const covered = life.coveredBefore[chapter]!;
    const wantedLeft = wanted.filter((t) => !covered.has(t));
    if (wantedLeft.length > 0) expect(wantedLeft, `chapter ${chapter + 1}`).toContain(theme);
    else if (covered.size < THEME_IDS.length)
      expect(covered.has(theme!), `chapter ${chapter + 1}: ${theme}`).toBe(false);
  });
}

describe('a long life with the embedded interviewer', () => {
  it('never asks the same question twice over 300 turns and 20 chapters (French)', () => {
    const life = liveALife('fr', 20, 15, {
      profile: profileAnswers({
        birth: '1938, à Douarnenez',
        family: 'Mon père Yves était marin, ma mère Anna couturière',
        children: 'Deux fils, Pierre et Loïc',
        work: 'Institutrice pendant 35 ans',
        themes: 'Enfance, École, Amour, Travail',
        audience: 'Mes petits-enfants',
        name_use: 'Par mon prénom, en me vouvoyant',
      }),
    });
    expect(life.turns).toHaveLength(20 * 16);
    expectNoRepeat(life.turns);
    expect(life.themes.size).toBeGreaterThanOrEqual(12);
    expect(life.openingThemes[0]).toBe('childhood');
    expectOpeningsOnNewThemes(life, ['childhood', 'school', 'love', 'work']);
    // The hooks from onboarding are used along the way.
    expect(life.turns.some((t) => t.questionId?.startsWith('profile:children:'))).toBe(true);
  });

  it('never repeats in English either', () => {
    const life = liveALife('en', 12, 15, {
      profile: profileAnswers({ themes: 'School, Travels', name_use: 'By my first name' }),
    });
    expectNoRepeat(life.turns);
    expect(life.openingThemes[0]).toBe('school');
    expectOpeningsOnNewThemes(life, ['school', 'travels']);
  });

  it('keeps asking new questions once the whole bank has been used', () => {
    const allBank = getBank('fr').map((q) => q.id);
    const life = liveALife('fr', 12, 15, { askedQuestionIds: allBank });
    expectNoRepeat(life.turns);
    expect(life.turns.every((t) => !allBank.includes(t.questionId!))).toBe(true);
    expect(life.turns.some((t) => t.questionId?.startsWith('open:'))).toBe(true);
  });
});

describe('a new chapter does not ask again what she already told (issue 35)', () => {
  const sameQuestion = [
    ['childhood.father', 'family.father'],
    ['childhood.mother_days', 'family.mother'],
    ['origins.grandparents', 'family.grandparents_time'],
    ['youth.best_friend', 'friendship.childhood_friend'],
    ['youth.going_out', 'friendship.gang'],
    ['youth.songs', 'passions.music'],
    ['passions.hands', 'pride.made_by_hand'],
    ['trials.helping_hand', 'friendship.there_for_you'],
    ['work.first_job', 'youth.first_money'],
  ];

  it.each([
    [
      'fr',
      {
        family: 'Mon père Yves était marin, ma mère Anna couturière, un frère, Paul',
        work: 'Institutrice pendant 35 ans',
        themes: 'Famille, Enfance, Travail, Amitié',
      },
    ],
    [
      'en',
      {
        family: 'My father was a miner, my mother a seamstress. A brother, Stanley.',
        work: 'A nurse for thirty-five years',
        themes: 'Family, Childhood, Work, Friendship',
      },
    ],
  ] as const)('in %s, over twenty chapters', (language, answers) => {
    const life = liveALife(language, 20, 15, { profile: profileAnswers(answers) });
    const ids = life.turns.map((t) => t.questionId);
    // She told her brothers and sisters in onboarding: not asked again.
    expect(ids).not.toContain('family.siblings');
    // The question built on her work answer ("How did it all begin?") is her first job.
    expect(ids.some((id) => id?.startsWith('profile:work:'))).toBe(true);
    expect(ids).not.toContain('work.first_job');
    // The same question is not asked again under another theme.
    for (const [a, b] of sameQuestion)
      expect(ids.includes(a) && ids.includes(b), `${a} and ${b}`).toBe(false);
  });

  it('opens a new chapter on a question not made redundant by an earlier chapter', () => {
    const opening = planOpening({
      language: 'en',
      personName: 'Margaret Hill',
      profile: profileAnswers({ themes: 'Family' }),
      earlierChapters: [
        { title: 'My childhood', summary: null, keywords: [], themes: ['childhood'] },
      ],
      askedQuestionIds: ['childhood.father', 'childhood.mother_days', 'family.siblings'],
      messages: [],
    });
    expect(opening.theme).toBe('family');
    expect(['family.father', 'family.mother', 'family.siblings']).not.toContain(opening.questionId);
  });

  it('skips the siblings question once the onboarding family answer is given, and only then', () => {
    const base = {
      language: 'fr' as const,
      personName: 'Jeanne Martin',
      earlierChapters: [],
      askedQuestionIds: ['family.mother', 'family.father'],
      messages: [],
    };
    const without = planOpening({ ...base, profile: profileAnswers({ themes: 'Famille' }) });
    expect(without.questionId).toBe('family.siblings');
    const told = planOpening({
      ...base,
      profile: profileAnswers({ themes: 'Famille', family: 'mes parents et ma sœur' }),
    });
    expect(told.theme).toBe('family');
    expect(told.questionId).not.toBe('family.siblings');
  });
});

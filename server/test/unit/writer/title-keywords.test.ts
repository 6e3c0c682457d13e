// Titles and keywords from what the person said most: places, years, names, the things they come back to.
import { describe, expect, it } from 'vitest';
import { writeChapter } from '../../../src/providers/writer/embedded.ts';
import { extractKeywords } from '../../../src/providers/writer/keywords.ts';
import { makeTitle } from '../../../src/providers/writer/title.ts';
import { CHAPTERS, CHILDHOOD, ENGLISH, WAR, WORK, chapterInput, plain } from './helpers.ts';

describe('titles', () => {
  it('names the place and the period, as a publisher would (issue 17)', () => {
    expect(plain(writeChapter(chapterInput(CHILDHOOD)).title!)).toBe(
      'Les années à Douarnenez (1941–1962)',
    );
    expect(plain(writeChapter(chapterInput(ENGLISH)).title!)).toBe('Leeds, the corner shop');
  });

  it('spans the years when the place comes with several', () => {
    expect(plain(writeChapter(chapterInput(WAR)).title!)).toBe('Les années à Lorient (1940–1945)');
    expect(plain(writeChapter(chapterInput(WORK)).title!)).toBe(
      'Les années à Saint-Étienne (1952–1968)',
    );
  });

  it('falls back on a place, a thing or a name, and stays short', () => {
    expect(makeTitle(["On habitait à Nantes, c'était bien."], 'fr')).toBe('Nantes');
    expect(
      makeTitle(['Le jardin de mon grand-père, je revois le jardin de mon grand-père.'], 'fr'),
    ).not.toMatch(/de mon$/);
    expect(
      makeTitle(
        ["La ferme de Kerlan, c'était la grande ferme de mes oncles, une ferme de la côte."],
        'fr',
      ),
    ).toBe('La ferme de Kerlan');
    expect(makeTitle(["C'était une petite cour. On jouait dans la cour de l'école."], 'fr')).toBe(
      'La petite cour',
    );
    expect(makeTitle(['Nous avons beaucoup ri.'], 'fr')).toBe('Souvenirs');
    for (const chapter of CHAPTERS)
      expect(writeChapter(chapterInput(chapter)).title!.length).toBeLessThanOrEqual(80);
  });
});

describe('keywords', () => {
  it('gives 3 to 8 keywords, proper nouns first and capitalised, other words in lower case', () => {
    for (const chapter of CHAPTERS) {
      const keywords = writeChapter(chapterInput(chapter)).keywords!;
      expect(keywords.length, chapter.name).toBeGreaterThanOrEqual(3);
      expect(keywords.length, chapter.name).toBeLessThanOrEqual(8);
      expect(new Set(keywords.map((k) => k.toLowerCase())).size).toBe(keywords.length);
    }
    const childhood = writeChapter(chapterInput(CHILDHOOD)).keywords!;
    expect(childhood.slice(0, 3)).toEqual(expect.arrayContaining(['Douarnenez', 'Jean']));
    expect(childhood).toContain('Le Gall');
    expect(childhood).toContain("Pont-l'Abbé");
    expect(childhood).not.toContain('Jeanne');
    expect(writeChapter(chapterInput(WORK)).keywords).toEqual(
      expect.arrayContaining(['Manufrance', 'Saint-Étienne', 'contremaître']),
    );
  });

  it('skips stop words and folds plurals', () => {
    const keywords = extractKeywords(
      [
        "On faisait les crêpes. J'aimais la crêpe au sucre. Les crêpes du vendredi, c'était la fête, la fête.",
      ],
      'fr',
    );
    expect(keywords[0]).toBe('crêpe');
    expect(keywords).toContain('fête');
    expect(keywords).not.toContain('les');
    expect(keywords).not.toContain('était');
  });
});

// Issue 30: the title and the keywords say only what she said of her own life.
describe('titles and keywords from what things are', () => {
  it('never names the chapter after a place she denied', () => {
    const answers = [
      "On n'habitait pas à Vénissieux, on habitait à Saint-Fons, en 1955.",
      "En 1962 on est partis. Vénissieux, c'était juste à côté.",
    ];
    expect(makeTitle(answers, 'fr')).toBe('Les années à Saint-Fons (1955–1962)');
    expect(
      makeTitle(["Non, on n'habitait pas à Montbrison. On était à la ferme."], 'fr'),
    ).not.toMatch(/Montbrison/);
    expect(
      makeTitle(
        ['We never lived in Oldham. We lived in Bury from 1950, and in 1960 we moved.'],
        'en',
      ),
    ).toBe('The years in Bury (1950–1960)');
    for (const answers of [
      ["On n'habitait pas à Montbrison. On était à la ferme.", 'La ferme, on y était bien.'],
      ['We never lived in Oldham. The mill was loud, the mill was our life.'],
    ])
      expect(extractKeywords(answers, answers[0]!.startsWith('We') ? 'en' : 'fr')).not.toContain(
        answers[0]!.startsWith('We') ? 'Oldham' : 'Montbrison',
      );
  });

  it('does not give her years to a place where only someone else lives or works', () => {
    expect(
      makeTitle(
        ['Ma petite-fille travaille à Grenoble, elle est infirmière.', "Moi, j'ai toujours cousu."],
        'fr',
      ),
    ).not.toMatch(/Grenoble/);
    expect(
      makeTitle(['My son lives in Leeds now.', 'The mill was loud, the mill was my life.'], 'en'),
    ).not.toMatch(/Leeds/);
  });

  it('never titles a chapter with a bare surname, a drink or a firm', () => {
    expect(
      makeTitle(
        ['La maîtresse, Trouillet, était sévère. Trouillet nous tapait sur les doigts.'],
        'fr',
      ),
    ).not.toBe('Trouillet');
    expect(
      makeTitle(
        ['La maîtresse, madame Trouillet, était sévère. Trouillet nous tapait sur les doigts.'],
        'fr',
      ),
    ).toBe('Madame Trouillet');
    expect(
      makeTitle(
        ['Le soir, mon père nous servait une Verveine. Il servait la Verveine aux voisins.'],
        'fr',
      ),
    ).not.toMatch(/Verveine/);
    expect(
      makeTitle(
        ['I worked at Pilkingtons for years.', 'The tills at Pilkingtons were heavy.'],
        'en',
      ),
    ).not.toMatch(/Pilkingtons/);
    expect(makeTitle(["Lucienne m'a tout appris. Avec Lucienne on riait."], 'fr')).toBe('Lucienne');
  });

  it('keeps corrected years out of the title', () => {
    const title = makeTitle(
      ["On s'est installés à Roanne en 1958… non, en 1959.", 'En 1965 on était toujours à Roanne.'],
      'fr',
    );
    expect(title).toBe('Les années à Roanne (1959–1965)');
  });

  it('never gives verbs, numbers or a drink said once as keywords', () => {
    const keywords = extractKeywords(
      [
        "J'ai commencé à quinze ans, à l'usine de chaussures. J'ai commencé à la couture.",
        "L'usine, c'était dur. Quinze ans, c'est jeune. Le soir on buvait un verre de Verveine.",
        'La couture, je la faisais le soir, à la lampe.',
      ],
      'fr',
    );
    expect(keywords).toEqual(expect.arrayContaining(['usine', 'couture']));
    for (const word of ['commencé', 'quinze', 'Verveine', 'buvait', 'faisais'])
      expect(keywords).not.toContain(word);
    const english = extractKeywords(
      [
        'I started at the mill when I was fifteen. I started on the looms.',
        'The mill was loud. Fifteen is young. Dad had a pint of Tetley.',
        'The looms never stopped.',
      ],
      'en',
    );
    expect(english).toEqual(expect.arrayContaining(['mill', 'looms']));
    for (const word of ['started', 'fifteen', 'Tetley', 'stopped'])
      expect(english).not.toContain(word);
  });

  it('keeps a firm of several words as one keyword, and never the app', () => {
    const keywords = extractKeywords(
      [
        'I worked at Dickins and Jones on the tills.',
        'At Dickins and Jones the tills were heavy. My grandson put it all in Chapitres.',
      ],
      'en',
    );
    expect(keywords).toContain('Dickins and Jones');
    expect(keywords).not.toContain('Chapitres');
  });
});

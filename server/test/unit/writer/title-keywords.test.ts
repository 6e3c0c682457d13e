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

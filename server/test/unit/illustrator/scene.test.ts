// The built-in artwork's pure part: which motifs the words call for, and the SVG that draws them.
import { describe, expect, it } from 'vitest';
import { readWords, wordsOf } from '../../../src/providers/illustrator/lexicon.ts';
import {
  buildSceneSvg,
  planScene,
  type SceneInput,
} from '../../../src/providers/illustrator/scene.ts';
import { PALETTES } from '../../../src/providers/illustrator/palettes.ts';

function scene(keywords: string[], seed = 'chapter-1', title: string | null = null): SceneInput {
  return { title, keywords, summary: null, seed };
}

describe('lexicon', () => {
  it('matches whole words without accents, case or plural', () => {
    expect(wordsOf('École, Grand-mère')).toEqual(['ecole', 'grand', 'mere']);
    expect([...readWords(['Les Bateaux']).motifs]).toEqual(['sea', 'boats']);
    expect([...readWords(['schools']).motifs]).toEqual(['school']);
    expect(readWords(['merci']).motifs.size).toBe(0);
  });

  it('keeps the strongest mood', () => {
    expect(readWords(['mariage']).mood).toBe('warm');
    expect(readWords(['mariage', 'guerre']).mood).toBe('muted');
    expect(readWords(['hiver', 'amour']).mood).toBe('winter');
    expect(readWords(['nuit']).night).toBe(true);
  });
});

describe('scene plan', () => {
  it.each([
    [['mer'], ['sea']],
    [
      ['sea', 'boats'],
      ['sea', 'boats'],
    ],
    [['port de pêche'], ['sea', 'boats']],
    [['phare'], ['sea', 'lighthouse']],
    [['montagne'], ['mountains']],
    [['ferme'], ['fields', 'farm']],
    [['champs', 'campagne'], ['fields']],
    [['vendanges'], ['fields', 'vineyard']],
    [['Paris'], ['town', 'paris']],
    [['usine'], ['town', 'factory']],
    [['école'], ['school']],
    [['jardin'], ['garden', 'flowers']],
    [['neige'], ['snow']],
    [['rivière'], ['river']],
    [['train'], ['train']],
    [['forêt'], ['forest']],
  ])('%j calls for %j', (keywords, motifs) => {
    const plan = planScene(scene(keywords));
    for (const motif of motifs) expect(plan.motifs).toContain(motif);
  });

  it('does not draw the sea for a mountain chapter, nor mountains for a sea chapter', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      expect(planScene(scene(['montagne'], seed)).motifs).not.toContain('sea');
      expect(planScene(scene(['mer'], seed)).motifs).not.toContain('mountains');
    }
  });

  it('chooses the palette from the mood', () => {
    const moodOf = (name: string) => PALETTES.find((p) => p.name === name)?.mood;
    expect(moodOf(planScene(scene(['guerre', 'exode'])).palette)).toBe('muted');
    expect(moodOf(planScene(scene(['hiver'])).palette)).toBe('winter');
    expect(moodOf(planScene(scene(['automne'])).palette)).toBe('autumn');
    expect(moodOf(planScene(scene(['mariage'])).palette)).toBe('warm');
    expect(planScene(scene(['nuit', 'mer'])).palette).toMatch(/-night$/);
  });

  it('reads the title, and the summary only when the words name no place', () => {
    expect(planScene(scene([], 's', 'Mon école')).motifs).toContain('school');
    const fromSummary = planScene({ ...scene([], 's'), summary: 'Nous allions à la mer.' });
    expect(fromSummary.motifs).toContain('sea');
    const keywordsWin = planScene({
      ...scene(['montagne'], 's'),
      summary: 'Nous allions à la mer.',
    });
    expect(keywordsWin.motifs).not.toContain('sea');
  });

  it('still draws a landscape for a chapter without any known word', () => {
    const plan = planScene(scene(['Jeanne', '1962']));
    expect(plan.motifs.length).toBeGreaterThan(0);
  });
});

describe('scene svg', () => {
  it('has the layers of its motifs', () => {
    const sea = buildSceneSvg(scene(['mer', 'bateau', 'phare'])).svg;
    expect(sea).toContain('id="sea"');
    expect(sea).toContain('id="boats"');
    expect(sea).toContain('id="lighthouse"');
    expect(sea).not.toContain('id="mountains"');

    const mountain = buildSceneSvg(scene(['montagne', 'neige'])).svg;
    expect(mountain).toContain('id="mountains"');
    expect(mountain).toContain('id="snow"');
    expect(mountain).not.toContain('id="sea"');

    expect(buildSceneSvg(scene(['ferme'])).svg).toMatch(/id="fields"[\s\S]*id="farm"/);
    expect(buildSceneSvg(scene(['Paris'])).svg).toContain('id="eiffel"');
    expect(buildSceneSvg(scene(['usine'])).svg).toContain('id="town"');
    expect(buildSceneSvg(scene(['école'])).svg).toContain('id="school"');
    expect(buildSceneSvg(scene(['jardin'])).svg).toContain('id="garden"');
    expect(buildSceneSvg(scene(['nuit'])).svg).toContain('id="moon"');
    expect(buildSceneSvg(scene(['rivière', 'train'])).svg).toMatch(/id="river"[\s\S]*id="train"/);
  });

  it('never contains text, and is a 1536x1024 SVG', () => {
    const words = [
      [],
      ['mer'],
      ['Paris', 'usine'],
      ['école'],
      ['mariage', 'jardin'],
      ['nuit', 'port'],
    ];
    for (const [i, keywords] of words.entries()) {
      const { svg } = buildSceneSvg(scene(keywords, `seed-${i}`, 'Un titre « à ne pas écrire »'));
      expect(svg).not.toMatch(/<text|<tspan|<image|<foreignObject|href=/i);
      expect(svg).not.toContain('ne pas écrire');
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1536" height="1024"/,
      );
      expect(svg).not.toContain('NaN');
    }
  });

  it('is deterministic, and varies with the seed and the keywords', () => {
    expect(buildSceneSvg(scene(['mer'])).svg).toBe(buildSceneSvg(scene(['mer'])).svg);
    expect(buildSceneSvg(scene(['mer'], 'one')).svg).not.toBe(
      buildSceneSvg(scene(['mer'], 'two')).svg,
    );
    expect(buildSceneSvg(scene(['mer'])).svg).not.toBe(buildSceneSvg(scene(['mer', 'amour'])).svg);
  });

  it('uses several palettes across chapters', () => {
    const palettes = new Set(
      Array.from({ length: 30 }, (_, i) => planScene(scene([], `chapter-${i}`)).palette),
    );
    expect(palettes.size).toBeGreaterThanOrEqual(5);
  });
});

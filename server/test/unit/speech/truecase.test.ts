// Capitals back on the names of recognised speech, and only on names: towns, people, firms, streets, events
// and peoples, while the words they share a spelling with (« pierre », « tours », "bill") stay words.
import { describe, expect, it } from 'vitest';
import { capitalizeWord, knownNames, truecase } from '../../../src/providers/speech/truecase.ts';

const fr = (text: string) => truecase(text, 'fr');
const en = (text: string) => truecase(text, 'en');

describe('truecase, French places', () => {
  it('writes Saint-Étienne however it was heard', () => {
    expect(fr('saint-étienne')).toBe('Saint-Étienne');
    expect(fr('saint etienne')).toBe('Saint-Étienne');
    expect(fr('on habitait à saint etienne')).toBe('on habitait à Saint-Étienne');
  });

  it('hyphenates a compound town', () => {
    expect(fr('clermont ferrand')).toBe('Clermont-Ferrand');
    expect(fr('à clermont ferrand')).toBe('à Clermont-Ferrand');
  });

  it('capitalises a town said as a town, not the word it also is', () => {
    expect(fr('à tours')).toBe('à Tours');
    expect(fr('faire des tours')).toBe('faire des tours');
    expect(fr('à paris')).toBe('à Paris');
  });

  it('capitalises a region after its article', () => {
    expect(fr('dans le nord')).toBe('dans le Nord');
    expect(fr('des gars du cantal')).toBe('des gars du Cantal');
  });

  it('leaves words that are only hamlets elsewhere as words', () => {
    expect(fr('mon père')).toBe('mon père');
    expect(fr('ma mère')).toBe('ma mère');
    expect(fr('sur le port')).toBe('sur le port');
    expect(fr('la paix')).toBe('la paix');
  });

  it('tells the cheese from the town', () => {
    expect(fr('du saint-nectaire')).toBe('du saint-nectaire');
    expect(fr('la vogue de saint-nectaire')).toBe('la vogue de Saint-Nectaire');
  });

  it("hyphenates a saint's name", () => {
    expect(fr('saint pierre')).toBe('Saint-Pierre');
  });
});

describe('truecase, French people', () => {
  it('capitalises first names and keeps their accents', () => {
    expect(fr('marcelle')).toBe('Marcelle');
    expect(fr('andré')).toBe('André');
    expect(fr('ma mère marcelle')).toBe('ma mère Marcelle');
    expect(fr('mon frère andré')).toBe('mon frère André');
    expect(fr('avec marcelle')).toBe('avec Marcelle');
  });

  it('capitalises « pierre » only where it names someone', () => {
    expect(fr('la pierre était dure')).toBe('la pierre était dure');
    expect(fr('mon frère pierre')).toBe('mon frère Pierre');
  });

  it('capitalises a first name doubled by « il »', () => {
    expect(fr('andré il était')).toBe('André il était');
    expect(fr('lucien il travaillait')).toBe('Lucien il travaillait');
  });

  it('capitalises a first name doubled by « elle », not the pronoun', () => {
    expect(fr('rose elle tenait')).toBe('Rose elle tenait');
  });

  it('leaves a colour a colour', () => {
    expect(fr('une robe rose')).toBe('une robe rose');
  });
});

describe('truecase, French firms, streets and buildings', () => {
  it('capitalises firms', () => {
    expect(fr('manufrance')).toBe('Manufrance');
    expect(fr('il travaillait à manufrance')).toBe('il travaillait à Manufrance');
    expect(fr('la peugeot')).toBe('la Peugeot');
  });

  it("capitalises a street's own name, even a word", () => {
    expect(fr('rue de la paix')).toBe('rue de la Paix');
    expect(fr('rue victor hugo')).toBe('rue Victor-Hugo');
  });

  it('names a school or a pit after its word', () => {
    expect(fr("l'école jules ferry")).toBe("l'école Jules-Ferry");
    expect(fr('le puits couriot')).toBe('le puits Couriot');
    expect(fr('au puits couriot')).toBe('au puits Couriot');
    expect(fr('le lycée fauriel')).toBe('le lycée Fauriel');
    expect(fr('le stade geoffroy-guichard')).toBe('le stade Geoffroy-Guichard');
    expect(fr("l'école primaire")).toBe("l'école primaire");
  });
});

describe('truecase, French events and peoples', () => {
  it('capitalises la Libération', () => {
    expect(fr('la libération')).toBe('la Libération');
  });

  it('capitalises a people after a determiner', () => {
    expect(fr('les italiens')).toBe('les Italiens');
    expect(fr('des italiens')).toBe('des Italiens');
    expect(fr('un italien')).toBe('un Italien');
  });
});

describe('truecase, English', () => {
  it('capitalises "I" and its contractions', () => {
    expect(en('i')).toBe('I');
    expect(en("i'm")).toBe("I'm");
    expect(en("i'd")).toBe("I'd");
    expect(en("i've")).toBe("I've");
  });

  it('capitalises towns', () => {
    expect(en('leeds')).toBe('Leeds');
    expect(en('we lived in leeds')).toBe('we lived in Leeds');
    expect(en('cedar rapids')).toBe('Cedar Rapids');
    expect(en('in cedar rapids')).toBe('in Cedar Rapids');
  });

  it('capitalises "bill" only where it names someone', () => {
    expect(en('my husband bill')).toBe('my husband Bill');
    expect(en('the bill was paid')).toBe('the bill was paid');
  });

  it('capitalises a first name before a verb', () => {
    expect(en('frank was there')).toBe('Frank was there');
  });

  it('capitalises March after "in" but not the verb', () => {
    expect(en('in march')).toBe('in March');
    expect(en('we would march')).toBe('we would march');
    expect(en('we may go')).toBe('we may go');
  });

  it('capitalises a street and the place nouns after a name', () => {
    expect(en('church avenue')).toBe('Church Avenue');
    expect(en('on church avenue')).toBe('on Church Avenue');
    expect(en('denmark hill')).toBe('Denmark Hill');
  });

  it('writes Irish names', () => {
    expect(en("o'malley")).toBe("O'Malley");
  });
});

describe('truecase never touches a word that has capitals', () => {
  it('leaves typed forms as typed', () => {
    expect(fr('Saint-étienne')).toBe('Saint-étienne');
    expect(fr('Marcelle')).toBe('Marcelle');
    expect(en('Leeds')).toBe('Leeds');
  });
});

describe('knownNames', () => {
  const known = knownNames(['Gisèle Martin', 'Nous habitions à Saint-Étienne.']);

  it('keeps names as the person wrote them, whole and by part', () => {
    expect([...known.values()]).toEqual(
      expect.arrayContaining(['Gisèle Martin', 'Gisèle', 'Martin', 'Saint-Étienne']),
    );
  });

  it('ignores a capital that only opens a sentence', () => {
    expect([...known.values()]).not.toContain('Nous');
  });

  it('gives truecase the forms to use', () => {
    expect(truecase('gisèle habitait à saint-étienne avec martin', 'fr', { known })).toBe(
      'Gisèle habitait à Saint-Étienne avec Martin',
    );
  });
});

describe('capitalizeWord', () => {
  it('keeps the small particles of a French name', () => {
    expect(capitalizeWord('saint-rambert-sur-loire', 'fr')).toBe('Saint-Rambert-sur-Loire');
    expect(capitalizeWord("pont-l'abbé", 'fr')).toBe("Pont-l'Abbé");
    expect(capitalizeWord('étienne', 'fr')).toBe('Étienne');
  });
});

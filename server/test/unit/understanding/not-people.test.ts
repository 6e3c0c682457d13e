// Words that are nobody (issue 30): a filler of speech written with a capital (« euh Ben moi… »), a title or
// a form of address said alone ("the manager Sir"), a word of grammar opening a sentence ("The"), and a name
// given to an animal a few words after the animal (« des poneys ; le mien s'appelait Pompon »). The names
// here appear nowhere in the module's lists: the rules are grammar cues and common nouns.
import { describe, expect, it } from 'vitest';
import { isBareTitle, isFiller, readNames } from '../../../src/providers/understanding/index.ts';
import type { Language } from '../../../src/providers/interviewer/types.ts';

function kinds(text: string, language: Language): Record<string, string> {
  return Object.fromEntries([...readNames(text, language).values()].map((e) => [e.name, e.kind]));
}

describe('fillers are never names', () => {
  it('knows the fillers of each language, and that English "Ben" is a name', () => {
    for (const word of ['ben', 'Bah', 'beh', 'euh']) expect(isFiller(word, 'fr'), word).toBe(true);
    for (const word of ['well', 'Um', 'er']) expect(isFiller(word, 'en'), word).toBe(true);
    expect(isFiller('Ben', 'en')).toBe(false);
    expect(isFiller('Bernard', 'fr')).toBe(false);
  });

  it('does not read a capitalised filler as someone, but keeps « mon cousin Ben »', () => {
    expect(kinds("Alors euh Ben on partait tôt le matin à l'atelier.", 'fr').Ben).toBeUndefined();
    expect(kinds("Et Bah on se débrouillait avec ce qu'on avait.", 'fr').Bah).toBeUndefined();
    expect(kinds('Le dimanche, mon cousin Ben venait jouer aux cartes.', 'fr').Ben).toBe('person');
  });
});

describe('titles and forms of address said alone are nobody', () => {
  it('knows a bare title from a titled name', () => {
    for (const word of ['Sir', 'Madam', 'Captain', 'Doctor'])
      expect(isBareTitle(word, 'en')).toBe(true);
    for (const word of ['Madame', 'Monsieur', 'Docteur'])
      expect(isBareTitle(word, 'fr')).toBe(true);
    expect(isBareTitle('Mr Holloway', 'en')).toBe(false);
    expect(isBareTitle('Gwen', 'en')).toBe(false);
  });

  it('never reads "Sir" or « Madame » said alone as a person', () => {
    const en = kinds(
      'At the bank we had to call the manager Sir, even at the Christmas party.',
      'en',
    );
    expect(en.Sir).not.toBe('person');
    const fr = kinds('Au magasin, on disait Madame à la patronne, jamais son prénom.', 'fr');
    expect(fr.Madame).not.toBe('person');
    expect(kinds('We were taught by Mr Holloway in the top class.', 'en')['Mr Holloway']).toBe(
      'person',
    );
  });
});

describe('a name given to an animal of the sentence is an animal', () => {
  it('reads the name after the animal and a naming verb as an animal', () => {
    expect(
      kinds('On avait trois poneys au centre équestre ; le mien s’appelait Pompon.', 'fr').Pompon,
    ).toBe('animal');
    expect(
      kinds('The farm horses pulled the cart all day; the old one was called Samson.', 'en').Samson,
    ).toBe('animal');
    expect(kinds('Mon grand-père avait une jument, elle s’appelait Noisette.', 'fr').Noisette).toBe(
      'animal',
    );
    expect(kinds('Bouboule était un poney très têtu.', 'fr').Bouboule).toBe('animal');
  });

  it('leaves a person named after an animal but with a person in between', () => {
    expect(
      kinds('Nous avions un chien, et ma voisine s’appelait Hortense.', 'fr').Hortense,
    ).not.toBe('animal');
    expect(kinds('We kept a pony, and my sister was called Winifred.', 'en').Winifred).not.toBe(
      'animal',
    );
  });

  it('never takes a word of grammar opening a sentence for a firm or someone', () => {
    const found = kinds('The mill looms never stopped. The pit ponies knew the way home.', 'en');
    expect(found.The).toBeUndefined();
  });
});

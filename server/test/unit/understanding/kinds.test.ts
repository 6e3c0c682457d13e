// What a name is, from the words around it (issue 30): people and how she calls them, animals, places,
// firms, schools, food and drink, the app itself. Many sentences per kind, French and English, with names
// that appear nowhere in the module: the rules are grammar cues and common nouns, never a list of names.
import { describe, expect, it } from 'vitest';
import type { EntityKind } from '../../../src/providers/understanding/index.ts';
import { readNames } from '../../../src/providers/understanding/index.ts';
import type { Language } from '../../../src/providers/interviewer/types.ts';

function kindOf(text: string, name: string, language: Language = 'fr'): EntityKind | undefined {
  // English keeps the title in the name: "Miss Threlfall".
  const found = [...readNames(text, language).values()].find(
    (e) => e.name === name || e.name.endsWith(` ${name}`),
  );
  return found?.kind;
}

function callName(
  text: string,
  name: string,
  language: Language = 'fr',
): string | null | undefined {
  return [...readNames(text, language).values()].find((e) => e.name === name)?.callName;
}

const cases: Record<Language, [kind: EntityKind, text: string, name: string][]> = {
  fr: [
    ['person', "J'ai épousé Firmin en 1962, à la mairie.", 'Firmin'],
    ['person', 'Avec mademoiselle Ruchaud on apprenait la couture.', 'Ruchaud'],
    ['person', 'La maîtresse, madame Trouillet, nous faisait chanter.', 'Trouillet'],
    ['person', 'Le dimanche, mon frère Anatole venait manger.', 'Anatole'],
    ['person', 'On allait voir Tintin, mon cousin, le jeudi.', 'Tintin'],
    ['person', "C'est Lucienne qui m'a appris à coudre.", 'Lucienne'],
    ['person', 'Le docteur Vaillard venait à vélo.', 'Vaillard'],
    ['animal', 'Notre chien Pompon dormait devant le poêle.', 'Pompon'],
    ['animal', 'Il y avait la chatte Mirette sur le rebord.', 'Mirette'],
    ['animal', 'À la ferme, la jument Bichette tirait la charrette.', 'Bichette'],
    ['animal', "On l'aimait bien, Grisou, notre âne.", 'Grisou'],
    ['animal', 'Le soir Pataud aboyait après les chats.', 'Pataud'],
    ['place', "On n'a jamais quitté Montbrison, on habitait à Montbrison.", 'Montbrison'],
    ['place', 'Nous sommes partis vivre à Saint-Chamond.', 'Saint-Chamond'],
    ['place', 'Elle était née près de Feurs.', 'Feurs'],
    ['firm', "Ma mère travaillait chez Bréchard, à l'emballage.", 'Bréchard'],
    ['firm', "Il est entré à l'usine Lamberton à seize ans.", 'Lamberton'],
    ['firm', 'On faisait les courses aux établissements Poulard.', 'Poulard'],
    ['school', "J'ai fait toute ma scolarité à l'école Gambetta.", 'Gambetta'],
    ['school', 'Mon frère est allé au lycée Fauriel.', 'Fauriel'],
    ['food', 'Mon père servait un petit verre de Verveine aux voisins.', 'Verveine'],
    ['food', 'Le dimanche on buvait du Byrrh avant le repas.', 'Byrrh'],
    ['food', 'Pour Noël on avait une bouteille de Clairette.', 'Clairette'],
    ['thing', 'On roulait dans une Simca toute cabossée.', 'Simca'],
    ['thing', "C'est ma fille qui m'a fait découvrir Chapitres.", 'Chapitres'],
  ],
  en: [
    ['person', 'I married Wilfred in 1962, at the chapel.', 'Wilfred'],
    ['person', 'Our teacher, Miss Threlfall, was very strict with us.', 'Threlfall'],
    ['person', 'My brother Cyril used to take me fishing.', 'Cyril'],
    ['person', 'Mrs Ackroyd next door always had sweets.', 'Ackroyd'],
    ['animal', 'Our dog Scamp followed me to school.', 'Scamp'],
    ['animal', 'We had a cat called Tibbles who slept on the range.', 'Tibbles'],
    ['animal', 'Every morning Nipper barked at the postman.', 'Nipper'],
    ['place', 'We never left Oldham, we lived in Oldham all our lives.', 'Oldham'],
    ['place', 'We moved to Rochdale after the war.', 'Rochdale'],
    ['firm', 'I worked at Pilkingtons for twenty years.', 'Pilkingtons'],
    ['firm', 'Mum did her shopping at Dickins and Jones on Saturdays.', 'Dickins and Jones'],
    ['firm', 'He spent his life at the Crossley mill.', 'Crossley'],
    ['school', 'I went to Hulme Grammar School until I was sixteen.', 'Hulme Grammar School'],
    ['food', 'Dad had a pint of Tetley every Friday.', 'Tetley'],
    ['food', 'Gran always drank a glass of Sanatogen at night.', 'Sanatogen'],
    ['thing', 'My grandson set up Chapitres on the tablet.', 'Chapitres'],
  ],
};

describe('what a name is', () => {
  for (const language of ['fr', 'en'] as const)
    for (const [kind, text, name] of cases[language])
      it(`${language}: ${name} is a ${kind} in « ${text} »`, () => {
        expect(kindOf(text, name, language)).toBe(kind);
      });

  it('never reads an animal, a firm, a drink or the app as someone', () => {
    for (const language of ['fr', 'en'] as const)
      for (const [kind, text, name] of cases[language])
        if (kind !== 'person') expect(kindOf(text, name, language), text).not.toBe('person');
  });

  it('keeps how she calls people: with their title or their relation to her', () => {
    expect(callName('Avec mademoiselle Ruchaud on apprenait la couture.', 'Ruchaud')).toBe(
      'mademoiselle Ruchaud',
    );
    expect(callName('Le dimanche, mon frère Anatole venait manger.', 'Anatole')).toBe(
      'mon frère Anatole',
    );
    // The bare surname, said later, is still the teacher she called « madame Trouillet ».
    expect(
      callName(
        'La maîtresse, madame Trouillet, était sévère. Trouillet nous faisait chanter.',
        'Trouillet',
      ),
    ).toBe('madame Trouillet');
    expect(callName('My brother Cyril used to take me fishing.', 'Cyril', 'en')).toBe(
      'my brother Cyril',
    );
    expect(callName("Il est entré à l'usine Lamberton à seize ans.", 'Lamberton')).toBe(
      "l'usine Lamberton",
    );
    expect(callName('Mon frère est allé au lycée Fauriel.', 'Fauriel')).toBe('le lycée Fauriel');
  });

  it('a name read once as an animal is an animal at every mention', () => {
    const text =
      'Pompon était toujours dehors. Notre chien Pompon dormait devant le poêle. Pompon mangeait de tout.';
    expect(kindOf(text, 'Pompon')).toBe('animal');
  });

  it('leaves out names from the interviewer’s own question', () => {
    const found = readNames('Oui, et Roland aussi venait.', 'fr', {
      exclude: 'Et votre voisin Roland, que faisait-il ?',
    });
    expect([...found.keys()]).not.toContain('roland');
  });
});

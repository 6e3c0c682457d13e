// Issue 30: speech becomes written prose — corrections and false starts out, capitals where due, French
// elision, sentence-opening fillers out, run-ons cut where a new clause starts.
import { describe, expect, it } from 'vitest';
import { writeUp } from '../../../src/providers/speech/index.ts';
import {
  capitalizeTitledNames,
  dropCorrections,
  elideFrench,
  joinDangling,
  lowerMidSentenceCapitals,
  splitRunOn,
  undislocate,
} from '../../../src/providers/writer/spoken.ts';
import { splitSentences, typeset } from '../../../src/providers/writer/text.ts';
import { plain } from './helpers.ts';

type Lang = 'fr' | 'en';
/** The whole path an answer takes to the page: written up, cut into sentences, typeset. */
const written = (text: string, language: Lang = 'fr') =>
  plain(typeset(splitSentences(writeUp(text, language), language).join(' '), language));

describe('self-corrections keep only what was corrected', () => {
  it.each<[string, string, Lang]>([
    ['On est allés à Lyon, enfin non, à Grenoble.', 'On est allés à Grenoble.', 'fr'],
    ['Je suis née en 1938… non, en 1939, à Roubaix.', 'Je suis née en 1939, à Roubaix.', 'fr'],
    [
      'Il travaillait chez Peugeot, non pardon, chez Renault.',
      'Il travaillait chez Renault.',
      'fr',
    ],
    ['Mon frère avait dix ans, enfin non, douze ans.', 'Mon frère avait douze ans.', 'fr'],
    ["C'était le mardi, ou plutôt le mercredi.", "C'était le mercredi.", 'fr'],
    ['We moved in 1963, no, 1964.', 'We moved in 1964.', 'en'],
    ['She worked at Boots, sorry, at Woolworths.', 'She worked at Woolworths.', 'en'],
    [
      'We lived in Leeds, no wait, in Bradford, for years.',
      'We lived in Bradford, for years.',
      'en',
    ],
    ['My brother was born in 1941, I mean 1942.', 'My brother was born in 1942.', 'en'],
  ])('%s', (said, expected, language) => {
    expect(written(said, language)).toBe(expected);
  });

  it('cuts a sentence where the repair tells a new clause', () => {
    expect(written("J'ai commencé à quinze ans, en 1963… non, en 1963 j'étais déjà mariée.")).toBe(
      "J'ai commencé à quinze ans. En 1963, j'étais déjà mariée.",
    );
  });

  it('keeps the repair in its clause when the next clause only follows it (« et on a… »)', () => {
    expect(
      written(
        'on est arrivés à marseille en soixante-dix non en soixante et onze et on a trouvé du travail',
      ),
    ).toBe('On est arrivés à Marseille en 1971 et on a trouvé du travail.');
    expect(
      written('well i joined the navy in fifty-four no fifty-five and we sailed to malta', 'en'),
    ).toMatch(/^I joined the (?:n|N)avy in 1955 and we sailed to Malta\.$/);
  });

  it('corrects in raw speech too', () => {
    expect(written('on est partis à lyon enfin non à grenoble en juillet')).toMatch(
      /^On est partis à Grenoble en juillet\.$/,
    );
    expect(written('i started in nineteen sixty no sixty one at the mill', 'en')).not.toMatch(
      /1960/,
    );
  });

  it('takes a number said again after "it was" / « c\'était » for the one before', () => {
    expect(written('we met at a dance in nineteen fifty-six no it was fifty-seven', 'en')).toBe(
      'We met at a dance in 1957.',
    );
    expect(written('We met in 1956, no, it was 1957, at a dance.', 'en')).toBe(
      'We met in 1957, at a dance.',
    );
    expect(written("On s'est mariés en 1963, non, c'était en 1964, à Lyon.")).toBe(
      "On s'est mariés en 1964, à Lyon.",
    );
  });

  it('leaves a « non » that is no correction alone', () => {
    // A denial confirmed, a question tag, what someone said, "no one", « non plus ».
    expect(dropCorrections("On n'habitait pas à Vénissieux, non, à Saint-Fons.", 'fr')).toBe(
      "On n'habitait pas à Vénissieux, non, à Saint-Fons.",
    );
    expect(dropCorrections("C'était bien, non ?", 'fr')).toBe("C'était bien, non ?");
    expect(dropCorrections("Il m'a dit non et je suis partie.", 'fr')).toBe(
      "Il m'a dit non et je suis partie.",
    );
    expect(dropCorrections("Moi non plus, je n'aimais pas l'école.", 'fr')).toBe(
      "Moi non plus, je n'aimais pas l'école.",
    );
    expect(dropCorrections('There was no one at home, no money either.', 'en')).toBe(
      'There was no one at home, no money either.',
    );
    expect(dropCorrections('My father said no to the wedding.', 'en')).toBe(
      'My father said no to the wedding.',
    );
    expect(dropCorrections("We didn't go to Blackpool, no, never.", 'en')).toBe(
      "We didn't go to Blackpool, no, never.",
    );
  });
});

describe('false starts and hesitations never reach the page', () => {
  it.each<[string, string, Lang]>([
    ['on est all- on est allés au bal', 'On est allés au bal.', 'fr'],
    ['le… la maison était grande', 'La maison était grande.', 'fr'],
    ['Mon père… mon père était maçon.', 'Mon père était maçon.', 'fr'],
    ['we we went to the seaside every summer', 'We went to the seaside every summer.', 'en'],
    ['The... my mother was a nurse.', 'My mother was a nurse.', 'en'],
    ['euh ben on allait, hum, au marché le samedi', 'On allait au marché le samedi.', 'fr'],
  ])('%s', (said, expected, language) => {
    expect(written(said, language)).toBe(expected);
  });
});

describe('capitals only where they are due', () => {
  it.each<[string, string, Lang]>([
    [
      'Ma mère était couturière et Elle chantait.',
      'Ma mère était couturière et elle chantait.',
      'fr',
    ],
    [
      "Le plus dur, c'est Son père qui le disait.",
      "Le plus dur, c'est son père qui le disait.",
      'fr',
    ],
    ['Nous avons vendu Notre maison en 1980.', 'Nous avons vendu notre maison en 1980.', 'fr'],
    [
      'On passait par Les champs et puis Mes cousins venaient.',
      'On passait par les champs et puis mes cousins venaient.',
      'fr',
    ],
    ['I went with My sister and Her friend.', 'I went with my sister and her friend.', 'en'],
    ['We saw The sea for the first time.', 'We saw the sea for the first time.', 'en'],
  ])('%s', (said, expected, language) => {
    expect(lowerMidSentenceCapitals(said, language)).toBe(expected);
  });

  it('lowers what a family calls its own after a possessive, not when it is used as a name', () => {
    expect(lowerMidSentenceCapitals('Then her Dad came home with my Mum.', 'en')).toBe(
      'Then her dad came home with my mum.',
    );
    expect(lowerMidSentenceCapitals('On attendait mon Papa et ma Mamie.', 'fr')).toBe(
      'On attendait mon papa et ma mamie.',
    );
    expect(lowerMidSentenceCapitals('Every Sunday, Dad took us to the pier.', 'en')).toBe(
      'Every Sunday, Dad took us to the pier.',
    );
  });

  it('keeps the capitals of names, places and quotations', () => {
    expect(lowerMidSentenceCapitals('On habitait à La Rochelle, puis au Havre.', 'fr')).toBe(
      'On habitait à La Rochelle, puis au Havre.',
    );
    expect(lowerMidSentenceCapitals('Il votait pour De Gaulle.', 'fr')).toBe(
      'Il votait pour De Gaulle.',
    );
    expect(lowerMidSentenceCapitals('We loved The Beatles and Elvis.', 'en')).toBe(
      'We loved The Beatles and Elvis.',
    );
    expect(lowerMidSentenceCapitals('Elle disait : Elle reviendra.', 'fr')).toBe(
      'Elle disait : Elle reviendra.',
    );
    expect(lowerMidSentenceCapitals('Then I met Robert at the dance.', 'en')).toBe(
      'Then I met Robert at the dance.',
    );
  });

  it('lowers a common word after a possessive, and number words, but not a name', () => {
    expect(lowerMidSentenceCapitals('Comme ma mère et mes Sœurs avant moi.', 'fr')).toBe(
      'Comme ma mère et mes sœurs avant moi.',
    );
    expect(lowerMidSentenceCapitals('Ma petite Sœur Jeanne, je me souviens.', 'fr')).toBe(
      'Ma petite sœur Jeanne, je me souviens.',
    );
    expect(lowerMidSentenceCapitals('Chez ma Tante Louise, avec mon frère Yves.', 'fr')).toBe(
      'Chez ma tante Louise, avec mon frère Yves.',
    );
    expect(lowerMidSentenceCapitals('Comme mon père, Quarante et un ans de service.', 'fr')).toBe(
      'Comme mon père, quarante et un ans de service.',
    );
    expect(lowerMidSentenceCapitals('I went with my Mother and my brother Will.', 'en')).toBe(
      'I went with my mother and my brother Will.',
    );
    expect(lowerMidSentenceCapitals('It was cold, Nobody told us.', 'en')).toBe(
      'It was cold, nobody told us.',
    );
    expect(lowerMidSentenceCapitals('We went with my brother Bud and my Sister.', 'en')).toBe(
      'We went with my brother Bud and my sister.',
    );
    expect(lowerMidSentenceCapitals('On montait au Sacré-Cœur avec notre Rose.', 'fr')).toBe(
      'On montait au Sacré-Cœur avec notre Rose.',
    );
  });

  it('lowers an elided word written with a capital mid-sentence', () => {
    expect(lowerMidSentenceCapitals("Ma mère S'appelait Marcelle.", 'fr')).toBe(
      "Ma mère s'appelait Marcelle.",
    );
    expect(lowerMidSentenceCapitals("Nous allions à L'Isle-Adam.", 'fr')).toBe(
      "Nous allions à L'Isle-Adam.",
    );
  });

  it('gives a name after a title its capital', () => {
    expect(capitalizeTitledNames('We bought sweets from miss pickles.', 'en')).toBe(
      'We bought sweets from Miss Pickles.',
    );
    expect(
      capitalizeTitledNames('Our doctor was dr hallam and mrs hallam ran the shop.', 'en'),
    ).toBe('Our doctor was Dr Hallam and Mrs Hallam ran the shop.');
    expect(capitalizeTitledNames('I used to go to mr jones for lessons.', 'en')).toBe(
      'I used to go to Mr Jones for lessons.',
    );
    // "miss" the verb is no title.
    expect(capitalizeTitledNames('I miss pickles and I still miss my mum.', 'en')).toBe(
      'I miss pickles and I still miss my mum.',
    );
    expect(capitalizeTitledNames('We used to miss school when it snowed.', 'en')).toBe(
      'We used to miss school when it snowed.',
    );
    expect(capitalizeTitledNames('Notre maîtresse, madame perrin, était sévère.', 'fr')).toBe(
      'Notre maîtresse, madame Perrin, était sévère.',
    );
    // « madame disait »: a word of the language after the title is not a name.
    expect(capitalizeTitledNames('Et madame disait toujours bonjour.', 'fr')).toBe(
      'Et madame disait toujours bonjour.',
    );
    expect(written('notre voisin monsieur garnier réparait les vélos')).toBe(
      'Notre voisin monsieur Garnier réparait les vélos.',
    );
  });
});

describe('French elision and contractions after the rewrite', () => {
  it.each([
    ['Elle a dit que elle viendrait.', "Elle a dit qu'elle viendrait."],
    ['On dansait autour de eux.', "On dansait autour d'eux."],
    ['Il sortait si il faisait beau.', "Il sortait s'il faisait beau."],
    ['Si ils venaient, on mangeait dehors.', "S'ils venaient, on mangeait dehors."],
    ['Le homme de la maison, la école, le hiver.', "L'homme de la maison, l'école, l'hiver."],
    ['Je ai vu ce homme, ce est tout.', "J'ai vu cet homme, c'est tout."],
    [
      'Elle ne y allait jamais, lorsque il pleuvait, jusque à la nuit.',
      "Elle n'y allait jamais, lorsqu'il pleuvait, jusqu'à la nuit.",
    ],
    ['Il se appelait Henri et il me aimait.', "Il s'appelait Henri et il m'aimait."],
    ['Puisque on était jeunes, de Anne à Odile.', "Puisqu'on était jeunes, d'Anne à Odile."],
    ['Elle parlait à les enfants de le jardin.', 'Elle parlait aux enfants du jardin.'],
    ['La robe de Yvonne et le chapeau de Yves.', "La robe d'Yvonne et le chapeau d'Yves."],
  ])('%s', (said, expected) => {
    expect(elideFrench(said)).toBe(expected);
  });

  it('leaves h aspiré, numbers and pronouns before an infinitive alone', () => {
    for (const kept of [
      'Le haricot, la honte, le héros, le hasard.',
      'Le onze novembre, le huit mai.',
      'Il essayait de le faire, à le porter.',
      'Le yaourt et les yeux de Yann.',
      'Ce à quoi je pense.',
    ])
      expect(elideFrench(kept)).toBe(kept);
  });

  it('elides what the third-person rewrite leaves open', () => {
    expect(plain(typeset('Sa mère disait que il fallait partir.', 'fr'))).toBe(
      "Sa mère disait qu'il fallait partir.",
    );
  });
});

describe('English fillers opening a sentence', () => {
  it.each([
    ['Like, we used to walk to school.', 'We used to walk to school.'],
    ['So, um, yeah, we moved to Leeds.', 'We moved to Leeds.'],
    ['Okay so we got married in June.', 'We got married in June.'],
    ['Anyway, my father came home. Like, he was tired.', 'My father came home. He was tired.'],
  ])('%s', (said, expected) => {
    expect(written(said, 'en')).toBe(expected);
  });

  it('keeps "like" when it means something', () => {
    expect(written('Like my mother, I became a nurse.', 'en')).toBe(
      'Like my mother, I became a nurse.',
    );
    expect(written('We had nothing like it at home.', 'en')).toBe(
      'We had nothing like it at home.',
    );
  });
});

describe('sentence boundaries where the meaning ends', () => {
  it('cuts a long run-on where a new subject starts', () => {
    expect(
      splitRunOn(
        "On est partis à Lyon avec toute la famille et mes deux petits frères et puis mon père a trouvé du travail à l'usine.",
        'fr',
      ),
    ).toEqual([
      'On est partis à Lyon avec toute la famille et mes deux petits frères.',
      "Puis mon père a trouvé du travail à l'usine.",
    ]);
    expect(
      splitRunOn(
        'We lived on the farm with my grandparents for many years and then we moved to the city where my father found work.',
        'en',
      ),
    ).toEqual([
      'We lived on the farm with my grandparents for many years.',
      'Then we moved to the city where my father found work.',
    ]);
    expect(
      splitRunOn(
        "Il pleuvait depuis trois jours sur toute la vallée de la Loire alors on restait à l'abri dans la grange.",
        'fr',
      ),
    ).toEqual([
      'Il pleuvait depuis trois jours sur toute la vallée de la Loire.',
      "Alors on restait à l'abri dans la grange.",
    ]);
  });

  it('never cuts where no subject follows, nor a short sentence', () => {
    const noSubject =
      "Je suis allée à l'école du village jusqu'à quatorze ans avec ma cousine et puis travaillé à la ferme de mon oncle.";
    expect(splitRunOn(noSubject, 'fr')).toEqual([noSubject]);
    const object =
      'On a visité toute la ville de Lyon pendant notre voyage de noces et puis la cathédrale et le musée des tissus.';
    expect(splitRunOn(object, 'fr')).toEqual([object]);
    expect(splitRunOn('On mangeait et puis on dormait.', 'fr')).toEqual([
      'On mangeait et puis on dormait.',
    ]);
    const quoted =
      'Mon père répétait toujours la même chose le soir à table « on travaille et puis on verra bien ce qui viendra ».';
    expect(splitRunOn(quoted, 'fr')).toEqual([quoted]);
  });
});

describe('spoken dislocations rewritten', () => {
  it.each<[string, string, Lang]>([
    [
      'Mon père, le soir, il se servait un petit verre.',
      'Le soir, mon père se servait un petit verre.',
      'fr',
    ],
    ['Lucien, il travaillait chez Berliet.', 'Lucien travaillait chez Berliet.', 'fr'],
    ['Mes parents, ils tenaient une épicerie.', 'Mes parents tenaient une épicerie.', 'fr'],
    [
      'Ma grand-mère, pendant la guerre, elle cachait du beurre.',
      'Pendant la guerre, ma grand-mère cachait du beurre.',
      'fr',
    ],
    [
      'Ma mère, Marcelle, elle travaillait à Manufrance.',
      'Ma mère, Marcelle, travaillait à Manufrance.',
      'fr',
    ],
    ['My dad, he was a miner.', 'My dad was a miner.', 'en'],
    ['My mother, in the evenings, she would sing.', 'In the evenings, my mother would sing.', 'en'],
  ])('%s', (said, expected, language) => {
    expect(undislocate(said, language)).toBe(expected);
  });

  it('keeps the pronoun after an opening that is no subject, or that does not agree', () => {
    for (const [kept, language] of [
      ['Le dimanche, il était content.', 'fr'],
      ['Ensuite, il est parti à Lyon.', 'fr'],
      ['Dimanche, il pleuvait.', 'fr'],
      ['Mon père, elle ne l’aimait pas.'.replace('’', "'"), 'fr'],
      ['Then, he left for the war.', 'en'],
    ] as const)
      expect(undislocate(kept, language)).toBe(kept);
  });

  it('is applied to a spoken answer on its way to the page', () => {
    expect(written('Mon frère, le dimanche, il jouait au foot.')).toBe(
      'Le dimanche, mon frère jouait au foot.',
    );
  });
});

describe('a sentence cut before its main clause is put back together', () => {
  it.each<[string[], string[], Lang]>([
    [
      ['Il a appris le métier chez Fabre et quand le vieux est mort.', 'Il a repris la boutique.'],
      ['Il a appris le métier chez Fabre et quand le vieux est mort, il a repris la boutique.'],
      'fr',
    ],
    [
      ['Puis en 1943.', 'Ils ont dynamité tout le quartier.'],
      ['Puis en 1943, ils ont dynamité tout le quartier.'],
      'fr',
    ],
    [
      ['We saved for years and when the war ended.', 'We bought the shop.'],
      ['We saved for years and when the war ended, we bought the shop.'],
      'en',
    ],
    [['Then in 1965.', 'I went to Leeds.'], ['Then in 1965, I went to Leeds.'], 'en'],
  ])('%j', (sentences, expected, language) => {
    expect(joinDangling(sentences, language)).toEqual(expected);
  });

  it('leaves whole sentences apart', () => {
    for (const pair of [
      ["C'était en 1964.", "Il m'a marché sur les pieds."],
      ['Il est mort en 1979.', 'Il avait même pas soixante ans.'],
      ['Puis en 1943.', 'La guerre a fini.'],
    ])
      expect(joinDangling(pair, 'fr')).toEqual(pair);
  });

  it('is applied on the way to the page', () => {
    expect(written('Puis en 1943. Ils ont rasé le quartier.')).toBe(
      'Puis en 1943, ils ont rasé le quartier.',
    );
  });
});

// Issue 30: the third person a careful editor writes — verbs that agree, object pronouns, joint subjects,
// « on » turned only into who it means, and what cannot be turned left in her own words.
import { describe, expect, it } from 'vitest';
import { writeChapter } from '../../../src/providers/writer/embedded.ts';
import { onReferent, retell, type Narrator } from '../../../src/providers/writer/perspective.ts';
import { assistant, input, plain, user } from './helpers.ts';

const jeanne: Narrator = { name: 'Jeanne', gender: 'f', language: 'fr' };
const paul: Narrator = { name: 'Paul', gender: 'm', language: 'fr' };
const said = (sentence: string, narrator: Narrator = jeanne, before: string[] = []) =>
  retell(sentence, narrator, true, before);

describe('verbs agree with the narrator', () => {
  it.each([
    ["C'est moi qui ai cousu la robe.", "C'est elle qui a cousu la robe."],
    ["C'est moi qui faisais la cuisine.", "C'est elle qui faisait la cuisine."],
    ["C'est moi qui me suis occupée de tout.", "C'est elle qui s'est occupée de tout."],
    ["C'était moi qui allais chercher le lait.", "C'était elle qui allait chercher le lait."],
    ["C'est moi qui l'ai élevé.", "C'est elle qui l'a élevé."],
    ["C'est moi qui ne voulais pas.", "C'est elle qui ne voulait pas."],
  ])('%s', (sentence, expected) => {
    expect(said(sentence)).toMatchObject({ text: expected, ok: true });
  });

  it('agrees with a man too', () => {
    expect(said("C'est moi-même qui ai construit le garage.", paul).text).toBe(
      "C'est lui-même qui a construit le garage.",
    );
  });
});

describe('object pronouns: direct or indirect from what follows', () => {
  it.each([
    ['Marcel nous fabriquait des trottinettes.', 'Marcel leur fabriquait des trottinettes.'],
    ['Ma tante nous cousait une robe pour Pâques.', 'Sa tante leur cousait une robe pour Pâques.'],
    ['Le boulanger nous gardait le pain.', 'Le boulanger leur gardait le pain.'],
    ['Il nous emmenait le dimanche à la mer.', 'Il les emmenait le dimanche à la mer.'],
    ['Notre voisine nous gardait souvent.', 'Leur voisine les gardait souvent.'],
    ['Il nous a emmenés au cirque.', 'Il les a emmenés au cirque.'],
    ["L'instituteur nous racontait la guerre.", "L'instituteur leur racontait la guerre."],
    ['Il m’a offert une montre.'.replace('’', "'"), 'Il lui a offert une montre.'],
    ['Mon grand-père me fabriquait des jouets.', 'Son grand-père lui fabriquait des jouets.'],
    ["Il m'a emmenée au bal.", "Il l'a emmenée au bal."],
    ['Ma mère me coiffait le matin.', 'Sa mère la coiffait le matin.'],
  ])('%s', (sentence, expected) => {
    const retold = said(sentence);
    expect(retold.text).toBe(expected);
    expect(retold.text).not.toMatch(/les \p{L}+ (?:des|une|un) /u);
  });
});

describe('« X et moi, on… » becomes one plural subject', () => {
  it.each([
    ['Odette et moi, on a pleuré.', 'Odette et elle ont pleuré.'],
    [
      'Mon mari et moi, nous sommes partis en Bretagne.',
      'Son mari et elle sont partis en Bretagne.',
    ],
    ['Moi et ma sœur, on allait au lavoir.', 'Elle et sa sœur allaient au lavoir.'],
    ["Robert et moi, on s'est mariés en 1962.", 'Robert et elle se sont mariés en 1962.'],
    ['Mes cousines et moi, on ne se quittait pas.', 'Ses cousines et elle ne se quittaient pas.'],
  ])('%s', (sentence, expected) => {
    const retold = said(sentence);
    expect(retold).toMatchObject({ text: expected, ok: true });
    expect(retold.text).not.toMatch(/la famille/);
  });
});

describe('« on » becomes only who it means', () => {
  it('is the family when the words around speak of the family', () => {
    expect(
      said('On habitait une petite maison.', jeanne, ['Mes parents étaient ouvriers.']).text,
    ).toBe('La famille habitait une petite maison.');
    expect(said('Chez nous, on mangeait de la soupe tous les soirs.').text).toBe(
      'Chez eux, la famille mangeait de la soupe tous les soirs.',
    );
  });

  it('is she and the people she names after « avec »', () => {
    expect(said('Avec mon mari, on allait danser le samedi.').text).toBe(
      'Avec son mari, elle allait danser le samedi.',
    );
    expect(said('On allait à la pêche avec mes frères.').text).toBe(
      'Elle allait à la pêche avec ses frères.',
    );
  });

  it('is the couple when she speaks of her husband', () => {
    expect(
      said('On a acheté la maison en 1970.', jeanne, ['Mon mari travaillait chez Berliet.']).text,
    ).toBe('Le couple a acheté la maison en 1970.');
  });

  it('is the couple after « épousé », the family after a brother or sister', () => {
    expect(said('On a eu un fils.', jeanne, ["J'ai épousé Odette en 1962."]).text).toBe(
      'Le couple a eu un fils.',
    );
    expect(
      said('Le dimanche, on partait à la campagne.', jeanne, ['Un frère avait deux ans de plus.'])
        .text,
    ).toBe('Le dimanche, la famille partait à la campagne.');
  });

  it('is « ils » before a plural after « être », never for « pas » or « dans »', () => {
    expect(said('En 1933, on était voisins avec Rose.').text).toBe(
      'En 1933, ils étaient voisins avec Rose.',
    );
    expect(said('On était pas riche.', jeanne, ['Mes parents étaient ouvriers.']).text).toBe(
      'La famille était pas riche.',
    );
    expect(said('On était dans la cuisine.', jeanne, ['Ma mère cuisinait.']).text).toBe(
      'La famille était dans la cuisine.',
    );
  });

  it('is the pupils only when she said « les élèves »', () => {
    expect(
      said('On chantait tous les matins.', jeanne, [
        'Les élèves se levaient quand la maîtresse entrait.',
      ]).text,
    ).toBe('Les élèves chantaient tous les matins.');
    // The school without « les élèves »: quoted as she said it, never guessed.
    expect(
      said('On chantait tous les matins.', jeanne, ["À l'école, la maîtresse était sévère."]).ok,
    ).toBe(false);
  });

  it('is quoted when nothing says who it is, or the words point two ways', () => {
    expect(said('On ne parlait pas de ces choses-là.').ok).toBe(false);
    expect(
      onReferent('On y allait à pied.', [
        'Mon père travaillait à l’usine avec ses collègues.'.replace('’', "'"),
      ]),
    ).toBeNull();
    expect(onReferent('On y allait à pied.', [])).toBeNull();
  });

  it('keeps « ils » for a plural participle or adjective', () => {
    expect(said("On s'est mariés en juin.").text).toBe('Ils se sont mariés en juin.');
    const poor = said('On avait rien mais on était heureux.', jeanne, [
      'Mes parents étaient pauvres.',
    ]);
    expect(poor.text).toMatch(/^La famille avait rien mais ils étaient heureux\.$/);
    expect(poor.text).not.toMatch(/famille était heureux/);
  });
});

describe('a chapter in the third person', () => {
  const chapter = (answers: string[], language: 'fr' | 'en' = 'fr', personName = 'Jeanne Martin') =>
    plain(
      writeChapter(
        input({
          language,
          personName,
          transcript: answers.flatMap((a) => [
            assistant(language === 'fr' ? 'Racontez-moi.' : 'Tell me.'),
            user(a),
          ]),
          doTitle: false,
          doKeywords: false,
          options: { perspective: 'troisieme', usePreviousSummary: false },
        }),
      ).summary ?? '',
    );

  it('writes what an editor would, and quotes what it cannot turn', () => {
    const text = chapter([
      "Je suis née à Roubaix en 1938. C'est moi qui ai cousu ma robe de mariée.",
      'Odette et moi, on a pleuré quand la filature a fermé.',
      'Marcel nous fabriquait des trottinettes avec des planches. On ne parlait pas de ces choses-là.',
    ]);
    expect(text).toContain("C'est elle qui a cousu sa robe de mariée.");
    expect(text).toContain('Odette et elle ont pleuré');
    expect(text).toContain('Marcel leur fabriquait des trottinettes');
    expect(text).toMatch(/« On ne parlait pas de ces choses-là\. »/);
    expect(text).not.toMatch(/qui ai|les fabriquait des|elle la famille|et elle, la famille/);
  });

  it('keeps only the correction, in both perspectives and languages', () => {
    const fr = chapter([
      "J'ai travaillé chez Peugeot, enfin non, chez Renault, pendant vingt ans.",
    ]);
    expect(fr).toContain('chez Renault');
    expect(fr).not.toContain('Peugeot');
    const en = chapter(
      ['I started at the mill in 1952, no, 1953, with my sister.'],
      'en',
      'Margaret Hill',
    );
    expect(en).toContain('1953');
    expect(en).not.toContain('1952');
    expect(en).toMatch(/\bher sister\b/);
  });

  it('elides what the rewrite leaves open', () => {
    const text = chapter(['Mon père disait que il fallait partir si il pleuvait.']);
    expect(text).toContain("qu'il fallait partir s'il pleuvait");
  });
});

describe('the narrator’s gender from an English first name', () => {
  it.each([
    ['Joan Parry', 'her', 'his'],
    ['Marion Hughes', 'her', 'his'],
    ['Sidney Cole', 'his', 'her'],
  ])('%s is told with « %s »', (personName, expected, wrong) => {
    const out = writeChapter(
      input({
        language: 'en',
        personName,
        transcript: [
          assistant('Tell me about your family.'),
          user('My father worked at the gasworks and my mother kept the house.'),
        ],
        options: {
          style: null,
          perspective: 'troisieme',
          comment: null,
          usePreviousSummary: false,
        },
      }),
    );
    const text = plain(out.summary ?? '').toLowerCase();
    expect(text).toMatch(new RegExp(`\\b${expected} father\\b`));
    expect(text).not.toMatch(new RegExp(`\\b${wrong} father\\b`));
  });

  it('a name given to both leaves the gender to her own words', () => {
    const out = writeChapter(
      input({
        language: 'en',
        personName: 'Leslie Ward',
        transcript: [
          assistant('Tell me about your family.'),
          user('I was a little girl when my father went to sea.'),
        ],
        options: {
          style: null,
          perspective: 'troisieme',
          comment: null,
          usePreviousSummary: false,
        },
      }),
    );
    expect(plain(out.summary ?? '').toLowerCase()).toMatch(/\bher father\b/);
  });
});

// A chapter, not a list of answers (issue 30 #5): answers grouped by the people and places they speak of,
// a short answer given the sense of its question, no paragraph opening that only announces the next one.
import { describe, expect, it } from 'vitest';
import {
  framedByQuestion,
  gatherRelated,
  groupIntoParagraphs,
  isAnnouncement,
  type ComposedAnswer,
} from '../../../src/providers/writer/composition.ts';
import { writeChapter } from '../../../src/providers/writer/embedded.ts';
import { stylePhrases } from '../../../src/providers/writer/phrases.ts';
import { SUMMARY_STYLES } from '../../../src/providers/writer/types.ts';
import { assistant, input, plain, user } from './helpers.ts';

const answer = (text: string, theme: string | null = null): ComposedAnswer => ({
  sentences: text.split(/(?<=[.!?])\s+/),
  theme,
});
const texts = (answers: ComposedAnswer[]) => answers.map((a) => a.sentences.join(' '));

describe('a short answer takes the sense of its question', () => {
  it('says who counted most, in her words, when she only gave the name', () => {
    expect(
      framedByQuestion(
        "Robert, évidemment, puisque je venais de l'épouser !",
        'Cette année-là, qui comptait le plus pour vous ?',
        'fr',
      ),
    ).toBe(
      "Cette année-là, c'est Robert qui comptait le plus pour moi, évidemment, puisque je venais de l'épouser !",
    );
    expect(
      framedByQuestion(
        'Monsieur Thuillier, un homme dur mais juste.',
        'Qui vous a appris le métier ?',
        'fr',
      ),
    ).toBe("C'est monsieur Thuillier qui m'a appris le métier, un homme dur mais juste.");
    expect(
      framedByQuestion('Ma meilleure amie, Germaine.', 'Qui travaillait avec toi ?', 'fr'),
    ).toBe("C'est ma meilleure amie, Germaine, qui travaillait avec moi.");
  });

  it('does the same in English, turning "you" into the narrator', () => {
    expect(
      framedByQuestion(
        "Sister Agnew, on the children's ward.",
        'Who looked after you when you were new?',
        'en',
      ),
    ).toBe("Sister Agnew looked after me when I was new, on the children's ward.");
    expect(framedByQuestion('Our Maureen, in 1958.', 'And who came along next?', 'en')).toBe(
      'Our Maureen came along next, in 1958.',
    );
  });

  it('lets a yes carry the verb of the question, and only a yes', () => {
    expect(
      framedByQuestion(
        'À la Poste, au tri, de 1961 à 1990.',
        'Avez-vous travaillé ?',
        'fr',
        'Oui, à la Poste, au tri, de 1961 à 1990.',
      ),
    ).toBe("J'ai travaillé à la Poste, au tri, de 1961 à 1990.");
    expect(
      framedByQuestion(
        'À la maison, avec les enfants.',
        'Avez-vous travaillé ?',
        'fr',
        'Non, à la maison, avec les enfants.',
      ),
    ).toBeNull();
  });

  it('gives « où ? » and « quand ? » answers the verb of their question, singular or plural', () => {
    expect(
      framedByQuestion(
        'En 1968, avec Joseph, un gars de Guebwiller.',
        "Quand t'es-tu mariée ?",
        'fr',
      ),
    ).toBe('Je me suis mariée en 1968, avec Joseph, un gars de Guebwiller.');
    expect(framedByQuestion('À Tulle, chez ma grand-mère.', 'Où êtes-vous née ?', 'fr')).toBe(
      'Je suis née à Tulle, chez ma grand-mère.',
    );
    expect(
      framedByQuestion(
        "À Paris dans le quinzième, j'étais concierge.",
        'Où êtes-vous arrivés ?',
        'fr',
      ),
    ).toBe("Nous sommes arrivés à Paris dans le quinzième, j'étais concierge.");
    // The answer's first clause is a sentence of its own: nothing to borrow.
    expect(
      framedByQuestion('À Paris on a trouvé du travail.', 'Où êtes-vous arrivés ?', 'fr'),
    ).toBeNull();
  });

  it('leaves alone an answer that is a sentence of its own, or a question it cannot turn without guessing', () => {
    // A clause: the answer says it all.
    expect(
      framedByQuestion(
        'Mon mari Raymond, il ne voulait pas que je travaille.',
        'Qui vous a fait quitter la filature ?',
        'fr',
      ),
    ).toBeNull();
    expect(
      framedByQuestion('I met Gloria at church.', 'Who made you feel at home?', 'en'),
    ).toBeNull();
    // « Qui avez-vous épousé ? » asks for the object; « votre » hides a gender.
    expect(framedByQuestion('Robert.', 'Qui avez-vous épousé ?', 'fr')).toBeNull();
    expect(framedByQuestion('Robert.', 'Qui était votre meilleur ami ?', 'fr')).toBeNull();
    expect(framedByQuestion('Robert.', 'Who did you marry?', 'en')).toBeNull();
    // Not a who-question.
    expect(framedByQuestion('Par la mer.', 'Par où voulez-vous commencer ?', 'fr')).toBeNull();
  });

  it('writes the framed answer in the chapter, and retells it in the third person', () => {
    const transcript = [
      assistant('Où habitiez-vous après le mariage ?', 'homes'),
      user("On habitait à Quimper, rue Kéréon, au-dessus d'une mercerie."),
      assistant('Cette année-là, qui comptait le plus pour vous ?', 'love'),
      user("Albert, évidemment, puisque je venais de l'épouser !"),
    ];
    const first = plain(writeChapter(input({ transcript, personName: 'Anne Riou' })).summary!);
    expect(first).toContain("c'est Albert qui comptait le plus pour moi, évidemment");
    const third = plain(
      writeChapter(
        input({ transcript, personName: 'Anne Riou', options: { perspective: 'troisieme' } }),
      ).summary!,
    );
    expect(third).toContain('Albert qui comptait le plus');
    expect(third).not.toMatch(/^Albert, évidemment/m);
  });
});

describe('answers that belong together', () => {
  it('brings an undated answer about someone back beside the answer that spoke of them', () => {
    expect(
      texts(
        gatherRelated(
          [
            answer('Mon oncle Émile tenait la forge de Plouaret.'),
            answer('Ma mère cousait pour les dames du bourg.'),
            answer('Émile ferrait les chevaux de tout le canton.'),
          ],
          'fr',
        ),
      ),
    ).toEqual([
      'Mon oncle Émile tenait la forge de Plouaret.',
      'Émile ferrait les chevaux de tout le canton.',
      'Ma mère cousait pour les dames du bourg.',
    ]);
    // Further back only when two names tie them.
    const answers = [
      answer('Mon oncle Émile tenait la forge de Plouaret.'),
      answer('En 1952, je suis partie à Rennes.'),
      answer('Je travaillais chez Ouest-Éclair.'),
      answer('À Plouaret, Émile ferrait les chevaux de tout le canton.'),
      answer('Ouest-Éclair payait mal.'),
    ];
    expect(texts(gatherRelated(answers, 'fr'))).toEqual([
      'Mon oncle Émile tenait la forge de Plouaret.',
      'À Plouaret, Émile ferrait les chevaux de tout le canton.',
      'En 1952, je suis partie à Rennes.',
      'Je travaillais chez Ouest-Éclair.',
      'Ouest-Éclair payait mal.',
    ]);
  });

  it('never moves an answer that names a year, nor one that names no one', () => {
    const answers = [
      answer('Mon oncle Émile tenait la forge.'),
      answer('En 1952, je suis partie à Rennes.'),
      answer('En 1960, Émile est mort.'),
      answer('Il faisait froid cet hiver-là.'),
    ];
    expect(texts(gatherRelated(answers, 'fr'))).toEqual(texts(answers));
  });

  it('starts a paragraph when the answers move to other people and another theme, not at every answer', () => {
    const paragraphs = groupIntoParagraphs(
      [
        answer('My father kept the Anchor in Whitby.', 'family'),
        answer('Whitby was full of fishermen then.', null),
        answer('It was always cold.', null),
        answer('I married Stan Hewitt in 1961.', 'love'),
        answer('Stan drove a bus for the Corporation.', 'work'),
      ],
      'en',
    );
    expect(paragraphs).toEqual([
      [
        'My father kept the Anchor in Whitby.',
        'Whitby was full of fishermen then.',
        'It was always cold.',
      ],
      ['I married Stan Hewitt in 1961.', 'Stan drove a bus for the Corporation.'],
    ]);
  });

  it('does not pile a long chapter into one paragraph', () => {
    const long = Array.from({ length: 5 }, (_, i) =>
      answer(`Marie venait le jeudi ${i}. Marie riait. Marie chantait.`),
    );
    const paragraphs = groupIntoParagraphs(long, 'fr');
    expect(paragraphs.length).toBeGreaterThan(1);
    for (const p of paragraphs) expect(p.length).toBeLessThanOrEqual(7);
  });
});

describe('paragraph openings', () => {
  it('tells an announcement from a link', () => {
    expect(isAnnouncement('Comment ne pas raconter ceci\u00A0: ')).toBe(true);
    expect(isAnnouncement('There is this, too: ')).toBe(true);
    expect(isAnnouncement('Ensuite, ')).toBe(false);
    expect(isAnnouncement('Puis\u00A0: ')).toBe(false);
  });

  it('never opens a paragraph with an announcement, in any style or language', () => {
    for (const language of ['fr', 'en'] as const) {
      const announcements = SUMMARY_STYLES.flatMap((style) =>
        stylePhrases(style, language).openers.filter(isAnnouncement),
      ).map((o) => plain(o).trim());
      expect(announcements.length).toBeGreaterThan(0);
      const transcript =
        language === 'fr'
          ? [
              assistant('Parlez-moi de votre enfance.', 'childhood'),
              user('Je suis née à Morlaix en 1941, mon père était cheminot.'),
              assistant('Et votre métier ?', 'work'),
              user("J'ai été couturière chez Lemoine, à Brest, pendant vingt ans."),
              assistant('Et vos enfants ?', 'children'),
              user('Nous avons eu trois filles, Annick, Solange et Maryvonne.'),
              assistant('Et vos voyages ?', 'travels'),
              user("Nous sommes allés en Italie en 1975, à Florence, c'était magnifique."),
            ]
          : [
              assistant('Tell me about your childhood.', 'childhood'),
              user('I was born in Hull in 1941 and my father was a docker.'),
              assistant('And your work?', 'work'),
              user('I was a seamstress at Needler’s in Hull for twenty years.'),
              assistant('And your children?', 'children'),
              user('We had three girls, Ann, Susan and Carol.'),
              assistant('And your travels?', 'travels'),
              user('We went to Italy in 1975, to Florence, and it was beautiful.'),
            ];
      for (const style of SUMMARY_STYLES) {
        const text = plain(
          writeChapter(
            input({ language, transcript, personName: 'Rose Le Bihan', options: { style } }),
          ).summary!,
        );
        expect(text.split('\n\n').length, `${language} ${style}`).toBeGreaterThan(1);
        for (const phrase of announcements)
          expect(text, `${language} ${style}`).not.toContain(phrase);
      }
    }
  });
});

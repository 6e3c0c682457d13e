// Punctuation for recognised speech: full stops where a clause opens with its own subject, commas after what
// opens a sentence, and no doubled subject; short or already punctuated answers are left alone.
import { describe, expect, it } from 'vitest';
import { punctuate } from '../../../src/providers/speech/punctuate.ts';

describe('punctuate, French', () => {
  it('breaks a long answer before a new subject and drops the doubled pronoun', () => {
    expect(
      punctuate(
        "moi je suis née en mille neuf cent quarante-deux à Saint-Étienne mon père il était mineur au puits Couriot et ma mère elle s'appelait Marcelle elle travaillait à Manufrance",
        'fr',
      ),
    ).toBe(
      "je suis née en mille neuf cent quarante-deux à Saint-Étienne. Mon père était mineur au puits Couriot et ma mère s'appelait Marcelle. Elle travaillait à Manufrance",
    );
  });

  it('keeps the « elle » that opens the next clause, as a new sentence', () => {
    expect(
      punctuate(
        "ma mère elle s'appelait marcelle elle travaillait à manufrance et le dimanche on allait voir la vogue de saint-nectaire avec mon frère pierre",
        'fr',
      ),
    ).toBe(
      "ma mère s'appelait marcelle. Elle travaillait à manufrance et le dimanche, on allait voir la vogue de saint-nectaire avec mon frère pierre",
    );
  });

  it('drops « il » after « mon père » and puts a comma after a time', () => {
    expect(
      punctuate(
        'mon père il travaillait à la mine tous les jours de la semaine et le dimanche il était content de se reposer avec nous',
        'fr',
      ),
    ).toBe(
      'mon père travaillait à la mine tous les jours de la semaine et le dimanche, il était content de se reposer avec nous',
    );
  });

  it('opens a new sentence with the time: « Le dimanche, il était content »', () => {
    expect(
      punctuate(
        'on a beaucoup travaillé toute la semaine à la ferme de mes grands-parents le dimanche il était content de se reposer',
        'fr',
      ),
    ).toBe(
      'on a beaucoup travaillé toute la semaine à la ferme de mes grands-parents. Le dimanche, il était content de se reposer',
    );
  });

  it('does not take « le dimanche » for a subject doubled by « il »', () => {
    expect(
      punctuate(
        'le dimanche il était content parce que on allait à la pêche avec mon frère andré et ma soeur elle préparait le repas pour tout le monde',
        'fr',
      ),
    ).toBe(
      'le dimanche, il était content parce que on allait à la pêche avec mon frère andré et ma soeur préparait le repas pour tout le monde',
    );
  });

  it('closes an opening « quand » clause with a comma', () => {
    expect(
      punctuate(
        "quand j'avais dix ans on est partis à clermont ferrand chez ma tante qui tenait une épicerie",
        'fr',
      ),
    ).toBe(
      "quand j'avais dix ans, on est partis à clermont ferrand chez ma tante qui tenait une épicerie",
    );
  });

  it('does not break « nous nous sommes mariés », and drops « et » before a connective', () => {
    expect(
      punctuate(
        'nous nous sommes mariés en soixante-huit à la mairie et après on est partis vivre à lyon pendant dix ans',
        'fr',
      ),
    ).toBe(
      'nous nous sommes mariés en soixante-huit à la mairie. Après on est partis vivre à lyon pendant dix ans',
    );
  });

  it('leaves a short answer as it is', () => {
    expect(punctuate('le dimanche il était content', 'fr')).toBe('le dimanche il était content');
    expect(punctuate('nous nous sommes mariés', 'fr')).toBe('nous nous sommes mariés');
  });

  it("leaves the person's own punctuation", () => {
    expect(
      punctuate('Mon père était mineur, il rentrait tard. on habitait à Saint-Étienne', 'fr'),
    ).toBe('Mon père était mineur, il rentrait tard. on habitait à Saint-Étienne');
  });
});

describe('punctuate, English', () => {
  it('drops the pronoun doubling a noun subject', () => {
    expect(
      punctuate(
        'my father he worked at the mill for years and my mother she stayed at home with the four of us',
        'en',
      ),
    ).toBe(
      'my father worked at the mill for years and my mother stayed at home with the four of us',
    );
  });
});

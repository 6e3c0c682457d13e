// One spoken answer written up for the book: tics out, years in digits, names capitalised, punctuation placed;
// a typed answer keeps the person's own capitals and punctuation.
import { describe, expect, it } from 'vitest';
import { removeSpokenTics, writeUp } from '../../../src/providers/speech/index.ts';

describe('writeUp, French', () => {
  it('writes up a long spoken answer', () => {
    expect(
      writeUp(
        "moi je suis née en mille neuf cent quarante-deux à saint etienne mon père il était mineur au puits couriot et ma mère elle s'appelait marcelle elle travaillait à manufrance",
        'fr',
      ),
    ).toBe(
      "je suis née en 1942 à Saint-Étienne. Mon père était mineur au puits Couriot et ma mère s'appelait Marcelle. Elle travaillait à Manufrance",
    );
  });

  it('puts the boundary before « Mon père » and the comma after the time', () => {
    expect(
      writeUp(
        'nous habitions à saint etienne mon père il était mineur au puits couriot et le dimanche il était content de se reposer',
        'fr',
      ),
    ).toBe(
      'nous habitions à Saint-Étienne. Mon père était mineur au puits Couriot et le dimanche, il était content de se reposer',
    );
  });

  it('keeps the second « elle » as a new sentence', () => {
    expect(
      writeUp(
        "ma mère elle s'appelait marcelle elle travaillait à manufrance et le dimanche on allait voir la vogue de saint-nectaire avec mon frère pierre",
        'fr',
      ),
    ).toBe(
      "ma mère s'appelait Marcelle. Elle travaillait à Manufrance et le dimanche, on allait voir la vogue de Saint-Nectaire avec mon frère Pierre",
    );
  });

  it('puts a comma before « on » after a « quand » clause', () => {
    expect(
      writeUp(
        "quand j'avais dix ans on est partis à clermont ferrand chez ma tante qui tenait une épicerie dans le quartier",
        'fr',
      ),
    ).toBe(
      "quand j'avais dix ans, on est partis à Clermont-Ferrand chez ma tante qui tenait une épicerie dans le quartier",
    );
  });

  it('does not break « nous nous sommes mariés »', () => {
    expect(
      writeUp(
        'nous nous sommes mariés en soixante-huit à la mairie et après on est partis vivre à lyon pendant dix ans',
        'fr',
      ),
    ).toBe(
      'nous nous sommes mariés en 1968 à la mairie. Après on est partis vivre à Lyon pendant dix ans',
    );
  });

  it('passes a typed answer through without truecasing or punctuation', () => {
    expect(writeUp('Nous habitions à saint etienne', 'fr')).toBe('Nous habitions à saint etienne');
    expect(
      writeUp('Mon père était mineur, il rentrait tard. on habitait à saint etienne', 'fr'),
    ).toBe('Mon père était mineur, il rentrait tard. on habitait à saint etienne');
  });

  it('takes out « euh », « ben », « voilà », « quoi » and « tu vois »', () => {
    expect(writeUp('euh on habitait là', 'fr')).toBe('on habitait là');
    expect(writeUp('ben on habitait là', 'fr')).toBe('on habitait là');
    expect(writeUp('voilà on habitait là', 'fr')).toBe('on habitait là');
    expect(writeUp('on habitait là voilà', 'fr')).toBe('on habitait là');
    expect(writeUp("c'était dur quoi", 'fr')).toBe("c'était dur");
    expect(writeUp('on habitait là tu vois', 'fr')).toBe('on habitait là');
    expect(writeUp('euh ben on habitait à saint etienne voilà tu vois', 'fr')).toBe(
      'on habitait à Saint-Étienne',
    );
  });

  it('keeps « quoi », « bon » and « voilà » where they are words', () => {
    expect(writeUp('je ne savais pas quoi faire', 'fr')).toBe('je ne savais pas quoi faire');
    expect(writeUp('on a fait un bon repas', 'fr')).toBe('on a fait un bon repas');
    expect(writeUp('voilà pourquoi', 'fr')).toBe('voilà pourquoi');
  });

  it('drops the « oui » that answers the question', () => {
    expect(writeUp('oui un frère andré', 'fr')).toBe('un frère André');
  });
});

describe('removeSpokenTics, French', () => {
  it('takes out clause-end « quoi » and « voilà », « tu vois », « bon », « eh bien », « en fait »', () => {
    expect(removeSpokenTics("c'était dur quoi et puis on est partis", 'fr')).toBe(
      "c'était dur et puis on est partis",
    );
    expect(removeSpokenTics('on habitait là voilà', 'fr')).toBe('on habitait là');
    expect(removeSpokenTics('on habitait là tu vois', 'fr')).toBe('on habitait là');
    expect(removeSpokenTics('bon on est partis', 'fr')).toBe('on est partis');
    expect(removeSpokenTics('eh bien on est partis', 'fr')).toBe('on est partis');
    expect(removeSpokenTics('en fait on est partis', 'fr')).toBe('on est partis');
  });

  it('keeps the words the tics share a spelling with', () => {
    expect(removeSpokenTics('je ne savais pas quoi faire', 'fr')).toBe(
      'je ne savais pas quoi faire',
    );
    expect(removeSpokenTics('un bon repas', 'fr')).toBe('un bon repas');
    expect(removeSpokenTics('voilà pourquoi', 'fr')).toBe('voilà pourquoi');
  });
});

describe('writeUp, English', () => {
  it('writes up a long spoken answer', () => {
    expect(
      writeUp(
        'we moved to leeds in nineteen fifty two my father he worked at the mill and my mother she stayed at home with us kids',
        'en',
      ),
    ).toBe(
      'we moved to Leeds in 1952. My father worked at the mill and my mother stayed at home with us kids',
    );
    expect(
      writeUp(
        'we moved to cedar rapids in sixty three and my husband bill worked at the plant for twenty years',
        'en',
      ),
    ).toBe(
      'we moved to Cedar Rapids in 1963 and my husband Bill worked at the plant for twenty years',
    );
  });

  it('takes out "um", "you know", "i mean"', () => {
    expect(writeUp('um we lived there', 'en')).toBe('we lived there');
    expect(writeUp('uh we lived in leeds', 'en')).toBe('we lived in Leeds');
    expect(writeUp('we lived there you know', 'en')).toBe('we lived there');
    expect(writeUp('you know i loved it', 'en')).toBe('I loved it');
    expect(writeUp('i mean we lived there', 'en')).toBe('we lived there');
  });

  it('takes out "kind of", "like" and "well" used as tics', () => {
    expect(removeSpokenTics('it was kind of hard', 'en')).toBe('it was hard');
    expect(removeSpokenTics('he was like really tall', 'en')).toBe('he was really tall');
    expect(removeSpokenTics('well we moved', 'en')).toBe('we moved');
  });
});

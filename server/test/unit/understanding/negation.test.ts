// Negated and corrected statements, and who a clause is about (issue 30).
import { describe, expect, it } from 'vitest';
import {
  isNegatedAt,
  readNames,
  resolveCorrections,
  subjectAt,
  withoutEcho,
} from '../../../src/providers/understanding/index.ts';
import type { Language } from '../../../src/providers/interviewer/types.ts';

const negated = (text: string, name: string, language: Language = 'fr') =>
  isNegatedAt(text, text.indexOf(name), language);

describe('negation', () => {
  it('finds the denied place in every French form', () => {
    for (const text of [
      "On n'habitait pas à Montbrison.",
      'on habitait pas à Montbrison',
      "Je n'ai jamais vécu à Montbrison.",
      "Ce n'est pas à Montbrison qu'on s'est connus.",
      'Nous ne sommes jamais allés à Montbrison, ni à Roanne.',
    ])
      expect(negated(text, 'Montbrison'), text).toBe(true);
  });

  it('keeps what follows « mais », a new clause or a new sentence', () => {
    const text = "On n'habitait pas à Montbrison mais à Boën.";
    expect(negated(text, 'Montbrison')).toBe(true);
    expect(negated(text, 'Boën')).toBe(false);
    const other = "On n'habitait pas à Montbrison, on habitait à Boën.";
    expect(negated(other, 'Boën')).toBe(false);
    expect(negated('Pas à Montbrison. À Boën, on était bien.', 'Boën')).toBe(false);
    expect(negated('On habitait à Boën, près de la gare.', 'Boën')).toBe(false);
  });

  it('reads raw speech, without commas, the same way', () => {
    const fr = 'on habitait pas à montbrison on habitait à boën';
    expect(negated(fr, 'montbrison')).toBe(true);
    expect(negated(fr, 'boën')).toBe(false);
    const en = 'we never lived in oldham we lived in bury';
    expect(negated(en, 'oldham', 'en')).toBe(true);
    expect(negated(en, 'bury', 'en')).toBe(false);
    expect(subjectAt(fr, fr.indexOf('boën'), 'fr')).toBe('self');
  });

  it('finds the denied place in English', () => {
    expect(negated('We never lived in Oldham.', 'Oldham', 'en')).toBe(true);
    expect(negated("We didn't live in Oldham but in Rochdale.", 'Oldham', 'en')).toBe(true);
    expect(negated("We didn't live in Oldham but in Rochdale.", 'Rochdale', 'en')).toBe(false);
    expect(negated('We did not stay in Oldham, we moved to Bury.', 'Bury', 'en')).toBe(false);
    expect(negated('We lived in Oldham for years.', 'Oldham', 'en')).toBe(false);
  });

  it('marks a name denied at every mention, and only then', () => {
    const denied = readNames("On n'habitait pas à Montbrison mais à Boën.", 'fr');
    expect(denied.get('montbrison')?.negated).toBe(true);
    expect(denied.get('boen')?.negated).toBe(false);
    const both = readNames(
      "On n'habitait pas à Montbrison. Plus tard on a habité à Montbrison.",
      'fr',
    );
    expect(both.get('montbrison')?.negated).toBe(false);
  });
});

describe('corrections', () => {
  it('keeps only what she corrected to', () => {
    expect(resolveCorrections("J'ai commencé en 1963… non, en 1964, à l'usine.", 'fr')).toBe(
      "J'ai commencé en 1964, à l'usine.",
    );
    expect(resolveCorrections('on habitait à roanne non à feurs', 'fr')).toBe(
      'on habitait à feurs',
    );
    expect(resolveCorrections("C'était en 1958, pardon, en 1959.", 'fr')).toBe("C'était en 1959.");
    expect(resolveCorrections('Je suis entrée chez Bréchard, enfin non, chez Gauchon.', 'fr')).toBe(
      'Je suis entrée chez Gauchon.',
    );
    expect(resolveCorrections('I was born in 1940, no, sorry, in 1941.', 'en')).toBe(
      'I was born in 1941.',
    );
    expect(resolveCorrections('We moved to Bury... no, to Bolton.', 'en')).toBe(
      'We moved to Bolton.',
    );
    expect(resolveCorrections('It was 1961, no, 1962.', 'en')).toBe('It was 1962.');
  });

  it('leaves a plain « non » alone', () => {
    for (const text of [
      'Non, je ne crois pas. Non, en 1964.',
      "Non, on n'avait pas la télévision.",
      'No, we never had a car, not in 1960.',
      'Il disait toujours non, à tout.',
    ])
      expect(resolveCorrections(text, text.startsWith('No,') ? 'en' : 'fr')).toBe(text);
  });
});

describe('who a clause is about', () => {
  const subject = (text: string, word: string, language: Language = 'fr') =>
    subjectAt(text, text.indexOf(word), language);

  it('tells her own life from someone else’s', () => {
    expect(subject('Ma petite-fille travaille à Grenoble.', 'Grenoble')).toBe('other');
    expect(subject('Mon fils habite à Lyon maintenant.', 'Lyon')).toBe('other');
    expect(subject('Sylvie vit à Lyon depuis dix ans.', 'Lyon')).toBe('other');
    expect(subject('On habitait à Lyon.', 'Lyon')).toBe('self');
    expect(subject("J'ai travaillé à Lyon.", 'Lyon')).toBe('self');
    expect(subject('Ma mère et moi vivions à Lyon.', 'Lyon')).toBe('self');
    expect(subject('Mes parents tenaient un café à Lyon.', 'Lyon')).not.toBe('other');
    expect(subject('My granddaughter works in Leeds.', 'Leeds', 'en')).toBe('other');
    expect(subject('We lived in Leeds.', 'Leeds', 'en')).toBe('self');
    expect(subject('My sister and I lived in Leeds.', 'Leeds', 'en')).toBe('self');
  });
});

describe('the interviewer’s words', () => {
  it('drops the question read back by the recogniser', () => {
    expect(
      withoutEcho(
        "Qu'est-ce que Pompon vous a appris ? Il m'a appris la patience",
        "Qu'est-ce que Pompon vous a appris ?",
      ),
    ).toBe("Il m'a appris la patience");
    expect(withoutEcho('Il était gentil.', 'Comment était votre père ?')).toBe('Il était gentil.');
  });
});

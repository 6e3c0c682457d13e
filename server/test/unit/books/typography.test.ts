// The typography pass of printed books, code point by code point.
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  headingText,
  paragraphs,
  typeset,
} from '../../../src/modules/books/typography.ts';

const NBSP = '\u00A0';
const THIN = '\u202F';
const WJ = '\u2060';

describe('French typography', () => {
  it('turns straight quotes into guillemets with no-break spaces, whatever spacing was typed', () => {
    expect(typeset('Elle a dit "bonjour" puis « au revoir ».', 'fr')).toBe(
      `Elle a dit «${NBSP}bonjour${NBSP}» puis «${NBSP}au revoir${NBSP}».`,
    );
    expect(typeset('«Oui»', 'fr')).toBe(`«${NBSP}Oui${NBSP}»`);
    expect(typeset('“Oui”', 'fr')).toBe(`«${NBSP}Oui${NBSP}»`);
  });

  it('puts a narrow no-break space before ; ! ? and a no-break space before :', () => {
    expect(typeset('Vraiment? Oui! Bon; voilà: fini', 'fr')).toBe(
      `Vraiment${THIN}? Oui${THIN}! Bon${THIN}; voilà${NBSP}: fini`,
    );
    expect(typeset('Quoi ?! Non !!', 'fr')).toBe(`Quoi${THIN}?! Non${THIN}!!`);
  });

  it('leaves times and addresses alone', () => {
    expect(typeset('à 10:30, voir https://exemple.fr', 'fr')).toBe(
      'à 10:30, voir https://exemple.fr',
    );
  });

  it('curls apostrophes, makes ellipses and dashes', () => {
    expect(typeset("L'été... c'était - je crois - en 1950", 'fr')).toBe(
      'L’été… c’était – je crois – en 1950',
    );
    expect(typeset('- Tu viens ?\n- Oui.', 'fr')).toBe(`—${NBSP}Tu viens${THIN}?\n—${NBSP}Oui.`);
  });
});

describe('English typography', () => {
  it('uses curly quotes and no space before punctuation', () => {
    expect(typeset('She said "hello" ; then « bye » !', 'en')).toBe(
      'She said “hello”; then “bye”!',
    );
    expect(typeset("It's Mary's... isn't it?", 'en')).toBe('It’s Mary’s… isn’t it?');
  });
});

describe('what cannot be printed', () => {
  it('drops emoji, skin tones, flags and control characters but keeps other scripts', () => {
    expect(cleanText('Été 1960 🌞🏖️ 👍🏽 🇫🇷 ok\u0007')).toBe('Été 1960 ok');
    expect(cleanText('שלום — مرحبا')).toBe('שלום — مرحبا');
  });

  it('splits a text into paragraphs on line breaks', () => {
    expect(paragraphs('Un.\n\nDeux.\nTrois.\n\n\n', 'fr')).toEqual(['Un.', 'Deux.', 'Trois.']);
  });
});

describe('numbers and dates', () => {
  it('keeps a date, a number and its unit, and a range on one line', () => {
    expect(typeset('Le 14 juillet 1960, à 3 km, pour 10 000 francs', 'fr')).toBe(
      `Le 14${NBSP}juillet${NBSP}1960, à 3${NBSP}km, pour 10${THIN}000${NBSP}francs`,
    );
    expect(typeset('de 1969 - 1971 et le 1er mai', 'fr')).toBe(
      `de 1969${WJ}–${WJ}1971 et le 1er${NBSP}mai`,
    );
    expect(typeset('On July 14, 1960 we walked 3 miles', 'en')).toBe(
      `On July${NBSP}14,${NBSP}1960 we walked 3${NBSP}miles`,
    );
    // A year after a preposition is left alone.
    expect(typeset('en 1950', 'fr')).toBe('en 1950');
  });
});

describe('headings', () => {
  it('never break inside parentheses, after a short word or at a hyphen', () => {
    expect(headingText(typeset('Les années à Vienne (1969–1971)', 'fr'), 'fr')).toBe(
      `Les${NBSP}années à${NBSP}Vienne (1969${WJ}–${WJ}1971)`,
    );
    expect(headingText('Retour à Saint-Étienne (été 1975)', 'fr')).toBe(
      `Retour à${NBSP}Saint-${WJ}Étienne (été${NBSP}1975)`,
    );
    expect(headingText('The Years in Vienna', 'en')).toBe(`The${NBSP}Years in${NBSP}Vienna`);
  });
});

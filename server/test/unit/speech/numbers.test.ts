// Numbers said in words: their values, and years written back in digits where the words around them say
// it is a year (« en soixante-huit ») and not a count (« en vingt minutes »).
import { describe, expect, it } from 'vitest';
import { spelledNumbers, wordValue, yearsToDigits } from '../../../src/providers/speech/numbers.ts';

const values = (text: string, language: 'fr' | 'en') =>
  spelledNumbers(text, language).map((n) => n.value);

describe('wordValue', () => {
  it('reads French words and hyphenated compounds', () => {
    expect(wordValue('soixante-quatre', 'fr')).toBe(64);
    expect(wordValue('quatre-vingt-dix-huit', 'fr')).toBe(98);
    expect(wordValue('quatre-vingts', 'fr')).toBe(80);
    expect(wordValue('vingt-et-un', 'fr')).toBe(21);
    expect(wordValue('dix-sept', 'fr')).toBe(17);
  });

  it('reads English compounds', () => {
    expect(wordValue('forty-two', 'en')).toBe(42);
  });

  it('is null for a word that is no number', () => {
    expect(wordValue('maison', 'fr')).toBeNull();
    expect(wordValue('house', 'en')).toBeNull();
  });
});

describe('spelledNumbers', () => {
  it('reads a French year said in full', () => {
    expect(spelledNumbers('mille neuf cent soixante-quatre', 'fr')).toEqual([
      { value: 1964, start: 0, end: 31, words: 4 },
    ]);
  });

  it('reads « dix-neuf cent cinquante » as 1950', () => {
    expect(values('dix-neuf cent cinquante', 'fr')).toEqual([1950]);
  });

  it('reads French tens joined by « et » or hyphens', () => {
    expect(spelledNumbers('soixante et onze', 'fr')).toEqual([
      { value: 71, start: 0, end: 16, words: 3 },
    ]);
    expect(values('quatre-vingt-dix-huit', 'fr')).toEqual([98]);
    expect(values('vingt et un', 'fr')).toEqual([21]);
    expect(values('soixante-dix', 'fr')).toEqual([70]);
  });

  it('reads English years said in pairs and with "thousand"', () => {
    expect(spelledNumbers('nineteen fifty two', 'en')).toEqual([
      { value: 1952, start: 0, end: 18, words: 3 },
    ]);
    expect(values('nineteen fifty-two', 'en')).toEqual([1952]);
    expect(values('two thousand and three', 'en')).toEqual([2003]);
  });

  it('reads "sixty three" as 63', () => {
    expect(values('sixty three', 'en')).toEqual([63]);
  });
});

describe('yearsToDigits, French', () => {
  it('writes a two-digit year after « en » in the last century', () => {
    expect(yearsToDigits('en soixante-huit', 'fr')).toBe('en 1968');
  });

  it('writes a year after a month', () => {
    expect(yearsToDigits('en février quarante-cinq', 'fr')).toBe('en février 1945');
  });

  it('writes the year of « je suis de trente-huit »', () => {
    expect(yearsToDigits('je suis de trente-huit', 'fr')).toBe('je suis de 1938');
  });

  it('writes full years in digits', () => {
    expect(yearsToDigits('né en mille neuf cent soixante-quatre', 'fr')).toBe('né en 1964');
    expect(yearsToDigits('en dix-neuf cent cinquante', 'fr')).toBe('en 1950');
    expect(yearsToDigits('il est né en deux mille trois', 'fr')).toBe('il est né en 2003');
  });

  it('keeps counts and durations in words', () => {
    expect(yearsToDigits('en vingt minutes', 'fr')).toBe('en vingt minutes');
    expect(yearsToDigits('à dix-huit ans', 'fr')).toBe('à dix-huit ans');
    expect(yearsToDigits('dans les années cinquante', 'fr')).toBe('dans les années cinquante');
    expect(yearsToDigits("j'avais vingt ans en mille neuf cent cinquante", 'fr')).toBe(
      "j'avais vingt ans en 1950",
    );
  });
});

describe('yearsToDigits, English', () => {
  it('writes a two-digit year after "in"', () => {
    expect(yearsToDigits('in sixty three', 'en')).toBe('in 1963');
  });

  it('writes full years in digits', () => {
    expect(yearsToDigits('in nineteen fifty two', 'en')).toBe('in 1952');
    expect(yearsToDigits('born in two thousand and three', 'en')).toBe('born in 2003');
  });

  it('keeps counts and durations in words', () => {
    expect(yearsToDigits('for twenty years', 'en')).toBe('for twenty years');
    expect(yearsToDigits('we had three kids', 'en')).toBe('we had three kids');
  });
});

// Years said by their last two digits in a range or a correction (issue 30): « de soixante-quatre à
// soixante-dix » is 1964 to 1970, "in fifty-two no fifty-three" keeps a year after the « no »; counts and ages
// in the same shape stay numbers.
import { describe, expect, it } from 'vitest';
import { yearsToDigits } from '../../../src/providers/speech/numbers.ts';

describe('spoken ranges of years', () => {
  it('writes both ends of a range as years', () => {
    expect(yearsToDigits('elle a tenu la mercerie de quarante-huit à soixante-trois', 'fr')).toBe(
      'elle a tenu la mercerie de 1948 à 1963',
    );
    expect(
      yearsToDigits(
        'on est restés là-bas de cinquante et un à cinquante-neuf on est rentrés',
        'fr',
      ),
    ).toBe('on est restés là-bas de 1951 à 1959 on est rentrés');
    expect(yearsToDigits('he drove the buses from forty-seven to seventy-two', 'en')).toBe(
      'he drove the buses from 1947 to 1972',
    );
  });

  it('leaves counts and ages said as a range', () => {
    for (const text of [
      'elle avait de vingt à trente ans',
      'il y avait de quarante à cinquante élèves par classe',
      'de trente à vingt',
    ])
      expect(yearsToDigits(text, 'fr')).toBe(text);
    for (const text of ['from twenty to thirty people came', 'between forty and fifty years'])
      expect(yearsToDigits(text, 'en')).toBe(text);
  });
});

describe('a year corrected by a bare number', () => {
  it('keeps the correction a year', () => {
    expect(yearsToDigits('we moved in sixty-six no sixty-seven', 'en')).toBe(
      'we moved in 1966 no 1967',
    );
    expect(yearsToDigits('il est né en quarante non quarante et un', 'fr')).toBe(
      'il est né en 1940 non 1941',
    );
  });

  it('leaves a number after « non » that corrects no year', () => {
    expect(yearsToDigits('on était vingt non vingt-deux à table', 'fr')).toBe(
      'on était vingt non vingt-deux à table',
    );
    expect(yearsToDigits('in sixty-six no twenty people came', 'en')).toBe(
      'in 1966 no twenty people came',
    );
  });
});

// Postcodes checked against the chosen country before a printed book is paid for.
import { describe, expect, it } from 'vitest';
import { normalizePostcode, postcodeExample } from '../../../src/modules/premium/postcodes.ts';

describe('postcodes', () => {
  it('refuses a code that is not of the chosen country', () => {
    expect(normalizePostcode('BE', 'ABC')).toBeNull();
    expect(normalizePostcode('BE', '10000')).toBeNull();
    expect(normalizePostcode('FR', '4230')).toBeNull();
    expect(normalizePostcode('MC', '75001')).toBeNull();
    expect(normalizePostcode('NL', '1012')).toBeNull();
    expect(normalizePostcode('GB', '12345')).toBeNull();
  });

  it('takes a valid code, written as the country writes it', () => {
    expect(normalizePostcode('BE', ' 1000 ')).toBe('1000');
    expect(normalizePostcode('FR', '42 300')).toBe('42300');
    expect(normalizePostcode('NL', '1012ab')).toBe('1012 AB');
    expect(normalizePostcode('PT', '1100148')).toBe('1100-148');
    expect(normalizePostcode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(normalizePostcode('CA', 'h2x 1y4')).toBe('H2X 1Y4');
    expect(normalizePostcode('LU', 'L-1111')).toBe('1111');
  });

  it('gives an example for each country of the list', () => {
    for (const country of [
      'FR',
      'BE',
      'CH',
      'LU',
      'MC',
      'DE',
      'ES',
      'IT',
      'NL',
      'PT',
      'GB',
      'CA',
    ]) {
      const example = postcodeExample(country)!;
      expect(normalizePostcode(country, example), country).not.toBeNull();
    }
  });
});

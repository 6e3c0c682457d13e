// Intl formatters (src/lib/intl.ts): one per language and options, reused, in the page's language.
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../../src/lib/i18n';
import { dateFormat, formatLongDate, formatPercent, numberFormat } from '../../../src/lib/intl';

beforeAll(async () => {
  await initI18n();
});

describe('formatters', () => {
  it('are built once per language and options, in the page language', async () => {
    await setLanguage('fr', { remember: false });
    const long = dateFormat({ dateStyle: 'long' });
    expect(dateFormat({ dateStyle: 'long' })).toBe(long);
    expect(dateFormat({ dateStyle: 'short' })).not.toBe(long);
    expect(long.format(new Date(Date.UTC(1941, 2, 14, 12)))).toBe('14 mars 1941');
    expect(numberFormat({ style: 'percent' }).format(0.4)).toBe('40\u00a0%');

    await setLanguage('en', { remember: false });
    const english = dateFormat({ dateStyle: 'long' });
    expect(english).not.toBe(long);
    expect(english.format(new Date(Date.UTC(1941, 2, 14, 12)))).toBe('March 14, 1941');
    await setLanguage('fr', { remember: false });
    expect(dateFormat({ dateStyle: 'long' })).toBe(long);
  });

  it('write long dates and percentages from the catalogue as Intl would, without building one', async () => {
    const days = [new Date(1941, 2, 1, 12), new Date(1999, 11, 31, 23, 59), new Date(2026, 6, 14)];
    for (const language of ['fr-CA', 'fr', 'en-GB', 'en-AU', 'en-CA', 'en-US', 'en']) {
      await setLanguage(language, { remember: false });
      const long = dateFormat({ dateStyle: 'long' });
      for (const day of days) {
        expect(formatLongDate(day)).toBe(long.format(day));
        expect(formatLongDate(day.toISOString())).toBe(long.format(day));
      }
      for (const percent of [0, 7, 40, 100])
        expect(formatPercent(percent)).toBe(
          numberFormat({ style: 'percent' }).format(percent / 100),
        );
    }
    expect(formatPercent(66.6)).toBe('67%');
    await setLanguage('fr', { remember: false });
    expect(formatLongDate(new Date(1941, 2, 1))).toBe('1 mars 1941');
    expect(formatLongDate('pas une date')).toBeNull();
    expect(formatLongDate(null)).toBeNull();
  });

  it('follow the region of English: day first and 24-hour time in Britain, month first in the US', async () => {
    const evening = new Date(2026, 11, 3, 22, 34);
    await setLanguage('en-GB', { remember: false });
    expect(formatLongDate(new Date(2026, 10, 26))).toBe('26 November 2026');
    expect(dateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(evening)).toBe(
      '3 December 2026 at 22:34',
    );
    await setLanguage('en-US', { remember: false });
    expect(formatLongDate(new Date(2026, 10, 26))).toBe('November 26, 2026');
    expect(dateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(evening)).toMatch(
      /^December 3, 2026 at 10:34\sPM$/,
    );
    await setLanguage('fr', { remember: false });
    expect(formatLongDate(new Date(2026, 10, 26))).toBe('26 novembre 2026');
  });
});

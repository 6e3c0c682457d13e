// Intl formatters (src/lib/intl.ts): one per language and options, reused, in the page's language.
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../../src/lib/i18n';
import { dateFormat, numberFormat } from '../../../src/lib/intl';

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
});

// An English first visit (src/lib/i18n.ts): the first screen's English texts come on their own, without
// every other English catalogue, which only a signed-in page asks for (loadAllNamespaces).
import { describe, expect, it, vi } from 'vitest';

const laterEnglish = vi.hoisted(() => ({ loaded: false }));

vi.mock('../../../src/lib/catalogues-en', async (importOriginal) => {
  laterEnglish.loaded = true;
  return importOriginal();
});

describe('an English first visit', () => {
  it('shows the first screen in English without loading the other English catalogues', async () => {
    Object.defineProperty(window.navigator, 'languages', {
      configurable: true,
      get: () => ['en-GB', 'en'],
    });
    const { i18n, initI18n, loadAllNamespaces } = await import('../../../src/lib/i18n');
    await initI18n();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('auth:fields.password')).toBe('Password');
    expect(laterEnglish.loaded).toBe(false);

    // A signed-in page: every catalogue of the language.
    await loadAllNamespaces();
    expect(laterEnglish.loaded).toBe(true);
    expect(Object.keys(i18n.getResourceBundle('en', 'conversation') ?? {})).not.toHaveLength(0);
  });
});

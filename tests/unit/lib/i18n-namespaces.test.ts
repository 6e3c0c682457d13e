// Every catalogue file is a namespace the signed-in pages load (src/lib/i18n.ts, loadAllNamespaces):
// the bundled French ones at once, the others from their language's chunk, in both languages.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadAllNamespaces, setLanguage } from '../../../src/lib/i18n';

const files = (language: string) =>
  readdirSync(join(__dirname, '..', '..', '..', 'locales', language))
    .map((name) => name.replace(/\.json$/, ''))
    .sort();

describe('all namespaces', () => {
  it('are the same files in both languages', () => {
    expect(files('en')).toEqual(files('fr'));
  });

  it('load, in French and in English', async () => {
    await initI18n();
    for (const language of ['fr', 'en'] as const) {
      await setLanguage(language, { remember: false });
      await loadAllNamespaces();
      for (const namespace of files(language))
        expect(
          Object.keys(i18n.getResourceBundle(language, namespace) ?? {}),
          `${language}/${namespace}`,
        ).not.toHaveLength(0);
    }
    await setLanguage('fr', { remember: false });
  });
});

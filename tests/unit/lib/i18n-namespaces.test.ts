// The namespaces the app knows (src/lib/i18n.ts) are the catalogues there are, in both languages, and
// each loads: the bundled French ones at once, the others from their language's chunk.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadAllNamespaces, namespaces, setLanguage } from '../../../src/lib/i18n';

const files = (language: string) =>
  readdirSync(join(__dirname, '..', '..', '..', 'locales', language))
    .map((name) => name.replace(/\.json$/, ''))
    .sort();

describe('namespaces', () => {
  it('are the catalogue files of each language', () => {
    expect([...namespaces].sort()).toEqual(files('fr'));
    expect(files('en')).toEqual(files('fr'));
  });

  it('all load, in French and in English', async () => {
    await initI18n();
    await loadAllNamespaces();
    for (const namespace of namespaces)
      expect(Object.keys(i18n.getResourceBundle('fr', namespace) ?? {})).not.toHaveLength(0);
    await setLanguage('en', { remember: false });
    await loadAllNamespaces();
    for (const namespace of namespaces)
      expect(Object.keys(i18n.getResourceBundle('en', namespace) ?? {})).not.toHaveLength(0);
    await setLanguage('fr', { remember: false });
  });
});

// French is the source catalogue and English must say the same things: for the support, data export
// chapter (share) and family (her circle) namespaces, both have the same keys, no empty text, and the same placeholders.
import { describe, expect, it } from 'vitest';
import enConversation from '../../../locales/en/conversation.json';
import enDataExport from '../../../locales/en/dataExport.json';
import enFamily from '../../../locales/en/family.json';
import enSupport from '../../../locales/en/support.json';
import frConversation from '../../../locales/fr/conversation.json';
import frDataExport from '../../../locales/fr/dataExport.json';
import frFamily from '../../../locales/fr/family.json';
import frSupport from '../../../locales/fr/support.json';

type Catalogue = Record<string, unknown>;

function entries(catalogue: unknown, prefix = ''): [string, string][] {
  if (typeof catalogue === 'string') return [[prefix, catalogue]];
  if (!catalogue || typeof catalogue !== 'object') return [[prefix, String(catalogue)]];
  return Object.entries(catalogue as Catalogue).flatMap(([key, value]) =>
    entries(value, prefix ? `${prefix}.${key}` : key),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]).sort();
}

describe.each([
  ['support', frSupport, enSupport],
  ['dataExport', frDataExport, enDataExport],
  ['conversation', frConversation, enConversation],
  ['family', frFamily, enFamily],
])('the %s catalogues', (_name, fr, en) => {
  const frEntries = new Map(entries(fr));
  const enEntries = new Map(entries(en));

  it('have the same keys in French and English', () => {
    expect([...enEntries.keys()].sort()).toEqual([...frEntries.keys()].sort());
  });

  it('have no empty text and the same placeholders', () => {
    for (const [key, frText] of frEntries) {
      const enText = enEntries.get(key) ?? '';
      expect(frText.trim(), `fr ${key}`).not.toBe('');
      expect(enText.trim(), `en ${key}`).not.toBe('');
      expect(placeholders(enText), key).toEqual(placeholders(frText));
    }
  });
});

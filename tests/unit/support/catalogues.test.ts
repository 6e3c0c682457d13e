// French is the source catalogue and English must say the same things: for the support, data export
// chapter (share) and family (her circle) namespaces, both have the same keys, no empty text, and the same placeholders.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

// French typography on screen as in the book: a question mark, an exclamation mark or a semicolon keeps
// to its word with a narrow no-break space, a colon with a no-break space, and the guillemets hold their
// words the same way — so that at 200 % text no « ? » starts a line of its own.
describe('the French catalogues', () => {
  const folder = join(__dirname, '../../../locales/fr');
  const texts = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      entries(JSON.parse(readFileSync(join(folder, file), 'utf8'))).map(
        ([key, text]) => [`${file} ${key}`, text] as const,
      ),
    );

  it('are all read', () => {
    expect(texts.length).toBeGreaterThan(500);
  });

  it('never break a line before ? ! ; : or inside « »', () => {
    const breakable = texts.filter(([, text]) => /\S [?!;:]|« | »/.test(text));
    expect(breakable).toEqual([]);
  });
});

// English typography in the English catalogues (issue 35): no space (plain, no-break or narrow
// no-break) before « : ; ! ? », and no « » guillemets: English writes “Keywords:” and “My account”.
// The colons the pages add around a catalogue string live in the catalogue too, so this covers them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', 'locales');

function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

/** The faults of French typography in an English text, each with a little context. */
function frenchTypography(text: string): string[] {
  return [...text.matchAll(/.{0,12}(?:[ \u00a0\u202f][:;!?]|[«»]).{0,12}/gu)].map((m) => m[0]);
}

describe('English catalogues', () => {
  const files = readdirSync(join(root, 'en')).filter((name) => name.endsWith('.json'));

  it('are there to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s has no space before : ; ! ? and no « »', (file) => {
    const catalogue = JSON.parse(readFileSync(join(root, 'en', file), 'utf8')) as unknown;
    const faults = strings(catalogue, '').flatMap(([key, text]) =>
      frenchTypography(text).map((fault) => `${key}: ${fault}`),
    );
    expect(faults).toEqual([]);
  });

  it('catches every kind of fault', () => {
    for (const text of ['Keywords :', 'Yes !', 'Why ?', 'a ; b', 'Hi\u00a0:', 'Hi\u202f?', '« x »'])
      expect(frenchTypography(text), text).not.toEqual([]);
    for (const text of ['Keywords:', 'Yes!', 'Why?', 'a; b', '“My account”', '12:30', '{{count}}?'])
      expect(frenchTypography(text), text).toEqual([]);
  });
});

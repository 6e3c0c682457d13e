// WordSet: the same answers as a Set of the same words, for every word of the French dictionary and for
// words that are not in it, prefixes and extensions of its words included; its words' texts; and the
// lexicon's NameTable, which keeps the proper names in one.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { WordSet } from '../../../src/providers/speech/word-set.ts';
import {
  NameTable,
  speechLexicon,
  type ProperName,
} from '../../../src/providers/speech/lexicon.ts';

const require = createRequire(import.meta.url);

describe('WordSet', () => {
  test('holds exactly the words it was given', () => {
    const set = new WordSet(['été', 'étê', 'œuvre', 'a', 'ab', 'abc', 'abc']);
    expect(set.size).toBe(6);
    for (const word of ['été', 'étê', 'œuvre', 'a', 'ab', 'abc']) expect(set.has(word)).toBe(true);
    for (const word of ['', 'b', 'abcd', 'bc', 'ete', 'œuvr', 'œuvres', 'a\nab', 'Été'])
      expect(set.has(word)).toBe(false);
  });

  test('agrees with a Set on the whole French dictionary', () => {
    const words: string[] = JSON.parse(
      readFileSync(require.resolve('an-array-of-french-words/index.json'), 'utf8'),
    );
    const set = new WordSet(words);
    const plain = new Set(words);
    expect(set.size).toBe(plain.size);
    for (const word of words) if (!set.has(word)) throw new Error(`missing: ${word}`);
    let checked = 0;
    for (const word of words.slice(0, 50_000)) {
      for (const probe of [word.slice(0, -1), `${word}x`, word.toUpperCase()]) {
        expect(set.has(probe)).toBe(plain.has(probe));
        checked++;
      }
    }
    expect(checked).toBe(150_000);
  });
});

describe('WordSet with values', () => {
  test("gives each word's own text, and none for a word it does not hold", () => {
    const set = WordSet.withValues([
      ['saint etienne', 'Saint-Étienne'],
      ['saint', 'Saint'],
      ['rœschwoog', 'Rœschwoog'],
      ['vide', ''],
      ['saint', 'second text, ignored'],
      ['tab', 'a\tb'],
    ]);
    expect(set.value('saint etienne')).toBe('Saint-Étienne');
    expect(set.value('saint')).toBe('Saint');
    expect(set.value('rœschwoog')).toBe('Rœschwoog');
    expect(set.value('vide')).toBe('');
    expect(set.has('vide')).toBe(true);
    // A text that cannot be stored leaves its word out rather than cut it.
    expect(set.has('tab')).toBe(false);
    for (const word of ['sain', 'saint e', 'saint etiennes', 'Saint', 'Saint-Étienne', 'saint\t'])
      expect(set.value(word)).toBeUndefined();
    expect(set.size).toBe(4);
  });
});

describe('NameTable', () => {
  test('gives back every kind and flag of every name it was given', () => {
    const kinds: ProperName['kind'][] = ['place', 'person', 'firm', 'brand', 'event', 'name'];
    const names = new Map<string, ProperName>();
    kinds.forEach((kind, k) => {
      for (let bits = 0; bits < 32; bits++) {
        names.set(`${kind} ${bits}`, {
          form: `${kind.toUpperCase()}-${bits} Œ`,
          kind,
          ambiguous: (bits & 1) !== 0,
          usuallyName: (bits & 2) !== 0,
          wellKnown: (bits & 4) !== 0,
          area: (bits & 8) !== 0,
          listed: (bits & 16) !== 0,
        });
      }
      expect(k).toBeLessThan(8);
    });
    const table = new NameTable(names);
    expect(table.size).toBe(names.size);
    for (const [key, name] of names) expect(table.get(key)).toEqual(name);
    expect(table.get('place')).toBeUndefined();
    expect(table.has('person 31')).toBe(true);
  });

  test('the French lexicon finds a town by its key, with its accents and hyphens', () => {
    const lexicon = speechLexicon('fr');
    expect(lexicon.names.get('saint etienne')).toMatchObject({
      form: 'Saint-Étienne',
      kind: 'place',
      wellKnown: true,
    });
    expect(lexicon.firstNames.has('jean pierre')).toBe(true);
    expect(lexicon.firstNames.has('saint etienne')).toBe(false);
    expect(speechLexicon('en').genders.get('joan')).toBe('f');
    expect(speechLexicon('en').genders.get('jean')).toBeUndefined();
  });
});

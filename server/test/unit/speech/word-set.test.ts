// WordSet: the same answers as a Set of the same words, for every word of the French dictionary and for
// words that are not in it, prefixes and extensions of its words included.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { WordSet } from '../../../src/providers/speech/word-set.ts';

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

// A set of words kept for the life of the process in two objects instead of one per word: the words in
// one string, one after another, and a hash table of where each begins. The French dictionary's
// 336,000 forms take ~11 MB this way against ~25 MB as a Set of strings (issue 34: the memory an idle
// server keeps); a lookup hashes the word and compares it in place, without making a string.
// A word may carry a short text of its own (`WordSet.withValues`), written after it in the same string:
// with its 70,000 proper names and 36,000 first names kept so, the French lexicon holds 15 MB instead of 25
// as Maps and Sets (lexicon.ts).
const END = '\n';
const VALUE = '\t';

function hash(text: string): number {
  // FNV-1a over UTF-16 code units.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const storable = (text: string) => !text.includes(END) && !text.includes(VALUE);

export class WordSet {
  private readonly text: string;
  /** Open addressing: the word's start in `text` plus one; 0 is an empty slot. */
  private readonly slots: Uint32Array;
  readonly size: number;

  /** A word given twice is kept once; `values`: the texts of some words (see `withValues`). */
  constructor(words: Iterable<string>, values?: ReadonlyMap<string, string>) {
    const unique = [...new Set(words)].filter((word) => word && storable(word));
    this.size = unique.length;
    const lines = unique.map((word) => {
      const value = values?.get(word);
      return value === undefined ? word : word + VALUE + value;
    });
    this.text = lines.join(END) + END;
    let capacity = 1;
    while (capacity < unique.length * 2) capacity *= 2;
    this.slots = new Uint32Array(capacity);
    const mask = capacity - 1;
    let start = 0;
    unique.forEach((word, index) => {
      let slot = hash(word) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = start + 1;
      start += lines[index]!.length + 1;
    });
  }

  /** Words with a text each (no tab or line break in either; a word given twice keeps its first text). */
  static withValues(entries: Iterable<[string, string]>): WordSet {
    const values = new Map<string, string>();
    for (const [word, value] of entries)
      if (storable(value) && !values.has(word)) values.set(word, value);
    return new WordSet(values.keys(), values);
  }

  has(word: string): boolean {
    return this.find(word) >= 0;
  }

  /** The word's text (`withValues`); undefined for a word not in the set, '' for one without. */
  value(word: string): string | undefined {
    const start = this.find(word);
    if (start < 0) return undefined;
    const after = start + word.length;
    if (this.text[after] !== VALUE) return '';
    return this.text.slice(after + 1, this.text.indexOf(END, after));
  }

  /** Where the word's line begins in `text`, or -1. */
  private find(word: string): number {
    if (!word) return -1;
    const mask = this.slots.length - 1;
    for (let slot = hash(word) & mask; ; slot = (slot + 1) & mask) {
      const at = this.slots[slot]!;
      if (at === 0) return -1;
      const start = at - 1;
      if (this.text.startsWith(word, start)) {
        const next = this.text[start + word.length];
        // A word holding a tab or a line break is none of the set's, even where it reads like one and
        // the text that follows it ("saint\tSaint").
        if (next === END || next === VALUE) return storable(word) ? start : -1;
      }
    }
  }
}

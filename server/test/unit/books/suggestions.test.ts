// The embedded writer's book suggestions (POST /books/suggestions): the back-cover text lists the chapters'
// titles as the person wrote them, so places and names keep their capitals.
import { describe, expect, it } from 'vitest';
import { withoutAuthorName } from '../../../src/modules/books/service.ts';
import { suggestBookEmbedded } from '../../../src/providers/writer/book.ts';

const chapters = (titles: string[]) =>
  titles.map((title) => ({ title, keywords: [], text: null as string | null }));

describe('the suggested back-cover text', () => {
  it('keeps the capitals of the titles (French)', () => {
    const { summary } = suggestBookEmbedded({
      language: 'fr',
      author: 'Jeanne Martin',
      chapters: chapters([
        'Mon enfance',
        'Villeurbanne',
        'Les années à Vienne (1969–1971)',
        'Claire.',
      ]),
      instructions: null,
    });
    expect(summary).toContain(
      'Mon enfance, Villeurbanne, Les années à Vienne (1969–1971) et Claire.',
    );
    expect(summary).not.toMatch(/villeurbanne|claire/);
  });

  it('keeps the capitals of the titles (English)', () => {
    const { summary } = suggestBookEmbedded({
      language: 'en',
      author: 'John Smith',
      chapters: chapters(['Growing up in Leeds', 'Mary', 'The War Years']),
      instructions: null,
    });
    expect(summary).toContain('Growing up in Leeds, Mary and The War Years.');
  });
});

describe("the author's name in the suggestions", () => {
  it('is in neither the title nor the subtitle, and once in the back-cover text', () => {
    const suggested = suggestBookEmbedded({
      language: 'fr',
      author: 'Jeanne Martin',
      chapters: chapters(['Mon enfance', 'Lyon', 'Le travail', 'Claire']),
      instructions: null,
    });
    expect(suggested.title).not.toContain('Jeanne');
    expect(suggested.subtitle).not.toContain('Jeanne');
    expect(suggested.summary.match(/Jeanne Martin/g)).toHaveLength(1);
  });

  it("is taken out of a model's title or subtitle, with the words leading to it", () => {
    expect(withoutAuthorName('Ma vie, par Jeanne Martin', 'Jeanne Martin')).toBe('Ma vie');
    expect(withoutAuthorName('Les souvenirs de jeanne martin', 'Jeanne Martin')).toBe(
      'Les souvenirs',
    );
    expect(withoutAuthorName('Jeanne Martin : une vie à Lyon', 'Jeanne Martin')).toBe(
      'une vie à Lyon',
    );
    expect(withoutAuthorName('My Life, by John Smith', 'John Smith')).toBe('My Life');
    // Nothing else to say: kept as it is; without the name: unchanged.
    expect(withoutAuthorName('Jeanne Martin', 'Jeanne Martin')).toBe('Jeanne Martin');
    expect(withoutAuthorName('Une vie à Lyon', 'Jeanne Martin')).toBe('Une vie à Lyon');
  });
});

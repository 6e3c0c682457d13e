// The embedded writer's book suggestions (POST /books/suggestions): the back-cover text lists the chapters'
// titles as the person wrote them, so places and names keep their capitals.
import { describe, expect, it } from 'vitest';
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

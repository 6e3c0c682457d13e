// Material for the typesetter's tests, without server or database.
import type { BookMaterial } from '../../src/modules/books/render.ts';

/** A book of short chapters without pictures, straight for the typesetter (no server, no database). */
export function plainMaterial(titles: string[]): BookMaterial {
  return {
    language: 'fr',
    title: 'Au bord de l’eau',
    subtitle: 'Souvenirs',
    author: 'Jeanne Martin',
    summary: 'Une vie au bord de l’eau.',
    dedication: null,
    largePrint: false,
    chapters: titles.map((title) => ({
      title,
      author: null,
      text: 'Nous habitions une maison au bord de l’eau.',
      images: [],
    })),
    cover: null,
    portrait: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
  };
}

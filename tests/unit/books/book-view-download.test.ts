// The download's file name: the book's title plus .pdf (or .epub), safe on every file system.
import { describe, expect, it } from 'vitest';
import { bookFileName } from '../../../src/features/books/components/book-view-download';

describe('bookFileName', () => {
  it('is the title followed by .pdf', () => {
    expect(bookFileName('Ma vie à Roanne')).toBe('Ma vie à Roanne.pdf');
  });

  it('drops the characters file systems refuse', () => {
    expect(bookFileName('Ma vie: 1941/2025 "souvenirs"?')).toBe('Ma vie 1941 2025 souvenirs.pdf');
    expect(bookFileName('a\\b*c<d>e|f\u0007g')).toBe('a b c d e f g.pdf');
  });

  it('never gives a hidden or empty name', () => {
    expect(bookFileName('...')).toBe('livre.pdf');
    expect(bookFileName('   ', 'Livre')).toBe('Livre.pdf');
    expect(bookFileName('.Souvenirs.')).toBe('Souvenirs.pdf');
  });

  it('keeps long titles to a reasonable length', () => {
    expect(bookFileName('x'.repeat(400))).toBe(`${'x'.repeat(150)}.pdf`);
  });
});

describe('bookFileName for the EPUB (issue 33)', () => {
  it('is the title followed by .epub', () => {
    expect(bookFileName('Ma vie à Roanne', 'livre', { extension: 'epub' })).toBe(
      'Ma vie à Roanne.epub',
    );
    expect(bookFileName('Ma vie: 1941/2025', 'livre', { extension: 'epub' })).toBe(
      'Ma vie 1941 2025.epub',
    );
    expect(bookFileName('...', 'Livre', { extension: 'epub' })).toBe('Livre.epub');
  });

  it('marks the version with the recordings after the title', () => {
    expect(
      bookFileName('Au bord de l’eau', 'livre', { extension: 'epub', variant: 'avec la voix' }),
    ).toBe('Au bord de l’eau (avec la voix).epub');
    expect(bookFileName('', 'Book', { extension: 'epub', variant: 'with/voice' })).toBe(
      'Book (with voice).epub',
    );
  });
});

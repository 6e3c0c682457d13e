// keepTogether: the spaces a French text already has before « ? ! ; : » and inside « » become
// non-breaking for display, so that at 200 % text no mark starts a line of its own; nothing else moves.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepTogether } from '../../../src/lib/typography';

describe('keepTogether', () => {
  it('makes the spaces before ? ! ; narrow and non-breaking, before : non-breaking', () => {
    expect(keepTogether('Et ensuite ? Oui ! Bien ; voici : la mer')).toBe(
      'Et ensuite\u202f? Oui\u202f! Bien\u202f; voici\u00a0: la mer',
    );
  });

  it('holds the words inside « » and collapses doubled spaces into one', () => {
    expect(keepTogether('Il disait «  on reviendra  » puis  ?')).toBe(
      'Il disait «\u00a0on reviendra\u00a0» puis\u202f?',
    );
  });

  it('adds no space where there was none: English and times stay as they are', () => {
    for (const text of ['Where did you live? In Hull!', 'At 10:30; then home.', 'https://a.b/c?d'])
      expect(keepTogether(text)).toBe(text);
  });

  it('keeps line breaks and every other character', () => {
    expect(keepTogether('Premier.\nSecond ?')).toBe('Premier.\nSecond\u202f?');
  });

  it('is what a page shows, found by the words as typed', () => {
    render(<p>{keepTogether('Quel souvenir gardez-vous de ce voyage ?')}</p>);
    const shown = screen.getByText('Quel souvenir gardez-vous de ce voyage ?');
    expect(shown.textContent).toBe('Quel souvenir gardez-vous de ce voyage\u202f?');
  });
});

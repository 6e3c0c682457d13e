// The onboarding answer rule of spec §5: checkbox choices joined by ', ' with the custom text appended,
// truncated to 255 characters (252 and an ellipsis); and the way back for editing.
import { describe, expect, it } from 'vitest';
import {
  ANSWER_MAX_LENGTH,
  answerLength,
  composeAnswer,
  isAnswered,
  parseAnswer,
  truncateAnswer,
} from '../../../src/features/onboarding/answer-format';

const themes = {
  answer_input_type: 'checkbox' as const,
  valid_answers: ['Enfance', 'Travail', 'Famille', 'Voyages'],
  is_custom_answer_allowed: true,
};
const speaking = {
  answer_input_type: 'radio' as const,
  valid_answers: ['Tutoiement', 'Vouvoiement'],
  is_custom_answer_allowed: false,
};
const audience = {
  answer_input_type: 'radio' as const,
  valid_answers: ['Mes enfants', 'Mes petits-enfants'],
  is_custom_answer_allowed: true,
};
const birth = {
  answer_input_type: 'text' as const,
  valid_answers: [],
  is_custom_answer_allowed: false,
};

describe('composeAnswer', () => {
  it('joins checkbox choices with ", " in the order of the question, custom text last', () => {
    expect(composeAnswer(themes, { selected: ['Voyages', 'Enfance'], text: '  La guerre  ' })).toBe(
      'Enfance, Voyages, La guerre',
    );
    expect(composeAnswer(themes, { selected: ['Travail'], text: '' })).toBe('Travail');
    expect(composeAnswer(themes, { selected: [], text: 'Le jardin' })).toBe('Le jardin');
    expect(composeAnswer(themes, { selected: [], text: '   ' })).toBe('');
  });

  it('ignores choices the question does not offer', () => {
    expect(composeAnswer(themes, { selected: ['Inventé', 'Famille'], text: '' })).toBe('Famille');
  });

  it('drops custom text when the question allows none', () => {
    expect(
      composeAnswer(
        { ...themes, is_custom_answer_allowed: false },
        {
          selected: ['Famille'],
          text: 'Autre chose',
        },
      ),
    ).toBe('Famille');
    expect(composeAnswer(speaking, { selected: [], text: 'Comme vous voulez' })).toBe('');
  });

  it('takes the radio choice, else the custom answer', () => {
    expect(composeAnswer(speaking, { selected: ['Vouvoiement'], text: '' })).toBe('Vouvoiement');
    expect(composeAnswer(audience, { selected: [], text: ' Mes neveux ' })).toBe('Mes neveux');
    expect(composeAnswer(audience, { selected: ['Mes enfants'], text: 'ignored' })).toBe(
      'Mes enfants',
    );
  });

  it('trims text answers', () => {
    expect(composeAnswer(birth, { selected: [], text: '  1942, à Lyon\n' })).toBe('1942, à Lyon');
  });

  it('truncates a long join to 252 characters and an ellipsis', () => {
    const custom = 'x'.repeat(300);
    const answer = composeAnswer(themes, { selected: ['Enfance', 'Travail'], text: custom });
    expect(answer).toBe(`Enfance, Travail, ${'x'.repeat(252 - 'Enfance, Travail, '.length)}…`);
    expect(answerLength(answer)).toBe(253);
    expect(answerLength(answer)).toBeLessThanOrEqual(ANSWER_MAX_LENGTH);
  });
});

describe('truncateAnswer', () => {
  it('keeps answers of 255 characters or fewer untouched', () => {
    expect(truncateAnswer('a'.repeat(255))).toBe('a'.repeat(255));
    expect(truncateAnswer('')).toBe('');
  });

  it('cuts from 256 characters on', () => {
    expect(truncateAnswer('a'.repeat(256))).toBe(`${'a'.repeat(252)}…`);
  });

  it('counts like the server (an emoji is two units) and never cuts an emoji in half', () => {
    const answer = truncateAnswer('🌳'.repeat(200));
    expect(answer).toBe(`${'🌳'.repeat(126)}…`);
    expect(answer.length).toBe(253);
    const odd = truncateAnswer(`a${'🌳'.repeat(200)}`);
    // 'a' + 125 emoji = 251 units; one more emoji would pass 252.
    expect(odd).toBe(`a${'🌳'.repeat(125)}…`);
  });
});

describe('isAnswered', () => {
  it('is false for missing or blank values', () => {
    expect(isAnswered(birth, undefined)).toBe(false);
    expect(isAnswered(birth, { selected: [], text: '  ' })).toBe(false);
    expect(isAnswered(speaking, { selected: ['Tutoiement'], text: '' })).toBe(true);
  });
});

describe('parseAnswer', () => {
  it('ticks the known choices again and keeps the rest as custom text', () => {
    expect(parseAnswer(themes, 'Enfance, Voyages, La guerre, la paix')).toEqual({
      selected: ['Enfance', 'Voyages'],
      text: 'La guerre, la paix',
    });
    expect(parseAnswer(audience, 'Mes enfants')).toEqual({ selected: ['Mes enfants'], text: '' });
    expect(parseAnswer(audience, 'Mes neveux')).toEqual({ selected: [], text: 'Mes neveux' });
    expect(parseAnswer(birth, '1942')).toEqual({ selected: [], text: '1942' });
  });

  it('gives back the same answer when composed again', () => {
    const saved = 'Travail, Famille, Les bals du samedi';
    expect(composeAnswer(themes, parseAnswer(themes, saved))).toBe(saved);
  });
});

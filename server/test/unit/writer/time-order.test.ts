// Answers told out of order come back in time order when their years, or ages with a year of birth, say so.
import { describe, expect, it } from 'vitest';
import { inTimeOrder, type Answer } from '../../../src/providers/writer/embedded.ts';

const answer = (text: string): Answer => ({
  sentences: text.split(/(?<=\.)\s+/),
  theme: null,
});
const order = (answers: string[], language: 'fr' | 'en') =>
  inTimeOrder(answers.map(answer), language).map((a) => a.sentences.join(' '));

describe('inTimeOrder', () => {
  it('puts a wedding told first after the birth, and an age after the year of birth', () => {
    expect(
      order(
        [
          "On s'est mariés en 1968.",
          'Je suis née en 1946 à Lyon.',
          "À dix-huit ans, je suis entrée à l'usine.",
          'Mon père était mineur.',
        ],
        'fr',
      ),
    ).toEqual([
      'Je suis née en 1946 à Lyon.',
      "À dix-huit ans, je suis entrée à l'usine.",
      'Mon père était mineur.',
      "On s'est mariés en 1968.",
    ]);
  });

  it('reads English ages too', () => {
    expect(
      order(
        [
          'We married in 1960.',
          'I was born in 1937 in Salford.',
          'At fifteen I started at the mill.',
        ],
        'en',
      ),
    ).toEqual([
      'I was born in 1937 in Salford.',
      'At fifteen I started at the mill.',
      'We married in 1960.',
    ]);
  });

  it('leaves answers without a time where they were, and a year said at the end does not move an answer', () => {
    expect(
      order(
        [
          'Je suis née en 1950.',
          'Mon père était mineur. Il descendait au fond. Il est mort en 1979.',
          'En 1970, on a déménagé.',
        ],
        'fr',
      ),
    ).toEqual([
      'Je suis née en 1950.',
      'Mon père était mineur. Il descendait au fond. Il est mort en 1979.',
      'En 1970, on a déménagé.',
    ]);
  });
});

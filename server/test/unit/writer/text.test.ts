// Spoken answers into written sentences: fillers, stutters, punctuation, capitals, French typography.
import { describe, expect, it } from 'vitest';
import {
  cleanSpeech,
  isNonAnswer,
  splitSentences,
  typeset,
} from '../../../src/providers/writer/text.ts';

const clean = (text: string, language: 'fr' | 'en' = 'fr') =>
  splitSentences(cleanSpeech(text, language)).join(' ');

describe('cleanSpeech (French)', () => {
  it('removes hesitations and verbal tics', () => {
    expect(clean('euh ben on allait à la plage, hum, le dimanche')).toBe(
      'On allait à la plage le dimanche.',
    );
    expect(clean("Bah c'était dur, voilà quoi.")).toBe("C'était dur.");
    expect(clean("c'était une belle époque quoi")).toBe("C'était une belle époque.");
    expect(clean('Heu... mon père, euuuh, était maçon')).toBe('Mon père était maçon.');
  });

  it('drops a spoken run-up ("alors", "eh bien") but keeps "alors que"', () => {
    expect(clean('Alors euh je suis née en 1938 à Lyon.')).toBe('Je suis née en 1938 à Lyon.');
    expect(clean("Eh bien, on partait à l'aube. Alors on marchait.")).toBe(
      "On partait à l'aube. On marchait.",
    );
    expect(clean('Alors que la guerre finissait, nous sommes rentrés.')).toBe(
      'Alors que la guerre finissait, nous sommes rentrés.',
    );
    expect(clean("Il pleuvait, alors on restait à l'abri.")).toBe(
      "Il pleuvait, alors on restait à l'abri.",
    );
  });

  it('removes "en fait", "tu vois", "vous savez" used as fillers only', () => {
    expect(clean('En fait, on habitait chez ma tante, vous savez.')).toBe(
      'On habitait chez ma tante.',
    );
    expect(clean('Il était, tu vois, très grand.')).toBe('Il était très grand.');
    expect(clean('Je ne sais pas quoi dire de plus sur lui.')).toBe(
      'Je ne sais pas quoi dire de plus sur lui.',
    );
  });

  it('collapses immediate repetitions but keeps the reflexive "nous nous"', () => {
    expect(clean('je je suis allée à à Paris avec le le car')).toBe(
      'Je suis allée à Paris avec le car.',
    );
    expect(clean("c'était c'était la guerre")).toBe("C'était la guerre.");
    expect(clean('nous nous sommes mariés en juin')).toBe('Nous nous sommes mariés en juin.');
    expect(clean('on allait on allait au bal')).toBe('On allait au bal.');
  });

  it('keeps a name that looks like a tic', () => {
    expect(clean('Mon cousin Ben habitait à Lyon')).toBe('Mon cousin Ben habitait à Lyon.');
  });

  it('fixes spacing and punctuation and ends every sentence', () => {
    expect(
      splitSentences(cleanSpeech('on est parti tôt ,très tôt .le car était plein', 'fr')),
    ).toEqual(['On est parti tôt, très tôt.', 'Le car était plein.']);
    expect(splitSentences('Il a dit « Viens. Tout de suite. » et il est parti')).toEqual([
      'Il a dit « Viens. Tout de suite. » et il est parti.',
    ]);
    expect(splitSentences('Il était… gentil. Vraiment')).toEqual([
      'Il était… gentil.',
      'Vraiment.',
    ]);
  });
});

describe('cleanSpeech (English)', () => {
  it('removes um, uh, "you know" and "like" as a filler, not "like" as a verb', () => {
    expect(clean('Um, we lived, you know, above the shop', 'en')).toBe('We lived above the shop.');
    expect(clean('Like, I used to sit there, uh, all day', 'en')).toBe(
      'I used to sit there all day.',
    );
    expect(clean('I did like the sweets', 'en')).toBe('I did like the sweets.');
    expect(clean('my my brother was was always teasing me', 'en')).toBe(
      'My brother was always teasing me.',
    );
  });
});

describe('isNonAnswer', () => {
  it('spots answers that say nothing', () => {
    for (const text of [
      'Oui.',
      'non',
      'Je ne sais plus.',
      'je sais pas',
      'Je ne me souviens plus du tout.',
      'Bof.',
    ])
      expect(isNonAnswer(text, 'fr'), text).toBe(true);
    for (const text of ['Yes.', "I don't remember.", 'no idea'])
      expect(isNonAnswer(text, 'en'), text).toBe(true);
    expect(isNonAnswer('Oui, à Brest.', 'fr')).toBe(false);
  });
});

describe('typeset', () => {
  it('puts French no-break spaces and curly apostrophes', () => {
    expect(typeset("Il m'a dit : « Viens ! » Pourquoi ? Parce que ; voilà", 'fr')).toBe(
      'Il m’a dit\u00A0: «\u00A0Viens\u202F!\u00A0» Pourquoi\u202F? Parce que\u202F; voilà',
    );
    expect(typeset('Il a dit "non"', 'fr')).toBe('Il a dit «\u00A0non\u00A0»');
  });

  it('is idempotent', () => {
    const once = typeset("C'est là : « Oui ? »", 'fr');
    expect(typeset(once, 'fr')).toBe(once);
  });

  it('leaves English spacing alone', () => {
    expect(typeset('I\'m here: "yes"!', 'en')).toBe('I’m here: “yes”!');
  });
});

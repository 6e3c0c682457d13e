// The question bank and phrasebooks: size, themes, unique ids and texts, and French that agrees with vous or tu.
import { describe, expect, it } from 'vitest';
import { getBank } from '../../../src/providers/interviewer/bank.ts';
import { getPhrasebook } from '../../../src/providers/interviewer/phrases.ts';
import type { Phrasebook } from '../../../src/providers/interviewer/phrasebook-types.ts';
import { render } from '../../../src/providers/interviewer/render.ts';
import type { Register } from '../../../src/providers/interviewer/render.ts';
import {
  THEMES,
  THEME_IDS,
  THEME_OPTIONS,
  parseThemeAnswer,
  themeLabels,
} from '../../../src/providers/interviewer/themes.ts';
import { normalize } from '../../../src/providers/interviewer/text.ts';
import { plain } from './helpers.ts';

const LANGUAGES = ['fr', 'en'] as const;

/** Tokens that must never appear in one register's rendering (checked word by word, apostrophes kept). */
const TU_TOKENS = new Set(['tu', 'te', 'ton', 'ta', 'tes', 'toi', 'tien', 'tienne']);
const VOUS_TOKENS = new Set(['vous', 'votre', 'vos', 'vôtre', 'vôtres']);

function tokens(text: string): string[] {
  // "rendez-vous" is a noun, not a pronoun: the only hyphenated "vous" that is not the register.
  return plain(text)
    .toLowerCase()
    .replace(/rendez-vous/g, 'rendezvous')
    .split(/[^\p{L}'’]+/u)
    .filter(Boolean);
}

function registerViolations(text: string, register: Register): string[] {
  return tokens(text).filter((token) =>
    register === 'vous'
      ? TU_TOKENS.has(token) || /^t['’]/.test(token)
      : VOUS_TOKENS.has(token.replace(/^[a-z]['’]/, '')),
  );
}

/** Every template of a phrasebook, with sample slots that exercise the markup. */
function allPhrases(book: Phrasebook): string[] {
  return [
    ...book.greetingFirst.named,
    ...book.greetingFirst.anonymous,
    ...book.greetingAgain.named,
    ...book.greetingAgain.anonymous,
    ...book.introFirst,
    ...book.lastTime,
    ...book.themeIntro,
    ...Object.values(book.ack).flat(),
    ...book.transition,
    ...book.more,
    ...Object.values(book.followUps).flat(),
    ...Object.values(book.hooks),
    ...book.open,
    ...book.openAge,
    ...book.openYear,
  ];
}

const SAMPLE_SLOTS = {
  name: 'Jeanne',
  title: 'Mon enfance',
  topic: 'de la vie',
  person: 'Anne',
  place: 'à Lyon',
  time: 'en 1956',
  age: '15',
  feeling: 'cette joie',
  sense: "l'odeur du pain",
  quote: 'institutrice',
  year: '1960',
  placenoun: 'la Bretagne',
};

describe('question bank', () => {
  for (const language of LANGUAGES) {
    describe(language, () => {
      const bank = getBank(language);

      it('holds at least 150 questions across at least 12 themes, each theme well stocked', () => {
        expect(bank.length).toBeGreaterThanOrEqual(150);
        const themes = new Set(bank.map((q) => q.theme));
        expect(themes.size).toBeGreaterThanOrEqual(12);
        for (const theme of themes) {
          const questions = bank.filter((q) => q.theme === theme);
          expect(questions.length, theme).toBeGreaterThanOrEqual(8);
          expect(
            questions.some((q) => q.depth === 'opening'),
            theme,
          ).toBe(true);
          expect(
            questions.some((q) => q.depth === 'deeper'),
            theme,
          ).toBe(true);
        }
      });

      it('has unique ids and no duplicate texts, in every register', () => {
        expect(new Set(bank.map((q) => q.id)).size).toBe(bank.length);
        for (const register of ['vous', 'tu'] as const) {
          const texts = bank.map((q) => normalize(plain(render(q.text, { language, register }))));
          expect(new Set(texts).size).toBe(bank.length);
        }
      });

      it('asks one question at a time, with no markup left', () => {
        for (const q of bank) {
          for (const register of ['vous', 'tu'] as const) {
            const text = render(q.text, { language, register });
            expect(text, q.id).toMatch(/\?$/);
            expect(text.split('?').length - 1, q.id).toBe(1);
            expect(text, q.id).not.toMatch(/[{}<>|]/);
            expect(text, q.id).not.toMatch(/ {2}/);
          }
        }
      });
    });
  }

  it('uses the same ids in French and English, so a language switch never repeats a question', () => {
    const fr = getBank('fr')
      .map((q) => `${q.id}/${q.theme}/${q.depth}`)
      .sort();
    const en = getBank('en')
      .map((q) => `${q.id}/${q.theme}/${q.depth}`)
      .sort();
    expect(en).toEqual(fr);
  });

  it('speaks French with vous by default and tu when asked, never a mix', () => {
    const book = getPhrasebook('fr');
    const templates = [
      ...getBank('fr').map((q) => q.text),
      ...allPhrases(book),
      ...THEMES.map((t) => t.topic.fr),
    ];
    for (const template of templates) {
      for (const register of ['vous', 'tu'] as const) {
        for (const gender of ['m', 'f', 'pl'] as const) {
          const text = render(template, { language: 'fr', register, gender, slots: SAMPLE_SLOTS });
          expect(registerViolations(text, register), `${register}: ${text}`).toEqual([]);
          expect(text, template).not.toMatch(/[{}<>|]/);
        }
      }
    }
    // The vouvoiement is really the default: a bank question reads with "vous".
    expect(render(getBank('fr')[0]!.text, { language: 'fr', register: 'vous' })).toMatch(
      /\bvos\b|\bvous\b|\bvotre\b/,
    );
  });

  it('never needs the person\'s gender in French (no "né(e)", "marqué(e)" forms)', () => {
    for (const q of getBank('fr')) {
      expect(q.text, q.id).not.toMatch(
        /\(e\)|·e|(?<!\p{L})née?(?!\p{L})|vous a (marqué|touché|surpris|poussé|aidé)/u,
      );
    }
  });

  it('gives every follow-up, ask-for-more and fallback a question mark', () => {
    for (const language of LANGUAGES) {
      const book = getPhrasebook(language);
      for (const template of [
        ...book.more,
        ...Object.values(book.followUps).flat(),
        ...Object.values(book.hooks),
        ...book.open,
        ...book.openAge,
        ...book.openYear,
      ]) {
        const text = render(template, {
          language,
          register: 'vous',
          gender: 'f',
          slots: SAMPLE_SLOTS,
        });
        expect(text, template).toMatch(/\?$/);
        expect(text.split('?').length - 1, template).toBe(1);
      }
      // Acknowledgements, greetings and transitions never ask anything: the reply keeps one question.
      for (const template of [
        ...Object.values(book.ack).flat(),
        ...book.transition,
        ...book.themeIntro,
        ...book.introFirst,
      ]) {
        expect(template, template).not.toContain('?');
      }
      expect(new Set(book.more).size).toBe(book.more.length);
    }
  });
});

describe('follow-ups agree with what they talk about', () => {
  it('makes verbs and pronouns plural for "vos parents" and feminine for "votre mère"', () => {
    const book = getPhrasebook('fr');
    for (const template of book.followUps.person) {
      const plural = plain(
        render(template, {
          language: 'fr',
          register: 'vous',
          gender: 'pl',
          slots: { person: 'vos parents' },
        }),
      );
      expect(plural, template).not.toMatch(
        /vos parents vous a\b|\b(était-il|était-elle|tenait-il|tenait-elle)\b|\bsa voix\b/,
      );
      const feminine = plain(
        render(template, {
          language: 'fr',
          register: 'vous',
          gender: 'f',
          slots: { person: 'votre mère' },
        }),
      );
      expect(feminine, template).not.toMatch(/\b(était-il|tenait-il|étaient-ils)\b/);
    }
    const english = getPhrasebook('en').followUps.person.map((t) =>
      render(t, {
        language: 'en',
        register: 'vous',
        gender: 'pl',
        slots: { person: 'your parents' },
      }),
    );
    for (const text of english)
      expect(text).not.toMatch(/\b(was he|was she|his|her|their voice\b)/);
  });
});

describe('themes', () => {
  it('defines every theme once with valid related themes', () => {
    expect(THEMES.map((t) => t.id)).toEqual([...THEME_IDS]);
    for (const theme of THEMES)
      for (const related of theme.related) expect(THEME_IDS).toContain(related);
    expect(THEME_OPTIONS).toHaveLength(THEME_IDS.length);
  });

  it('keeps all labels, joined as the app joins checkbox answers, within the 255-character answer limit', () => {
    for (const language of LANGUAGES)
      expect(themeLabels(language).join(', ').length).toBeLessThanOrEqual(255);
  });

  it('reads a checkbox answer back, in order, in either language', () => {
    expect(parseThemeAnswer(themeLabels('fr').join(', '))).toEqual([...THEME_IDS]);
    expect(parseThemeAnswer(themeLabels('en').join(', '))).toEqual([...THEME_IDS]);
    expect(parseThemeAnswer('Voyages, Enfance')).toEqual(['travels', 'childhood']);
    expect(parseThemeAnswer('école')).toEqual(['school']);
  });

  it('reads the custom text of the answer by keywords', () => {
    expect(parseThemeAnswer('Amour, la guerre et mon métier de boulanger')).toEqual([
      'love',
      'history',
      'work',
    ]);
    expect(parseThemeAnswer('my trips abroad and my garden')).toEqual(['travels', 'passions']);
    expect(parseThemeAnswer('')).toEqual([]);
    expect(parseThemeAnswer('rien de spécial')).toEqual([]);
  });
});

// The seeded onboarding questions in French and English. Ids and the checkbox/radio values are the ones the
// interviewer reads (providers/interviewer: profile.ts, themes.ts, address.ts), so they are built from there.
import { NAME_USE_OPTIONS } from '../../providers/interviewer/address.ts';
import { THEME_OPTIONS } from '../../providers/interviewer/themes.ts';

export type QuestionLanguage = 'fr' | 'en';

export interface QuestionSeed {
  id: string;
  number: number;
  inputType: 'radio' | 'checkbox' | 'text';
  isCustomAnswerAllowed: boolean;
  isAnswerRequired: boolean;
  text: Record<QuestionLanguage, { question: string; example: string; validAnswers: string[] }>;
}

const none = { fr: [] as string[], en: [] as string[] };

function text(
  fr: [question: string, example: string],
  en: [question: string, example: string],
  validAnswers: Record<QuestionLanguage, string[]> = none,
): QuestionSeed['text'] {
  return {
    fr: { question: fr[0], example: fr[1], validAnswers: validAnswers.fr },
    en: { question: en[0], example: en[1], validAnswers: validAnswers.en },
  };
}

export const ONBOARDING_QUESTIONS: readonly QuestionSeed[] = [
  {
    id: 'birth',
    number: 1,
    inputType: 'text',
    isCustomAnswerAllowed: true,
    isAnswerRequired: true,
    text: text(
      ['En quelle année et dans quelle ville êtes-vous né(e) ?', 'En 1946, à Saint-Étienne'],
      ['In what year and in what town were you born?', 'In 1946, in Leeds'],
    ),
  },
  {
    id: 'family',
    number: 2,
    inputType: 'text',
    isCustomAnswerAllowed: true,
    isAnswerRequired: false,
    text: text(
      [
        'Parlez-nous de votre famille : vos parents, vos frères et sœurs, votre conjoint.',
        'Mes parents Louis et Marie, deux frères, mon mari Jean',
      ],
      [
        'Tell us about your family: your parents, brothers and sisters, your partner.',
        'My parents Arthur and Mary, two brothers, my husband John',
      ],
    ),
  },
  {
    id: 'children',
    number: 3,
    inputType: 'text',
    isCustomAnswerAllowed: true,
    isAnswerRequired: false,
    text: text(
      [
        'Avez-vous des enfants, des petits-enfants ? Comment s’appellent-ils ?',
        'Trois enfants, Paul, Anne et Luc, et cinq petits-enfants',
      ],
      [
        'Do you have children or grandchildren? What are their names?',
        'Three children, Paul, Anne and Luke, and five grandchildren',
      ],
    ),
  },
  {
    id: 'work',
    number: 4,
    inputType: 'text',
    isCustomAnswerAllowed: true,
    isAnswerRequired: false,
    text: text(
      [
        'Quel a été votre métier, votre vie de travail ?',
        'Institutrice pendant trente-cinq ans, dans une école de village',
      ],
      ['What was your work, your working life?', 'A nurse for thirty-five years in Manchester'],
    ),
  },
  {
    id: 'themes',
    number: 5,
    inputType: 'checkbox',
    isCustomAnswerAllowed: true,
    isAnswerRequired: false,
    text: text(
      ['De quels sujets aimeriez-vous parler dans votre livre ?', 'Enfance, Famille, Voyages'],
      ['Which subjects would you like your book to tell?', 'Childhood, Family, Travels'],
      { fr: THEME_OPTIONS.map((t) => t.fr), en: THEME_OPTIONS.map((t) => t.en) },
    ),
  },
  {
    id: 'audience',
    number: 6,
    inputType: 'checkbox',
    isCustomAnswerAllowed: true,
    isAnswerRequired: false,
    text: text(
      ['Pour qui écrivez-vous ce livre ?', 'Mes petits-enfants'],
      ['Who are you writing this book for?', 'My grandchildren'],
      {
        fr: ['Mes enfants', 'Mes petits-enfants', 'Toute ma famille', 'Mes amis', 'Pour moi-même'],
        en: ['My children', 'My grandchildren', 'My whole family', 'My friends', 'Myself'],
      },
    ),
  },
  {
    id: 'speaking',
    number: 7,
    inputType: 'radio',
    isCustomAnswerAllowed: false,
    isAnswerRequired: false,
    text: text(
      ['Comment préférez-vous répondre au biographe ?', 'À voix haute'],
      ['How do you prefer to answer the biographer?', 'Out loud'],
      {
        fr: ['À voix haute', 'En écrivant', 'Les deux'],
        en: ['Out loud', 'In writing', 'Both'],
      },
    ),
  },
  {
    id: 'name_use',
    number: 8,
    inputType: 'radio',
    isCustomAnswerAllowed: true,
    isAnswerRequired: false,
    text: text(
      ['Comment le biographe doit-il s’adresser à vous ?', NAME_USE_OPTIONS[0]!.fr],
      ['How should the biographer address you?', NAME_USE_OPTIONS[0]!.en],
      { fr: NAME_USE_OPTIONS.map((o) => o.fr), en: NAME_USE_OPTIONS.map((o) => o.en) },
    ),
  },
];

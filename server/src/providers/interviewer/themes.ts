// The life-story themes: ids, the labels seeded as the onboarding `themes` checkbox, and how to read them back.
import type { Language } from './types.ts';
import { normalize } from './text.ts';

export const THEME_IDS = [
  'origins',
  'childhood',
  'family',
  'school',
  'youth',
  'love',
  'work',
  'homes',
  'children',
  'friendship',
  'passions',
  'travels',
  'traditions',
  'history',
  'trials',
  'pride',
  'transmission',
] as const;

export type ThemeId = (typeof THEME_IDS)[number];

export interface ThemeDefinition {
  id: ThemeId;
  /** the checkbox label of the onboarding `themes` question (short: all of them joined stay under 255 characters) */
  label: Record<Language, string>;
  /** "de votre enfance": how a sentence names the theme after "parler" (French markup, see render.ts) */
  topic: Record<Language, string>;
  /** word starts that point to the theme in a free-text answer (normalised: lower case, no accents) */
  keywords: Record<Language, string[]>;
  /** themes that follow naturally, tried first when the conversation moves on */
  related: ThemeId[];
}

export const THEMES: readonly ThemeDefinition[] = [
  {
    id: 'origins',
    label: { fr: 'Origines', en: 'Roots' },
    topic: { fr: 'de {vos|tes} origines', en: 'your roots' },
    keywords: {
      fr: ['origine', 'ancetre', 'racine', 'genealog', 'aieu', 'lignee'],
      en: ['root', 'origin', 'ancest', 'heritage', 'genealog', 'forebear'],
    },
    related: ['family', 'childhood', 'homes'],
  },
  {
    id: 'childhood',
    label: { fr: 'Enfance', en: 'Childhood' },
    topic: { fr: 'de {votre|ton} enfance', en: 'your childhood' },
    keywords: {
      fr: ['enfance', 'gamin'],
      en: ['childhood', 'growing up', 'little girl', 'little boy'],
    },
    related: ['school', 'family', 'traditions'],
  },
  {
    id: 'family',
    label: { fr: 'Famille', en: 'Family' },
    topic: { fr: 'de {votre|ta} famille', en: 'your family' },
    keywords: {
      fr: ['famille', 'parents', 'frere', 'soeur', 'fratrie'],
      en: ['family', 'parents', 'brother', 'sister', 'sibling'],
    },
    related: ['origins', 'children', 'traditions'],
  },
  {
    id: 'school',
    label: { fr: 'École', en: 'School' },
    topic: { fr: "de l'école", en: 'your school days' },
    keywords: {
      fr: ['ecole', 'scolar', 'instit', 'etudes', 'lycee', 'college', 'classe'],
      en: ['school', 'teacher', 'studies', 'college', 'classroom'],
    },
    related: ['childhood', 'youth', 'friendship'],
  },
  {
    id: 'youth',
    label: { fr: 'Jeunesse', en: 'Youth' },
    topic: { fr: 'de {votre|ta} jeunesse', en: 'your youth' },
    keywords: {
      fr: ['jeunesse', 'adolescen', 'vingt ans', 'bal ', 'bals'],
      en: ['youth', 'teen', 'adolescen', 'young days'],
    },
    related: ['love', 'friendship', 'work'],
  },
  {
    id: 'love',
    label: { fr: 'Amour', en: 'Love' },
    topic: { fr: "de l'amour et des rencontres", en: 'love and the people you met' },
    keywords: {
      fr: ['amour', 'mariage', 'couple', 'mari', 'epou', 'conjoint', 'rencontre'],
      en: ['love', 'marriage', 'wedding', 'husband', 'wife', 'spouse', 'romance'],
    },
    related: ['children', 'youth', 'homes'],
  },
  {
    id: 'work',
    label: { fr: 'Travail', en: 'Work' },
    topic: { fr: 'de {votre|ta} vie de travail', en: 'your working life' },
    keywords: {
      fr: ['travail', 'metier', 'carriere', 'profession', 'usine', 'retraite', 'emploi', 'boulot'],
      en: ['work', 'job', 'career', 'profession', 'retire', 'trade', 'factory'],
    },
    related: ['pride', 'friendship', 'history'],
  },
  {
    id: 'homes',
    label: { fr: 'Maisons et lieux de vie', en: 'Homes and places' },
    topic: { fr: 'des lieux où {vous avez|tu as} vécu', en: 'the places you have lived' },
    keywords: {
      fr: [
        'maison',
        'lieux',
        'village',
        'ville',
        'quartier',
        'demenag',
        'region',
        'logement',
        'pays',
      ],
      en: ['home', 'house', 'place', 'village', 'town', 'moving', 'neighbourhood', 'neighborhood'],
    },
    related: ['travels', 'childhood', 'traditions'],
  },
  {
    id: 'children',
    label: { fr: 'Enfants et petits-enfants', en: 'Children and grandchildren' },
    topic: { fr: 'de {vos|tes} enfants et petits-enfants', en: 'your children and grandchildren' },
    keywords: {
      fr: ['enfants', 'petits-enfants', 'fils', 'fille', 'maternite', 'paternite', 'naissance'],
      en: ['children', 'grandchild', 'son ', 'sons', 'daughter', 'parenthood', 'kids'],
    },
    related: ['family', 'transmission', 'love'],
  },
  {
    id: 'friendship',
    label: { fr: 'Amitiés', en: 'Friendship' },
    topic: { fr: 'de {vos|tes} amitiés', en: 'your friendships' },
    keywords: {
      fr: ['ami', 'copain', 'copine', 'camarade'],
      en: ['friend', 'pal ', 'pals', 'mates'],
    },
    related: ['youth', 'passions', 'school'],
  },
  {
    id: 'passions',
    label: { fr: 'Passions', en: 'Passions' },
    topic: { fr: 'de {vos|tes} passions', en: 'your passions' },
    keywords: {
      fr: [
        'passion',
        'loisir',
        'hobby',
        'sport',
        'musique',
        'lecture',
        'jardin',
        'peinture',
        'bricol',
      ],
      en: ['passion', 'hobby', 'hobbies', 'sport', 'music', 'reading', 'garden', 'painting'],
    },
    related: ['travels', 'friendship', 'pride'],
  },
  {
    id: 'travels',
    label: { fr: 'Voyages', en: 'Travels' },
    topic: { fr: 'de {vos|tes} voyages', en: 'your travels' },
    keywords: {
      fr: ['voyage', 'vacances', 'etranger'],
      en: ['travel', 'trip', 'journey', 'holiday', 'abroad'],
    },
    related: ['homes', 'passions', 'love'],
  },
  {
    id: 'traditions',
    label: { fr: 'Fêtes et traditions', en: 'Celebrations and traditions' },
    topic: { fr: 'des fêtes et des traditions', en: 'celebrations and traditions' },
    keywords: {
      fr: ['fete', 'tradition', 'noel', 'recette', 'cuisine', 'religion', 'foi ', 'coutume'],
      en: [
        'celebrat',
        'tradition',
        'christmas',
        'recipe',
        'cooking',
        'religion',
        'faith',
        'custom',
      ],
    },
    related: ['family', 'childhood', 'transmission'],
  },
  {
    id: 'history',
    label: { fr: 'Histoire vécue', en: 'History lived' },
    topic: {
      fr: "de l'histoire que {vous avez|tu as} traversée",
      en: 'the history you lived through',
    },
    keywords: {
      fr: ['histoire', 'guerre', 'evenement', 'epoque', 'politique', 'actualite'],
      en: ['history', 'war ', 'wars', 'wartime', 'event', 'politic', 'news'],
    },
    related: ['trials', 'homes', 'work'],
  },
  {
    id: 'trials',
    label: { fr: 'Épreuves', en: 'Hard times' },
    topic: { fr: 'des épreuves de la vie', en: 'the hard times' },
    keywords: {
      fr: ['epreuve', 'difficult', 'maladie', 'deuil', 'perte', 'souffrance'],
      en: ['hard time', 'hardship', 'illness', 'grief', 'loss', 'trial', 'struggle'],
    },
    related: ['pride', 'friendship', 'transmission'],
  },
  {
    id: 'pride',
    label: { fr: 'Fiertés', en: 'Pride' },
    topic: { fr: 'de {vos|tes} fiertés', en: 'what you are proud of' },
    keywords: {
      fr: ['fierte', 'fier', 'reussite', 'accomplis'],
      en: ['pride', 'proud', 'achievement', 'accomplish'],
    },
    related: ['transmission', 'work', 'children'],
  },
  {
    id: 'transmission',
    label: { fr: 'Transmission', en: 'Legacy' },
    topic: {
      fr: 'de ce que {vous aimeriez|tu aimerais} transmettre',
      en: 'what you would like to pass on',
    },
    keywords: {
      fr: ['transmi', 'transmett', 'heritage', 'conseil', 'valeur', 'memoire', 'leguer'],
      en: ['legacy', 'advice', 'values', 'pass on', 'wisdom', 'pass down'],
    },
    related: ['pride', 'children', 'traditions'],
  },
];

const BY_ID = new Map<string, ThemeDefinition>(THEMES.map((t) => [t.id, t]));

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && BY_ID.has(value);
}

export function getTheme(id: ThemeId): ThemeDefinition {
  return BY_ID.get(id)!;
}

/** What the core seeds as the `valid_answers` of the onboarding `themes` checkbox, per language. */
export const THEME_OPTIONS: readonly { id: ThemeId; fr: string; en: string }[] = THEMES.map(
  (t) => ({
    id: t.id,
    fr: t.label.fr,
    en: t.label.en,
  }),
);

export function themeLabels(language: Language): string[] {
  return THEMES.map((t) => t.label[language]);
}

/**
 * Reads a `themes` answer back into theme ids, in the order the person gave them. The app joins the ticked
 * labels with commas and appends the custom text (spec §5), so labels are matched first (either language,
 * the person may have switched), then the custom text by keywords.
 */
export function parseThemeAnswer(answer: string): ThemeId[] {
  const found: { id: ThemeId; at: number }[] = [];
  const add = (id: ThemeId, at: number) => {
    if (!found.some((f) => f.id === id)) found.push({ id, at });
  };
  const parts = answer.split(/[,;\n]/);
  let offset = 0;
  const leftovers: { text: string; at: number }[] = [];
  for (const part of parts) {
    const norm = normalize(part)
      .replace(/[.…!]+$/u, '')
      .trim();
    const theme = norm
      ? THEMES.find((t) => normalize(t.label.fr) === norm || normalize(t.label.en) === norm)
      : undefined;
    if (theme) add(theme.id, offset);
    else if (norm) leftovers.push({ text: ` ${normalize(part)} `, at: offset });
    offset += part.length + 1;
  }
  for (const { text, at } of leftovers) {
    const hits: { id: ThemeId; at: number }[] = [];
    for (const theme of THEMES) {
      for (const keyword of [...theme.keywords.fr, ...theme.keywords.en]) {
        const index = text.search(new RegExp(`[^\\p{L}]${escapeRegExp(keyword)}`, 'u'));
        if (index >= 0) {
          hits.push({ id: theme.id, at: at + index });
          break;
        }
      }
    }
    hits.sort((a, b) => a.at - b.at).forEach((h) => add(h.id, h.at));
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.id);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The only words the embedded writer adds: connectives and paragraph openings per style, and how a quotation is introduced.
import type { Language, SummaryStyle } from './types.ts';

export interface StylePhrases {
  /** before the first paragraph ('' for none) */
  first: string;
  /** before the following paragraphs, in turn */
  openers: readonly string[];
  /** before some sentences inside a paragraph, in turn (empty: none) */
  links: readonly string[];
  /** introduces the person's words quoted as said: {subject} is the narrator, "elle", "Jeanne" */
  reported: readonly string[];
}

type StyleKey = SummaryStyle | 'none';

// Phrases that link or introduce, never tell: nothing here may carry a fact, a feeling or a judgement.
const FR: Record<StyleKey, StylePhrases> = {
  none: {
    first: '',
    openers: [''],
    links: [],
    reported: ['{subject} raconte\u00A0:'],
  },
  'naturel-decontracte': {
    first: '',
    openers: ['Et puis, ', 'Ensuite, ', 'Il y a aussi ceci\u00A0: '],
    links: ['Et puis, ', 'Et '],
    reported: ['{subject} le raconte comme ça\u00A0:', '{subject} raconte\u00A0:'],
  },
  'elegant-formel': {
    first: '',
    openers: ['Par ailleurs, ', 'En outre, ', 'Il convient également d’évoquer ceci\u00A0: '],
    links: ['De plus, ', 'Du reste, '],
    reported: ['Selon ses propres mots\u00A0:', '{subject} le rapporte en ces termes\u00A0:'],
  },
  'direct-percutant': {
    first: '',
    openers: ['Puis\u00A0: ', 'Ensuite\u00A0: '],
    links: [],
    reported: ['{subject} le dit\u00A0:'],
  },
  'creatif-inspirant': {
    first: 'Tout commence ainsi\u00A0: ',
    openers: [
      'Au fil des souvenirs, ',
      'Le fil du récit se poursuit\u00A0: ',
      'Puis la mémoire fait revenir ceci\u00A0: ',
    ],
    links: ['Alors, ', 'Et '],
    reported: ['Ses mots, tels qu’ils reviennent\u00A0:', '{subject} se souvient\u00A0:'],
  },
  'chaleureux-amical': {
    first: '',
    // No 'Et puis' in the openers: the links already use it, and it came back three times a chapter.
    openers: [
      'Il y a encore ce souvenir\u00A0: ',
      'Il y a aussi ceci\u00A0: ',
      'Comment ne pas raconter ceci\u00A0: ',
    ],
    links: ['Et ', 'Et puis, '],
    reported: ['{subject} le raconte avec ses mots\u00A0:', '{subject} se souvient\u00A0:'],
  },
};

const EN: Record<StyleKey, StylePhrases> = {
  none: {
    first: '',
    openers: [''],
    links: [],
    reported: ['{subject} recalls:'],
  },
  'naturel-decontracte': {
    first: '',
    openers: ['And then, ', 'Next, ', 'There is this, too: '],
    links: ['And then, ', 'And '],
    reported: ['As {subject} puts it:', '{subject} recalls:'],
  },
  'elegant-formel': {
    first: '',
    openers: ['Furthermore, ', 'In addition, ', 'It is also worth recalling this: '],
    links: ['Moreover, ', 'Furthermore, '],
    reported: ['In {possessive} own words:', '{subject} relates it thus:'],
  },
  'direct-percutant': {
    first: '',
    openers: ['Then: ', 'Next: '],
    links: [],
    reported: ['{subject} says:'],
  },
  'creatif-inspirant': {
    first: 'It all begins like this: ',
    openers: [
      'As the memories unfold, ',
      'The thread of the story goes on: ',
      'Then memory brings back this: ',
    ],
    links: ['So ', 'And '],
    reported: ['The words, as they come back:', '{subject} remembers:'],
  },
  'chaleureux-amical': {
    first: '',
    openers: [
      'And then there is this memory: ',
      'There is this, too: ',
      'How could this be left out: ',
    ],
    links: ['And then, ', 'And '],
    reported: ['{subject} tells it in {possessive} own words:', '{subject} remembers:'],
  },
};

export function stylePhrases(style: SummaryStyle | null, language: Language): StylePhrases {
  return (language === 'fr' ? FR : EN)[style ?? 'none'];
}

/**
 * The openings and links of every style that carry their own punctuation (« Ensuite, », « Tout commence
 * ainsi : »), longest first: what a text written in one style loses before it is written in another.
 * Bare links (« Et ») are left out: a sentence of the person's may well start with them.
 */
export function removableStylePhrases(language: Language): string[] {
  const set = new Set<string>();
  for (const phrases of Object.values(language === 'fr' ? FR : EN)) {
    for (const phrase of [phrases.first, ...phrases.openers, ...phrases.links])
      if (/[,:]\s*$/u.test(phrase)) set.add(phrase);
  }
  return [...set].sort((a, b) => b.length - a.length);
}

/** Every word the style banks can add, lower case: the faithfulness check lets these through. */
export function connectiveWords(language: Language): Set<string> {
  const set = new Set<string>();
  for (const phrases of Object.values(language === 'fr' ? FR : EN)) {
    for (const phrase of [
      phrases.first,
      ...phrases.openers,
      ...phrases.links,
      ...phrases.reported,
    ]) {
      for (const word of phrase.replace(/\{\w+\}/g, ' ').match(/[\p{L}’']+/gu) ?? [])
        set.add(word.toLowerCase().replace(/’/g, "'"));
    }
  }
  return set;
}

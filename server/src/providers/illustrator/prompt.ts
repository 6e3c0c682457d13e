// The words sent to a remote image model: a gentle illustration built from the chapter's title and
// keywords. The summary is left out on purpose: a landscape needs no names or private details, and
// image models given long text tend to paint letters into the picture.
import type { IllustrationRequest, Language } from './types.ts';

const MAX_TITLE_CHARS = 120;
const MAX_KEYWORDS = 8;
const MAX_KEYWORD_CHARS = 40;

const TEMPLATES: Record<
  Language,
  { withTitle: string; withoutTitle: string; themes: string; style: string }
> = {
  fr: {
    withTitle: 'Illustration douce et paisible pour un chapitre de souvenirs intitulé « {title} ».',
    withoutTitle: 'Illustration douce et paisible pour un chapitre de souvenirs.',
    themes: 'Thèmes évoqués : {keywords}.',
    style:
      'Style : gouache ou aquarelle aux couleurs tendres, lumière chaude, composition calme, paysage ou scène évocatrice, adaptée à un livre imprimé. ' +
      'Aucun texte, aucune lettre, aucun chiffre, aucune signature. Aucun visage reconnaissable : les personnages éventuels sont petits, lointains ou vus de dos.',
  },
  en: {
    withTitle: 'A gentle, peaceful illustration for a memoir chapter titled "{title}".',
    withoutTitle: 'A gentle, peaceful illustration for a memoir chapter.',
    themes: 'Themes: {keywords}.',
    style:
      'Style: gouache or watercolour in soft colours, warm light, calm composition, a landscape or evocative scene, suitable for a printed book. ' +
      'No text, no letters, no numbers, no signature. No recognisable faces: any figures are small, distant or seen from behind.',
  },
};

/** One line of plain words: quotes, brackets and control characters removed, length capped. */
function clean(text: string, max: number): string {
  const flat = text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/["«»“”<>{}[\]]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export function buildImagePrompt(
  input: Pick<IllustrationRequest, 'language' | 'title' | 'keywords'>,
): string {
  const template = TEMPLATES[input.language] ?? TEMPLATES.fr;
  const title = input.title ? clean(input.title, MAX_TITLE_CHARS) : '';
  const keywords = [
    ...new Set(input.keywords.map((k) => clean(k, MAX_KEYWORD_CHARS)).filter(Boolean)),
  ].slice(0, MAX_KEYWORDS);
  const parts = [
    title ? template.withTitle.replace('{title}', () => title) : template.withoutTitle,
  ];
  if (keywords.length) parts.push(template.themes.replace('{keywords}', () => keywords.join(', ')));
  parts.push(template.style);
  return parts.join(' ');
}

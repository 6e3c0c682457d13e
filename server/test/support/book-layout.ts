// Books of several shapes for the layout tests (test/integration/book-layout*.test.ts): a short chapter
// with five photos, a long one with none, portraits and landscapes, a very long title; French or English,
// large print or not. The photos are plain colours made with sharp.
import sharp from 'sharp';
import type { BookMaterial, MaterialImage } from '../../src/modules/books/render.ts';

const FR_SENTENCES = [
  'Nous habitions une maison au bord de l’eau, à Villeurbanne, et le matin mon père partait pêcher avant l’aube.',
  'Le 14 juillet 1960, toute la famille était descendue au bal de la place, et nous avions dansé jusqu’à minuit.',
  'Ma mère disait souvent : "le bonheur est simple", et elle avait raison ; je le comprends aujourd’hui.',
  'L’hiver, on se serrait autour du poêle pour écouter la radio, et ma grand-mère Louise racontait ses histoires.',
  'Il fallait marcher 3 km pour aller à l’école, par tous les temps, avec nos sabots et nos cartables de cuir.',
  'Claire est née au printemps 1969, pendant les années à Vienne, dans une petite clinique près du Danube.',
];
const EN_SENTENCES = [
  'We lived in a house by the water in Leeds, and every morning my father went fishing before dawn.',
  'On July 14, 1960 the whole family went down to the dance in the square, and we danced until midnight.',
  'My mother used to say "happiness is simple", and she was right; I understand it today.',
  'In winter we huddled around the stove to listen to the radio while Grandma told her stories.',
  'We had to walk 3 miles to school in all weathers, with our boots and our leather satchels.',
];

export function text(paragraphCount: number, language: 'fr' | 'en' = 'fr'): string {
  const sentences = language === 'fr' ? FR_SENTENCES : EN_SENTENCES;
  return Array.from({ length: paragraphCount }, (_, p) =>
    Array.from({ length: 5 }, (_, s) => sentences[(p + s) % sentences.length]).join(' '),
  ).join('\n\n');
}

const COLORS = ['#8a5a44', '#44728a', '#5a8a44', '#8a4472', '#72728a', '#aa8844'];

export async function picture(
  width: number,
  height: number,
  index: number,
  language: 'fr' | 'en' = 'fr',
): Promise<MaterialImage> {
  const legend =
    language === 'fr' ? `Photo ${index + 1}, l’été 1962` : `Photo ${index + 1}, summer 1962`;
  const bytes = await sharp({
    create: { width, height, channels: 3, background: COLORS[index % COLORS.length]! },
  })
    .jpeg()
    .toBuffer();
  return { bytes, legend, width, height };
}

export const LONG_TITLE =
  'Les années à Vienne (1969–1971), le retour à Villeurbanne et tout ce que nous avons laissé derrière nous';

/** Chapters: a short one with five photos, a long one with none, portraits and landscapes, a long title. */
export async function layoutBook(
  options: { language?: 'fr' | 'en'; largePrint?: boolean } = {},
): Promise<BookMaterial> {
  const language = options.language ?? 'fr';
  const fr = language === 'fr';
  return {
    language,
    title: fr ? 'Au bord de l’eau, souvenirs d’une vie entière à Villeurbanne' : 'By the Water',
    subtitle: fr ? 'Souvenirs' : 'Memories',
    author: fr ? 'Jeanne Martin' : 'Jane Martin',
    summary: text(2, language),
    dedication: fr ? 'À Claire.' : 'To Claire.',
    largePrint: options.largePrint ?? false,
    chapters: [
      {
        title: fr ? 'Cinq photos de Villeurbanne' : 'Five Photos of Leeds',
        author: null,
        text: text(3, language),
        images: await Promise.all([
          picture(1200, 800, 0, language),
          picture(800, 1200, 1, language),
          picture(900, 900, 2, language),
          picture(1200, 800, 3, language),
          picture(800, 1100, 4, language),
        ]),
      },
      {
        title: fr ? 'Une longue enfance' : 'A Long Childhood',
        author: fr ? 'Paul Martin, son frère' : 'Paul Martin, her brother',
        text: text(40, language),
        images: [],
      },
      {
        title: fr
          ? LONG_TITLE
          : 'The Years in Vienna (1969–1971), the Return to Leeds and Everything We Left Behind',
        author: null,
        text: text(14, language),
        images: await Promise.all([
          picture(800, 1200, 0, language),
          picture(1600, 900, 1, language),
          picture(1200, 800, 2, language),
        ]),
      },
      {
        title: fr ? 'Claire' : 'Claire',
        author: null,
        text: text(8, language),
        images: await Promise.all([
          picture(700, 1000, 3, language),
          picture(700, 1000, 4, language),
        ]),
      },
    ],
    cover: null,
    portrait: null,
    createdAt: new Date('2026-03-01T10:00:00Z'),
  };
}

// Book suggestions (POST /books/suggestions): a title, subtitle, back-cover text and dedication for the
// chapters a person chose. The embedded writer composes them from the chapters' own titles and words; a
// model server is asked for them with the chapters as its only material.
import type { ChatMessage } from './prompt.ts';
import { splitSentences, typeset } from './text.ts';
import type {
  BookSuggestionChapter,
  BookSuggestionInput,
  BookSuggestionOutput,
  Language,
} from './types.ts';
import { WriterUnavailableError } from './types.ts';

export type { BookSuggestionInput, BookSuggestionOutput };

const MAX_SUMMARY_CHARS = 1_200;
/** What a model is shown of each chapter's text: enough to know it, not the whole book. */
const MAX_CHAPTER_EXCERPT = 1_500;

// The front cover prints the author's name already: the suggested title and subtitle never repeat it
// (once is enough — in the back-cover text).
const PHRASES = {
  fr: {
    title: 'Le livre de ma vie',
    subtitle: (count: number) => `Souvenirs en ${count} chapitres`,
    opening: (author: string) =>
      author ? `Dans ce livre, ${author} raconte sa vie :` : 'Ce livre raconte une vie :',
    dedication: 'À ma famille, et à tous ceux qui ont fait partie de cette histoire.',
  },
  en: {
    title: 'The Book of My Life',
    subtitle: (count: number) => `Memories in ${count} chapters`,
    opening: (author: string) =>
      author ? `In this book, ${author} tells the story of a life:` : 'This book tells a life:',
    dedication: 'To my family, and to everyone who was part of this story.',
  },
} as const;

function listOf(items: string[], language: Language): string {
  if (items.length <= 1) return items.join('');
  const last = items[items.length - 1];
  return `${items.slice(0, -1).join(', ')} ${language === 'fr' ? 'et' : 'and'} ${last}`;
}

/** The first sentence of the first chapter that has one: the person's own words, as the back cover's hook. */
function firstSentence(chapters: BookSuggestionChapter[]): string | null {
  for (const chapter of chapters) {
    const sentence = splitSentences(chapter.text ?? '').find((s) => s.length >= 20);
    if (sentence) return sentence.length <= 300 ? sentence : `${sentence.slice(0, 297).trimEnd()}…`;
  }
  return null;
}

/** The embedded writer's suggestions: nothing in them that the chapters or the author's name do not say. */
export function suggestBookEmbedded(input: BookSuggestionInput): BookSuggestionOutput {
  const language: Language = input.language === 'en' ? 'en' : 'fr';
  const phrases = PHRASES[language];
  const author = input.author.trim();
  const titles = input.chapters.map((c) => c.title.trim()).filter(Boolean);
  const count = input.chapters.length;
  const hook = firstSentence(input.chapters);
  // The titles as the person wrote them: a place or a name keeps its capital (« Villeurbanne », « Claire »).
  const list = listOf(
    titles.map((t) => t.replace(/[.!?…]+$/, '')),
    language,
  );
  let summary = `${phrases.opening(author)} ${list}.`;
  if (hook) summary = `« ${hook} »\n\n${summary}`;
  if (language === 'en' && hook) summary = summary.replace(/^« (.*) »/, '"$1"');
  if (summary.length > MAX_SUMMARY_CHARS)
    summary = `${summary.slice(0, MAX_SUMMARY_CHARS - 1).trimEnd()}…`;
  return {
    title: typeset(phrases.title, language),
    subtitle: typeset(phrases.subtitle(count), language),
    summary: typeset(summary, language),
    dedication: typeset(phrases.dedication, language),
  };
}

export const BOOK_SCHEMA = {
  name: 'book',
  strict: true,
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      subtitle: { type: 'string' },
      summary: { type: 'string' },
      dedication: { type: 'string' },
    },
    required: ['title', 'subtitle', 'summary', 'dedication'],
    additionalProperties: false,
  },
};

export function buildBookMessages(input: BookSuggestionInput): ChatMessage[] {
  const fr = input.language !== 'en';
  const system = fr
    ? 'Vous aidez une personne âgée à publier le livre de ses souvenirs. À partir des chapitres fournis, proposez un titre court et chaleureux, un sous-titre, un texte de quatrième de couverture (80 à 150 mots, à la troisième personne, sans rien inventer : seulement ce que disent les chapitres) et une dédicace simple d\'une ou deux lignes. Le nom de l\'auteur est déjà imprimé sur la couverture : ne le mettez ni dans le titre ni dans le sous-titre, et au plus une fois dans le texte de quatrième de couverture. Répondez uniquement par un objet JSON {"title", "subtitle", "summary", "dedication"}.'
    : 'You help an older person publish the book of their memories. From the chapters given, suggest a short, warm title, a subtitle, a back-cover text (80 to 150 words, third person, inventing nothing: only what the chapters say) and a simple one- or two-line dedication. The author\'s name is already printed on the cover: put it in neither the title nor the subtitle, and at most once in the back-cover text. Answer only with a JSON object {"title", "subtitle", "summary", "dedication"}.';
  const chapters = input.chapters
    .map((chapter, index) => {
      const text = (chapter.text ?? '').slice(0, MAX_CHAPTER_EXCERPT);
      return `${fr ? 'Chapitre' : 'Chapter'} ${index + 1} — ${chapter.title}\n${fr ? 'Mots-clés' : 'Keywords'}: ${chapter.keywords.join(', ')}\n${text}`;
    })
    .join('\n\n');
  const lines = [
    `${fr ? 'Auteur' : 'Author'}: ${input.author || '—'}`,
    ...(input.instructions
      ? [`${fr ? 'Souhait de la personne' : "The person's wish"}: ${input.instructions}`]
      : []),
    '',
    chapters,
  ];
  return [
    { role: 'system', content: system },
    { role: 'user', content: lines.join('\n') },
  ];
}

/** The four fields from a model's JSON answer, or WriterUnavailableError when something is missing. */
export function readBook(data: Record<string, unknown> | null): BookSuggestionOutput {
  const field = (name: keyof BookSuggestionOutput, max: number) => {
    const value = data?.[name];
    if (typeof value !== 'string' || !value.trim())
      throw new WriterUnavailableError(`The model server returned no ${name}`);
    const clean = value.replace(/\r\n?/g, '\n').trim();
    return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
  };
  return {
    title: field('title', 200).replace(/^["“«\s]+|["”»\s]+$/g, ''),
    subtitle: field('subtitle', 300).replace(/^["“«\s]+|["”»\s]+$/g, ''),
    summary: field('summary', 3_000),
    dedication: field('dedication', 1_000),
  };
}

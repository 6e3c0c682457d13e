// Builds what a model server is asked: the writer's system prompt and one request (templates in prompts/).
import { readFileSync } from 'node:fs';
import type {
  Language,
  SummaryOptions,
  SummaryPerspective,
  SummaryStyle,
  WriterInput,
} from './types.ts';
import { MAX_COMMENT_CHARS } from './types.ts';
import { readNarrator } from './perspective.ts';
import { formatSummaryInstructions } from './instructions.ts';
import { restyling } from './perspective.ts';
import { clip } from '../interviewer/text.ts';

export interface WriterPromptTemplates {
  system: Record<Language, string>;
  request: Record<Language, string>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The transcript sent is cut beyond this (about 15 000 tokens): the biographer's questions are shortened first. */
const MAX_TRANSCRIPT_CHARS = 60_000;
const MAX_QUESTION_CHARS = 300;
const MAX_PREVIOUS_SUMMARY_CHARS = 20_000;
const PLACEHOLDERS: Record<'system' | 'request', readonly string[]> = {
  system: ['perspective', 'style', 'profile', 'fields'],
  request: ['instruction', 'previous_summary', 'transcript'],
};

export function loadWriterTemplates(
  directory: URL = new URL('./prompts/', import.meta.url),
): WriterPromptTemplates {
  const read = (name: string) => readFileSync(new URL(name, directory), 'utf8').trim();
  const templates: WriterPromptTemplates = {
    system: { fr: read('system.fr.md'), en: read('system.en.md') },
    request: { fr: read('request.fr.md'), en: read('request.en.md') },
  };
  // A template edited with a typo in a placeholder would otherwise send "{{profil}}" to the model.
  for (const kind of ['system', 'request'] as const) {
    for (const language of ['fr', 'en'] as const) {
      const unknown = [...templates[kind][language].matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1]!)
        .filter((name) => !PLACEHOLDERS[kind].includes(name));
      if (unknown.length > 0)
        throw new Error(`Unknown placeholder(s) in ${kind}.${language}.md: ${unknown.join(', ')}`);
    }
  }
  return templates;
}

export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

const STYLE_RULES: Record<SummaryStyle, Record<Language, string>> = {
  'naturel-decontracte': {
    fr: 'naturel et décontracté : des phrases simples, le ton de la conversation, comme on raconte à table.',
    en: 'natural and relaxed: simple sentences, the tone of conversation, as one tells a story at the table.',
  },
  'elegant-formel': {
    fr: 'élégant et formel : une langue soignée, des phrases bien construites, sans familiarité.',
    en: 'elegant and formal: careful language, well-built sentences, nothing familiar.',
  },
  'direct-percutant': {
    fr: 'direct et percutant : des phrases courtes, l’essentiel, pas de détour.',
    en: 'direct and punchy: short sentences, the essentials, no detours.',
  },
  'creatif-inspirant': {
    fr: 'créatif et inspirant : un récit vivant et imagé, sans jamais inventer de faits.',
    en: 'creative and inspiring: a vivid, evocative story, without ever inventing facts.',
  },
  'chaleureux-amical': {
    fr: 'chaleureux et amical : un ton tendre et proche, comme une lettre à ses petits-enfants.',
    en: 'warm and friendly: a tender, close tone, like a letter to one’s grandchildren.',
  },
};

function perspectiveRule(
  perspective: SummaryPerspective | null,
  input: WriterInput,
  language: Language,
): string {
  const fr = language === 'fr';
  if (perspective !== 'troisieme')
    return fr
      ? 'à la première personne (« je »), comme si la personne écrivait elle-même.'
      : 'in the first person (“I”), as if the person were writing it themselves.';
  const narrator = readNarrator(
    input.personName,
    input.profile,
    input.transcript.filter((m) => m.type === 'user').map((m) => m.content),
    language,
  );
  const who = narrator.name ? (fr ? `« ${narrator.name} »` : `“${narrator.name}”`) : null;
  const pronoun =
    narrator.gender === 'f'
      ? fr
        ? '« elle »'
        : '“she”'
      : narrator.gender === 'm'
        ? fr
          ? '« il »'
          : '“he”'
        : null;
  if (fr)
    return `à la troisième personne : racontez l’histoire de ${who ?? 'la personne'}${pronoun ? `, ${pronoun}` : ''} ; transposez chaque verbe et chaque pronom (« on s’est mariés » → « ils se sont mariés ») : aucun mot à la première personne (je, me, mon, nous, notre, on) hors d’une citation ; ses paroles peuvent être citées entre guillemets.`;
  return `in the third person: tell the story of ${who ?? 'the person'}${pronoun ? `, ${pronoun}` : ''}; turn every verb and pronoun (“we got married” → “they got married”): no first-person word (I, me, my, we, our) outside a quotation; their words may be quoted.`;
}

function instructionText(options: SummaryOptions, language: Language): string {
  if (language === 'fr') return formatSummaryInstructions(options);
  const parts: string[] = [];
  if (options.style) parts.push(`style & tone "${options.style}"`);
  if (options.perspective)
    parts.push(
      `perspective ${options.perspective === 'premiere' ? 'first person' : 'third person'}`,
    );
  let text = 'Write a summary';
  if (parts.length) text += ` with ${parts.join(' and ')}`;
  const comment = options.comment?.trim();
  if (comment) text += `. Additional comment: ${comment.slice(0, MAX_COMMENT_CHARS)}`;
  return text;
}

function fieldsText(input: WriterInput, language: Language): string {
  const fr = language === 'fr';
  const fields: string[] = [];
  if (input.doTitle)
    fields.push(
      fr
        ? '"title" (un titre court, au plus 8 mots, tiré de ce qu’elle a raconté : il nomme le lieu et l’époque principaux, ou le sujet principal ; jamais un mot générique comme « Souvenirs »)'
        : '"title" (a short title, at most 8 words, drawn from what they told: it names the main place and period, or the main subject; never a generic word like “Memories”)',
    );
  if (input.doKeywords)
    fields.push(
      fr
        ? '"keywords" (3 à 8 mots-clés : noms propres avec leurs majuscules, autres mots en minuscules)'
        : '"keywords" (3 to 8 keywords: proper nouns capitalised, other words in lower case)',
    );
  if (input.doSummary)
    fields.push(fr ? '"summary" (le texte du chapitre)' : '"summary" (the chapter text)');
  return fields.join(', ');
}

export function buildWriterMessages(
  input: WriterInput,
  templates: WriterPromptTemplates,
): ChatMessage[] {
  const language: Language = input.language === 'en' ? 'en' : 'fr';
  const fr = language === 'fr';
  const answered = input.profile.filter((p) => p.answer?.trim() && p.questionId !== 'name_use');
  const profile = [
    ...(input.personName?.trim()
      ? [`- ${fr ? 'Nom' : 'Name'} ${fr ? ':' : '—'} ${input.personName.trim()}`]
      : []),
    ...answered.map((p) => `- ${p.question.trim()} ${fr ? ':' : '—'} ${clip(p.answer, 255)}`),
  ];
  const system = fillTemplate(templates.system[language], {
    perspective: perspectiveRule(input.options.perspective, input, language),
    style: input.options.style
      ? STYLE_RULES[input.options.style][language]
      : fr
        ? 'simple, clair et fidèle à sa façon de parler.'
        : 'simple, clear and true to the way they speak.',
    profile: profile.length ? profile.join('\n') : fr ? '- (aucune réponse)' : '- (no answers)',
    fields: fieldsText(input, language),
  });
  const previous = input.previousSummary?.trim();
  const previousBlock =
    input.doSummary && previous
      ? input.options.usePreviousSummary
        ? // Issue 29 #9: a style or point of view asked for applies to the kept text as well.
          restyling(previous, input.options, language) !== 'none'
          ? fr
            ? `Le texte actuel du chapitre, peut-être corrigé à la main par la personne : gardez tout ce qu'il dit (faits, noms, dates, phrases ajoutées, corrections), mais réécrivez-le entièrement dans le style et le point de vue demandés, puis ajoutez ce que l'entretien raconte et qu'il ne dit pas encore.\n"""\n${clip(previous, MAX_PREVIOUS_SUMMARY_CHARS)}\n"""`
            : `The chapter's current text, possibly corrected by hand by the person: keep everything it says (facts, names, dates, added sentences, corrections), but write it again entirely in the style and point of view asked for, then add what the interview tells that it does not say yet.\n"""\n${clip(previous, MAX_PREVIOUS_SUMMARY_CHARS)}\n"""`
          : fr
            ? `Le texte actuel du chapitre, peut-être corrigé à la main par la personne : gardez-le tel quel, mot pour mot, et ajoutez seulement ce que l'entretien raconte et qu'il ne dit pas encore.\n"""\n${clip(previous, MAX_PREVIOUS_SUMMARY_CHARS)}\n"""`
            : `The chapter's current text, possibly corrected by hand by the person: keep it as it is, word for word, and only add what the interview tells that it does not say yet.\n"""\n${clip(previous, MAX_PREVIOUS_SUMMARY_CHARS)}\n"""`
        : fr
          ? 'Écrivez un texte neuf ; le texte actuel du chapitre est à remplacer.'
          : 'Write a new text; the chapter’s current text is to be replaced.'
      : '';
  const request = fillTemplate(templates.request[language], {
    instruction: input.doSummary
      ? instructionText(input.options, language)
      : fr
        ? 'Proposer un titre et des mots-clés.'
        : 'Suggest a title and keywords.',
    previous_summary: previousBlock,
    transcript: formatTranscript(input, language),
  }).replace(/\n{3,}/g, '\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: request },
  ];
}

/** The interview as labelled turns; long questions shortened, then the oldest turns dropped, to fit. */
export function formatTranscript(input: WriterInput, language: Language): string {
  const fr = language === 'fr';
  const person = fr ? 'Personne' : 'Person';
  const biographer = fr ? 'Biographe' : 'Biographer';
  const lines = input.transcript
    .filter((m) => m.content.trim())
    .map((m) =>
      m.type === 'assistant'
        ? `${biographer} : ${clip(m.content, MAX_QUESTION_CHARS)}`
        : `${person} : ${m.content.replace(/\s+/g, ' ').trim()}`,
    );
  let total = lines.reduce((sum, line) => sum + line.length + 1, 0);
  while (total > MAX_TRANSCRIPT_CHARS && lines.length > 1) total -= lines.shift()!.length + 1;
  return lines.length ? lines.join('\n') : fr ? '(vide)' : '(empty)';
}

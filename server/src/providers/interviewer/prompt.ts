// Builds the chat sent to a model server: the biographer's system prompt (templates in prompts/) and the transcript.
import { readFileSync } from 'node:fs';
import type { InterviewContext, Language, TranscriptMessage } from './types.ts';
import { readAddress } from './address.ts';
import { familyQuestionInstruction } from './family.ts';
import { getBank } from './bank.ts';
import { render } from './render.ts';
import { getTheme, isThemeId, parseThemeAnswer } from './themes.ts';
import type { ThemeId } from './themes.ts';
import { clip } from './text.ts';

export interface PromptTemplates {
  system: Record<Language, string>;
  opening: Record<Language, string>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Earlier chapters beyond this many are summed up by their titles only, to keep the prompt bounded. */
const MAX_DETAILED_CHAPTERS = 12;
const MAX_SUMMARY_CHARS = 600;
/** The transcript sent is cut from the oldest side beyond this (about 8 000 tokens). */
const MAX_TRANSCRIPT_CHARS = 32_000;
const PLACEHOLDERS = [
  'address',
  'profile',
  'wanted_themes',
  'covered_themes',
  'earlier_chapters',
] as const;

export function loadPromptTemplates(
  directory: URL = new URL('./prompts/', import.meta.url),
): PromptTemplates {
  const read = (name: string) => readFileSync(new URL(name, directory), 'utf8').trim();
  const templates: PromptTemplates = {
    system: { fr: read('system.fr.md'), en: read('system.en.md') },
    opening: { fr: read('opening.fr.md'), en: read('opening.en.md') },
  };
  // A template edited with a typo in a placeholder would otherwise send "{{profil}}" to the model.
  for (const language of ['fr', 'en'] as const) {
    const unknown = [...templates.system[language].matchAll(/\{\{(\w+)\}\}/g)]
      .map((m) => m[1]!)
      .filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));
    if (unknown.length > 0)
      throw new Error(`Unknown placeholder(s) in system.${language}.md: ${unknown.join(', ')}`);
  }
  return templates;
}

export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

export function buildSystemPrompt(ctx: InterviewContext, templates: PromptTemplates): string {
  const language: Language = ctx.language === 'en' ? 'en' : 'fr';
  const fr = language === 'fr';
  const nameUse = ctx.profile.find((p) => p.questionId === 'name_use')?.answer ?? null;
  const address = readAddress(ctx.personName, nameUse, language);
  const addressRule = address.name
    ? fr
      ? `Appelez la personne « ${address.name} » et ${address.register === 'tu' ? 'tutoyez-la' : 'vouvoyez-la'}.`
      : `Address the person as “${address.name}”.`
    : fr
      ? `N'utilisez pas son nom et ${address.register === 'tu' ? 'tutoyez-la' : 'vouvoyez-la'}.`
      : 'Do not use their name.';

  const answered = ctx.profile.filter((p) => p.answer?.trim() && p.questionId !== 'name_use');
  const profile = answered.length
    ? answered
        .map((p) => `- ${p.question.trim()} ${fr ? ':' : '—'} ${clip(p.answer, 255)}`)
        .join('\n')
    : fr
      ? '- (aucune réponse pour le moment)'
      : '- (no answers yet)';

  const themesAnswer = ctx.profile.find((p) => p.questionId === 'themes')?.answer ?? '';
  const wanted = parseThemeAnswer(themesAnswer);
  const covered = [
    ...new Set(
      ctx.earlierChapters.flatMap((c) =>
        c.themes.flatMap((t): ThemeId[] => (isThemeId(t) ? [t] : parseThemeAnswer(t))),
      ),
    ),
  ];
  const label = (t: ThemeId) => getTheme(t).label[language].toLowerCase();
  const none = fr ? 'aucun pour le moment' : 'none yet';

  const chapters = ctx.earlierChapters;
  const detailedFrom = Math.max(0, chapters.length - MAX_DETAILED_CHAPTERS);
  const chapterLines = chapters.map((chapter, index) => {
    const title = chapter.title?.trim() || (fr ? 'Sans titre' : 'Untitled');
    if (index < detailedFrom) return `- « ${title} »`;
    const parts = [fr ? `- « ${title} »` : `- “${title}”`];
    if (chapter.summary?.trim()) parts.push(clip(chapter.summary, MAX_SUMMARY_CHARS));
    if (chapter.keywords.length)
      parts.push(`${fr ? 'mots-clés' : 'keywords'} : ${chapter.keywords.join(', ')}`);
    return parts.join(' — ');
  });

  return fillTemplate(templates.system[language], {
    address: addressRule,
    profile,
    wanted_themes: wanted.length
      ? wanted.map(label).join(', ')
      : fr
        ? 'pas encore précisés'
        : 'not stated yet',
    covered_themes: covered.length ? covered.map(label).join(', ') : none,
    earlier_chapters: chapterLines.length
      ? chapterLines.join('\n')
      : fr
        ? "- (aucun : c'est le premier chapitre)"
        : '- (none: this is the first chapter)',
  });
}

/**
 * The whole chat: system prompt, the opening instruction as the first user turn (so that every chat
 * template sees user/assistant turns alternate, as Mistral's and Llama's require), then the transcript.
 */
export function buildChatMessages(
  ctx: InterviewContext,
  templates: PromptTemplates,
): ChatMessage[] {
  const language: Language = ctx.language === 'en' ? 'en' : 'fr';
  let opening = templates.opening[language];
  // A new chapter that opens on a question from her family (issue 31): the model is told to ask that one.
  if (ctx.familyQuestion) {
    const nameUse = ctx.profile.find((p) => p.questionId === 'name_use')?.answer ?? null;
    const { register } = readAddress(ctx.personName, nameUse, language);
    opening = `${opening}\n\n${familyQuestionInstruction(ctx.familyQuestion, language, register)}`;
  } else if (ctx.openingQuestionId) {
    // The weekly question's link (issue 31): the chapter opens on that bank question, said as we would.
    const question = getBank(language).find((q) => q.id === ctx.openingQuestionId);
    if (question) {
      const nameUse = ctx.profile.find((p) => p.questionId === 'name_use')?.answer ?? null;
      const { register } = readAddress(ctx.personName, nameUse, language);
      opening = `${opening}\n\n${openingQuestionInstruction(render(question.text, { language, register }), language)}`;
    }
  }
  const turns: ChatMessage[] = [{ role: 'user', content: opening }];
  for (const message of keepRecent(ctx.messages)) {
    const content = message.content.trim();
    if (!content) continue;
    const role = message.type === 'assistant' ? 'assistant' : 'user';
    const last = turns[turns.length - 1]!;
    // Two user turns in a row happen when a model call failed: they are one answer.
    if (last.role === role) last.content = `${last.content}\n\n${content}`;
    else turns.push({ role, content });
  }
  return [{ role: 'system', content: buildSystemPrompt(ctx, templates) }, ...turns];
}

/** The line added to the opening instruction so that the model's first question is the one given. */
export function openingQuestionInstruction(question: string, language: Language): string {
  return language === 'en'
    ? `(This time, the first question is already chosen: after the greeting, ask it exactly like this, and ask nothing else: ${question})`
    : `(Cette fois, la première question est déjà choisie : après la salutation, posez-la exactement ainsi, et ne posez aucune autre question : ${question})`;
}

function keepRecent(messages: TranscriptMessage[]): TranscriptMessage[] {
  let total = 0;
  let start = messages.length;
  while (start > 0 && total + messages[start - 1]!.content.length <= MAX_TRANSCRIPT_CHARS) {
    total += messages[start - 1]!.content.length;
    start--;
  }
  // Always send the person's last answer, even a huge one (clipped).
  if (start === messages.length && messages.length > 0) {
    const last = messages[messages.length - 1]!;
    return [{ ...last, content: clip(last.content, MAX_TRANSCRIPT_CHARS) }];
  }
  return messages.slice(start);
}

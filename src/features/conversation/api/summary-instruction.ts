// The French instruction text the control center sends as `user_instructions` (spec §7), which the
// server reads back (server/src/providers/writer/instructions.ts):
// 'Générer un résumé avec style & ton "elegant-formel" et perspective troisieme. Commentaire supplémentaire : …'
export const SUMMARY_STYLES = [
  'naturel-decontracte',
  'elegant-formel',
  'direct-percutant',
  'creatif-inspirant',
  'chaleureux-amical',
] as const;
export type SummaryStyle = (typeof SUMMARY_STYLES)[number];

export const SUMMARY_PERSPECTIVES = ['premiere', 'troisieme'] as const;
export type SummaryPerspective = (typeof SUMMARY_PERSPECTIVES)[number];

/** The comment's limit (spec §5), the same as the server's (GET /config summary_comment_max_length). */
export const SUMMARY_COMMENT_MAX = 500;

export interface SummaryChoices {
  style: SummaryStyle | null;
  perspective: SummaryPerspective | null;
  comment: string;
}

export function summaryInstruction({ style, perspective, comment }: SummaryChoices): string {
  const parts: string[] = [];
  if (style) parts.push(`style & ton "${style}"`);
  if (perspective) parts.push(`perspective ${perspective}`);
  let text = 'Générer un résumé';
  if (parts.length > 0) text += ` avec ${parts.join(' et ')}`;
  const trimmed = comment.trim();
  if (trimmed) text += `. Commentaire supplémentaire : ${trimmed}`;
  return text;
}

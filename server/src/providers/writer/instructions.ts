// The summary instruction text of the spec, both ways: the app sends it as `user_instructions`, the model reads it.
import type { SummaryOptions, SummaryPerspective, SummaryStyle } from './types.ts';
import { MAX_COMMENT_CHARS, SUMMARY_PERSPECTIVES, SUMMARY_STYLES } from './types.ts';
import { normalize } from '../interviewer/text.ts';

export const DEFAULT_SUMMARY_OPTIONS: SummaryOptions = {
  style: null,
  perspective: null,
  comment: null,
  usePreviousSummary: true,
};

/**
 * 'Générer un résumé avec style & ton "elegant-formel" et perspective troisieme. Commentaire supplémentaire : …'
 * (spec § API: the French text is the same whatever the person's language).
 */
export function formatSummaryInstructions(options: SummaryOptions): string {
  const parts: string[] = [];
  if (options.style) parts.push(`style & ton "${options.style}"`);
  if (options.perspective) parts.push(`perspective ${options.perspective}`);
  let text = 'Générer un résumé';
  if (parts.length) text += ` avec ${parts.join(' et ')}`;
  const comment = options.comment?.trim();
  if (comment) text += `. Commentaire supplémentaire : ${comment.slice(0, MAX_COMMENT_CHARS)}`;
  return text;
}

/**
 * The free comment carried by `user_instructions`, untrimmed in length: the part after
 * 'Commentaire supplémentaire :' in the app's format, or the whole text when it is not in that format.
 */
export function summaryCommentOf(userInstructions: string | null | undefined): string {
  const text = (userInstructions ?? '').trim();
  const commentAt = text.search(/commentaire suppl[ée]mentaire\s*:/i);
  if (commentAt >= 0)
    return text
      .slice(commentAt)
      .replace(/^commentaire suppl[ée]mentaire\s*:\s*/i, '')
      .trim();
  return normalize(text).startsWith('generer un resume') ? '' : text;
}

/** Reads `summary_kwargs` back into options; unknown or missing choices are null, never an error. */
export function parseSummaryInstructions(
  userInstructions: string | null | undefined,
  usePreviousSummary = true,
): SummaryOptions {
  const text = (userInstructions ?? '').trim();
  const commentAt = text.search(/commentaire suppl[ée]mentaire\s*:/i);
  const head = commentAt >= 0 ? text.slice(0, commentAt) : text;
  const comment = summaryCommentOf(text);
  const normHead = normalize(head);
  const inAppFormat = normHead.startsWith('generer un resume');
  const style = inAppFormat
    ? (SUMMARY_STYLES.find((s: SummaryStyle) => normHead.includes(s)) ?? null)
    : null;
  const perspectiveMatch = inAppFormat
    ? normHead.match(/perspective\s+(premiere|troisieme)/)
    : null;
  const perspective = (perspectiveMatch?.[1] as SummaryPerspective | undefined) ?? null;
  return {
    style,
    perspective: perspective && SUMMARY_PERSPECTIVES.includes(perspective) ? perspective : null,
    comment: comment ? comment.slice(0, MAX_COMMENT_CHARS) : null,
    usePreviousSummary,
  };
}

// The wizard's answers in progress, kept as one Dexie draft (`onboarding:<userId>`) so a reload, a
// crash or a lost connection never loses them: the step on screen, the inputs of each question, and
// which answers the server already has (a retried submission does not send them twice).
import type { AnswerValue } from './answer-format';

export type WizardStepKey = 'intro' | 'final' | `q:${string}`;

export interface WizardDraft {
  current: WizardStepKey;
  values: Record<string, AnswerValue>;
  sent: string[];
}

export const emptyWizardDraft: WizardDraft = { current: 'intro', values: {}, sent: [] };

export function questionStepKey(questionId: string): WizardStepKey {
  return `q:${questionId}`;
}

function isAnswerValue(value: unknown): value is AnswerValue {
  if (!value || typeof value !== 'object') return false;
  const { selected, text } = value as Partial<AnswerValue>;
  return (
    Array.isArray(selected) &&
    selected.every((s) => typeof s === 'string') &&
    typeof text === 'string'
  );
}

/** Reads a stored draft; anything unreadable (an older shape, a broken row) starts afresh. */
export function parseWizardDraft(raw: string): WizardDraft {
  if (!raw) return emptyWizardDraft;
  try {
    const parsed = JSON.parse(raw) as Partial<WizardDraft> | null;
    if (!parsed || typeof parsed !== 'object') return emptyWizardDraft;
    const current =
      typeof parsed.current === 'string' &&
      (parsed.current === 'intro' || parsed.current === 'final' || parsed.current.startsWith('q:'))
        ? parsed.current
        : 'intro';
    const values: Record<string, AnswerValue> = {};
    for (const [id, value] of Object.entries(parsed.values ?? {})) {
      if (isAnswerValue(value)) values[id] = { selected: [...value.selected], text: value.text };
    }
    const sent = Array.isArray(parsed.sent)
      ? parsed.sent.filter((id): id is string => typeof id === 'string')
      : [];
    return { current, values, sent };
  } catch {
    return emptyWizardDraft;
  }
}

export function serializeWizardDraft(draft: WizardDraft): string {
  return JSON.stringify(draft);
}

// The control center (spec §2, §5, §7): write the chapter's text again with an optional style, point of
// view and comment (500 characters, counter turning red beyond, generation refused), starting from the
// current text or not; or write a title. Under 5 exchanges both are refused with the forbid message.
// The choices stay for the visit if the dialog is closed; it closes once the text or title is written.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import type { ConversationWire } from '../../../lib/conversation-query';
import { useConnectivity } from '../../../offline/connectivity';
import { useGenerateChapter } from '../api/generate';
import {
  SUMMARY_COMMENT_MAX,
  SUMMARY_PERSPECTIVES,
  SUMMARY_STYLES,
  summaryInstruction,
  type SummaryPerspective,
  type SummaryStyle,
} from '../api/summary-instruction';

/** Spec §5: a summary or a title can be asked for from 5 exchanges on. */
export const MIN_CHAT_COUNT = 5;

export interface ControlCenterChoices {
  style: SummaryStyle | null;
  perspective: SummaryPerspective | null;
  comment: string;
  reuse: boolean;
}

export const initialChoices: ControlCenterChoices = {
  style: null,
  perspective: null,
  comment: '',
  reuse: true,
};

function ToggleGroup<T extends string>({
  label,
  help,
  options,
  value,
  labelOf,
  onChange,
}: {
  label: string;
  help: string;
  options: readonly T[];
  value: T | null;
  labelOf: (option: T) => string;
  onChange: (value: T | null) => void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-help`}>
      <legend className="text-lg font-semibold">{label}</legend>
      <p id={`${id}-help`} className="text-ink-muted">
        {help}
      </p>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const pressed = option === value;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(pressed ? null : option)}
              className={`min-h-target rounded-lg border-2 px-4 py-2 text-base font-semibold ${
                pressed
                  ? 'border-brand bg-brand text-white'
                  : 'border-line bg-surface text-ink hover:border-brand'
              }`}
            >
              {labelOf(option)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

interface ControlCenterProps {
  conversation: ConversationWire;
  open: boolean;
  onClose: () => void;
  choices: ControlCenterChoices;
  onChoicesChange: (choices: ControlCenterChoices) => void;
}

export function ControlCenter({
  conversation,
  open,
  onClose,
  choices,
  onChoicesChange,
}: ControlCenterProps) {
  const { t } = useTranslation('conversation');
  const { online } = useConnectivity();
  const { generate, inProgress } = useGenerateChapter(conversation.id);
  const [asked, setAsked] = useState<'summary' | 'title' | null>(null);
  const commentId = useId();
  const set = (changes: Partial<ControlCenterChoices>) =>
    onChoicesChange({ ...choices, ...changes });

  const remaining = SUMMARY_COMMENT_MAX - choices.comment.length;
  const tooLong = remaining < 0;
  const forbidden = conversation.chat_count < MIN_CHAT_COUNT;
  const unavailable = forbidden || !online || inProgress;

  async function run(kind: 'summary' | 'title') {
    setAsked(kind);
    const done =
      kind === 'summary'
        ? await generate({
            do_title: false,
            do_keywords: false,
            do_image: false,
            do_summary: true,
            summary_kwargs: {
              user_instructions: summaryInstruction(choices),
              use_previous_summary: choices.reuse,
            },
          })
        : await generate({
            do_title: true,
            do_keywords: false,
            do_image: false,
            do_summary: false,
          });
    setAsked(null);
    if (done) {
      if (kind === 'summary') onChoicesChange({ ...choices, comment: '' });
      onClose();
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={t('generation.title')}>
      <div className="space-y-5">
        <p>{t('generation.intro')}</p>
        <div aria-live="polite" className="space-y-3">
          {forbidden && <Notice tone="info">{t('generation.forbid')}</Notice>}
          {!online && <Notice tone="info">{t('generation.offline')}</Notice>}
          {inProgress && <Notice tone="info">{t('generation.working')}</Notice>}
        </div>
        <ToggleGroup
          label={t('generation.style')}
          help={t('generation.choiceHelp')}
          options={SUMMARY_STYLES}
          value={choices.style}
          labelOf={(style) => t(`generation.styles.${style}`)}
          onChange={(style) => set({ style })}
        />
        <ToggleGroup
          label={t('generation.perspective')}
          help={t('generation.choiceHelp')}
          options={SUMMARY_PERSPECTIVES}
          value={choices.perspective}
          labelOf={(perspective) => t(`generation.perspectives.${perspective}`)}
          onChange={(perspective) => set({ perspective })}
        />
        <div className="space-y-1">
          <label htmlFor={commentId} className="block text-lg font-semibold">
            {t('generation.comment')}
          </label>
          <p id={`${commentId}-help`} className="text-ink-muted">
            {t('generation.commentHelp')}
          </p>
          <textarea
            id={commentId}
            rows={4}
            value={choices.comment}
            onChange={(event) => set({ comment: event.target.value })}
            aria-invalid={tooLong || undefined}
            aria-describedby={`${commentId}-help ${commentId}-count${tooLong ? ` ${commentId}-error` : ''}`}
            className="w-full rounded-lg border-2 border-line bg-surface px-4 py-2 text-base text-ink aria-invalid:border-danger"
          />
          <p
            id={`${commentId}-count`}
            data-over-limit={tooLong || undefined}
            className={tooLong ? 'font-bold text-danger' : 'text-ink-muted'}
          >
            {t('generation.remaining', { count: Math.max(remaining, 0) })}
          </p>
          {tooLong && (
            <p id={`${commentId}-error`} role="alert" className="font-semibold text-danger">
              {t('generation.tooLong', { max: SUMMARY_COMMENT_MAX })}
            </p>
          )}
        </div>
        <CheckboxField
          label={t('generation.reuse')}
          checked={choices.reuse}
          onChange={(event) => set({ reuse: event.target.checked })}
        />
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={() => void run('summary')}
            disabled={unavailable || tooLong}
            busy={asked === 'summary'}
          >
            {t('generation.generateSummary')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void run('title')}
            disabled={unavailable}
            busy={asked === 'title'}
          >
            {t('generation.generateTitle')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

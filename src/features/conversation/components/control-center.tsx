// The control center (spec §2, §5, §7): write the chapter's text again with an optional style, point of
// view and comment (500 characters, counter turning red beyond, generation refused), starting from the
// current text or not; or write a title. Under 5 exchanges both are refused with the forbid message.
// The choices stay for the visit if the dialog is closed; it closes once the text or title is written.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import type { ConversationWire } from '../../../lib/conversation-query';
import { useConnectivity } from '../../../offline/connectivity';
import { useGenerateChapter } from '../api/generate';
import { titleIsOwn } from '../api/generated-titles';
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
  /** The title the page shows (a correction waiting to be sent included). */
  title: string | null;
  open: boolean;
  onClose: () => void;
  choices: ControlCenterChoices;
  onChoicesChange: (choices: ControlCenterChoices) => void;
  /** A title was written; `previous` is the one it replaced, for « Remettre l'ancien titre ». */
  onTitleWritten?: (previous: string | null) => void;
  /** The text was written again. */
  onSummaryWritten?: () => void;
}

/** A question asked before something she wrote is replaced (issue 29 #8, #10). */
function ConfirmDialog({
  open,
  title,
  message,
  detail,
  confirm,
  cancel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  detail: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  // The safe answer has the focus: Enter by mistake replaces nothing.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      initialFocusRef={cancelRef}
    >
      <div className="space-y-4">
        <p className="text-lg">{message}</p>
        <p className="text-base">{detail}</p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={onConfirm}>{confirm}</Button>
          <button
            ref={cancelRef}
            type="button"
            className={buttonClasses('secondary')}
            onClick={onCancel}
          >
            {cancel}
          </button>
        </div>
      </div>
    </Modal>
  );
}

export function ControlCenter({
  conversation,
  title,
  open,
  onClose,
  choices,
  onChoicesChange,
  onTitleWritten,
  onSummaryWritten,
}: ControlCenterProps) {
  const { t } = useTranslation('conversation');
  const { online } = useConnectivity();
  const { generate, inProgress } = useGenerateChapter(conversation.id);
  const [asked, setAsked] = useState<'summary' | 'title' | null>(null);
  const [confirming, setConfirming] = useState<'summary' | 'title' | null>(null);
  const commentId = useId();
  const reuseWarningId = useId();
  const set = (changes: Partial<ControlCenterChoices>) =>
    onChoicesChange({ ...choices, ...changes });

  const remaining = SUMMARY_COMMENT_MAX - choices.comment.length;
  const tooLong = remaining < 0;
  const forbidden = conversation.chat_count < MIN_CHAT_COUNT;
  const unavailable = forbidden || !online || inProgress;

  /** Nothing she wrote is replaced without her yes: a title she typed, her corrections. */
  function ask(kind: 'summary' | 'title') {
    const needsYes =
      kind === 'title'
        ? titleIsOwn(conversation.id, title)
        : !choices.reuse && Boolean(conversation.summary_infos.summary?.trim());
    if (needsYes) setConfirming(kind);
    else void run(kind);
  }

  async function run(kind: 'summary' | 'title') {
    setConfirming(null);
    const previousTitle = title;
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
      if (kind === 'title') onTitleWritten?.(previousTitle);
      else onSummaryWritten?.();
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
        <div className="space-y-2">
          <CheckboxField
            label={t('generation.reuse')}
            checked={choices.reuse}
            onChange={(event) => set({ reuse: event.target.checked })}
            aria-describedby={choices.reuse ? undefined : reuseWarningId}
          />
          {/* Said before, not after: unticked, her own sentences will not be kept. */}
          {!choices.reuse && (
            <p
              id={reuseWarningId}
              className="rounded-lg border-2 border-warning bg-warning-soft p-3 text-lg font-semibold text-warning-ink"
            >
              {t('generation.reuseOffWarning')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={() => ask('summary')}
            disabled={unavailable || tooLong}
            busy={asked === 'summary'}
          >
            {t('generation.generateSummary')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => ask('title')}
            disabled={unavailable}
            busy={asked === 'title'}
          >
            {t('generation.generateTitle')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming === 'title'}
        title={t('generation.titleConfirm.title')}
        message={t('generation.titleConfirm.message', { title: title ?? '' })}
        detail={t('generation.titleConfirm.detail')}
        confirm={t('generation.titleConfirm.confirm')}
        cancel={t('generation.titleConfirm.cancel')}
        onConfirm={() => void run('title')}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'summary'}
        title={t('generation.rewriteConfirm.title')}
        message={t('generation.rewriteConfirm.message')}
        detail={t('generation.rewriteConfirm.detail')}
        confirm={t('generation.rewriteConfirm.confirm')}
        cancel={t('generation.rewriteConfirm.cancel')}
        onConfirm={() => void run('summary')}
        onCancel={() => setConfirming(null)}
      />
    </Modal>
  );
}

// The input of one onboarding question, shared by the wizard and the profile tables: radio choices,
// checkboxes or free text, with the optional custom 'other' answer. Large targets, real labels; the
// question itself labels the group (labelledBy).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '../../../components/ui/text-field';
import { ANSWER_MAX_LENGTH, answerLength, inputKind, type AnswerValue } from '../answer-format';
import type { OnboardingQuestionWire } from '../api/types';

interface QuestionInputProps {
  question: OnboardingQuestionWire;
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
  /** Id of the element holding the question's text. */
  labelledBy: string;
  /** Ids of the hint and error lines. */
  describedBy?: string;
  invalid?: boolean;
}

const REMAINING_SHOWN_FROM = 55;

const choiceClasses =
  'flex min-h-target cursor-pointer items-center gap-3 rounded-lg border-2 border-line bg-surface px-4 py-2 has-checked:border-brand has-checked:bg-brand-soft';

function Remaining({ text, id }: { text: string; id: string }) {
  const { t } = useTranslation('onboarding');
  const remaining = ANSWER_MAX_LENGTH - answerLength(text);
  return (
    <p id={id} aria-live="polite" className="mt-1 text-ink-muted">
      {remaining <= REMAINING_SHOWN_FROM ? t('input.remaining', { count: remaining }) : null}
    </p>
  );
}

function CustomField({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  placeholder?: string;
  onChange: (text: string) => void;
}) {
  const id = useId();
  return (
    <div className="mt-4">
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={ANSWER_MAX_LENGTH}
        placeholder={placeholder}
        aria-describedby={`${id}-remaining`}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      />
      <Remaining text={value} id={`${id}-remaining`} />
    </div>
  );
}

export function QuestionInput({
  question,
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
}: QuestionInputProps) {
  const { t } = useTranslation('onboarding');
  const name = useId();
  const kind = inputKind(question.answer_input_type);
  const example = question.example_answer?.trim() || undefined;

  if (kind === 'text') {
    const remainingId = `${name}-remaining`;
    return (
      <div>
        <textarea
          rows={3}
          value={value.text}
          maxLength={ANSWER_MAX_LENGTH}
          placeholder={example}
          aria-labelledby={labelledBy}
          aria-describedby={[describedBy, remainingId].filter(Boolean).join(' ')}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange({ selected: [], text: event.target.value })}
          className={`${inputClasses} resize-y`}
        />
        <Remaining text={value.text} id={remainingId} />
      </div>
    );
  }

  const multiple = kind === 'checkbox';
  return (
    <fieldset
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className="min-w-0"
    >
      <div className="grid gap-2 sm:grid-cols-2">
        {question.valid_answers.map((option) => {
          const checked = value.selected.includes(option);
          return (
            <label key={option} className={choiceClasses}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option}
                checked={checked}
                onChange={() =>
                  onChange(
                    multiple
                      ? {
                          ...value,
                          selected: checked
                            ? value.selected.filter((o) => o !== option)
                            : [...value.selected, option],
                        }
                      : // One choice or one own answer: picking a choice leaves no typed answer behind.
                        { selected: [option], text: '' },
                  )
                }
                className="size-6 shrink-0 accent-brand"
              />
              <span>{option}</span>
            </label>
          );
        })}
      </div>
      {question.is_custom_answer_allowed && (
        <CustomField
          label={multiple ? t('input.otherCheckbox') : t('input.otherRadio')}
          value={value.text}
          placeholder={example}
          onChange={(text) =>
            onChange(multiple ? { ...value, text } : { selected: text ? [] : value.selected, text })
          }
        />
      )}
    </fieldset>
  );
}

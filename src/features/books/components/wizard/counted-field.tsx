// A labelled text field (one line or several) that shows how many characters are used against the
// server's limit, with an optional hint and an error tied to it.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../../components/ui/field-message';
import { inputClasses } from '../../../../components/ui/text-field';

interface CountedFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  multiline?: boolean;
  rows?: number;
  hint?: ReactNode;
  error?: ReactNode;
  invalid?: boolean;
  required?: boolean;
  testId?: string;
}

export function CountedField({
  label,
  value,
  onChange,
  maxLength,
  multiline = false,
  rows = 6,
  hint,
  error,
  invalid,
  required,
  testId,
}: CountedFieldProps) {
  const { t } = useTranslation('bookWizard');
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, `${id}-count`, `${id}-error`]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    value,
    maxLength,
    required,
    'aria-invalid': invalid || error ? true : undefined,
    'aria-describedby': describedBy,
    'data-testid': testId,
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-ink-muted">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea
          {...common}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClasses} resize-y`}
        />
      ) : (
        <input
          {...common}
          type="text"
          onChange={(event) => onChange(event.target.value)}
          className={inputClasses}
        />
      )}
      <p id={`${id}-count`} className="mt-1 text-ink-muted">
        {t('summary.count', { count: value.length, max: maxLength })}
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

// A labelled text input with an optional hint and an error tied to it through aria-describedby.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError } from './field-message';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Extra ids to describe the input with (a rule list, for example). */
  describedBy?: string;
  /** Rendered inside the input's box, after it (the show/hide password button). */
  trailing?: ReactNode;
}

export const inputClasses =
  'min-h-target w-full min-w-0 rounded-lg border-2 border-line bg-surface px-4 py-2 text-base text-ink aria-invalid:border-danger';

export function TextField({
  label,
  hint,
  error,
  describedBy,
  trailing,
  className = '',
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedByIds = [hint ? hintId : null, errorId, describedBy].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-ink-muted">
          {hint}
        </p>
      )}
      {/* Wraps when the text is very large, so the input never shrinks to nothing beside its button. */}
      <div className="relative flex flex-wrap items-stretch gap-2">
        <input
          id={id}
          className={`${inputClasses} flex-[1_1_8rem]`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          {...input}
        />
        {trailing}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

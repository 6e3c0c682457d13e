// A large checkbox with its label (which may hold links) and an optional error.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError } from './field-message';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: ReactNode;
}

export function CheckboxField({ label, error, className = '', ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-7 shrink-0 accent-brand"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
        <label htmlFor={id} className="min-h-target">
          {label}
        </label>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

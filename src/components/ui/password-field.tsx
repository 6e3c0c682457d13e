// A password input with a show/hide button whose name says what pressing it will do, and for which field.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';
import { TextField, type TextFieldProps } from './text-field';

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing' | 'label'> {
  label: string;
}

export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="inline-flex min-h-target min-w-target shrink-0 items-center justify-center gap-2 rounded-lg border-2 border-line bg-surface px-3 font-semibold text-ink hover:bg-brand-soft"
          // Two password fields on one form: the name says which one it reveals.
          aria-label={t(visible ? 'password.hideField' : 'password.showField', {
            field: props.label,
          })}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
          <span className="sr-only sm:not-sr-only">
            {visible ? t('password.hide') : t('password.show')}
          </span>
        </button>
      }
    />
  );
}

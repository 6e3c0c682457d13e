// A new password and its confirmation, with the password rules under the first field: the reset form and
// the page that undoes an email change both ask for one.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/ui/password-field';
import { PasswordRules } from './password-rules';

export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
}: {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
}) {
  const { t } = useTranslation('auth');
  const rulesId = useId();
  const [confirmationTouched, setConfirmationTouched] = useState(false);
  const mismatch = confirmationTouched && (confirmation === '' || confirmation !== password);
  return (
    <>
      <div>
        <PasswordField
          label={t('fields.newPassword')}
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
          describedBy={rulesId}
          required
        />
        <PasswordRules id={rulesId} password={password} />
      </div>
      <PasswordField
        label={t('fields.passwordConfirmation')}
        name="password-confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => {
          onConfirmationChange(e.target.value);
          setConfirmationTouched(true);
        }}
        onBlur={() => setConfirmationTouched(true)}
        error={mismatch ? t('resetPassword.passwordsMustMatch') : undefined}
        required
      />
    </>
  );
}

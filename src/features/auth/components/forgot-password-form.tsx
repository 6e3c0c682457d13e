// Password recovery: the email form, then a confirmation with a way back to login.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { usePasswordRecoveryMutation } from '../api/password-recovery';
import { isEmailValid } from '../validation';
import { AuthCard } from './auth-card';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const recovery = usePasswordRecoveryMutation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const canSubmit = isEmailValid(email) && !recovery.isPending;
  const emailError =
    touched && email !== '' && !isEmailValid(email) ? t('fields.emailInvalid') : undefined;

  if (recovery.isSuccess) {
    return (
      <AuthCard title={t('forgotPassword.sentTitle')}>
        <div className="space-y-6">
          <Notice tone="success" role="status">
            {t('forgotPassword.sentMessage', { email: email.trim() })}
          </Notice>
          <ButtonLink to="/login" variant="secondary">
            {t('forgotPassword.backToLogin')}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) recovery.mutate(email);
  }

  return (
    <AuthCard title={t('forgotPassword.title')} lead={t('forgotPassword.lead')}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          error={emailError}
          required
        />
        <div>
          {recovery.isError && (
            <Notice tone="error" role="alert">
              {t('forgotPassword.error')}
            </Notice>
          )}
        </div>
        <Button type="submit" className="w-full" disabled={!canSubmit} busy={recovery.isPending}>
          {t('forgotPassword.submit')}
        </Button>
      </form>
      <div className="mt-6 border-t border-line pt-4">
        <Link to="/login" className="inline-flex min-h-target items-center">
          {t('forgotPassword.backToLogin')}
        </Link>
      </div>
    </AuthCard>
  );
}

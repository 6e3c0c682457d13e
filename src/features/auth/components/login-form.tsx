// The login screen: email and password (show/hide), the login error rules of spec §8, and links to
// password recovery and sign-up. The button is always enabled (a disabled one is skipped by Tab and
// says nothing): pressed with a field missing or wrong, it names the problem beside the field, moves
// focus there, and sends nothing.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText, loginErrorMessage } from '../../../lib/api-errors';
import { useLoginMutation } from '../api/login';
import { canSubmitLogin, isEmailValid } from '../validation';
import { AuthCard } from './auth-card';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  // Set by a submit attempt: from then on, an empty field says so too.
  const [attempted, setAttempted] = useState(false);

  const emailError =
    attempted && email.trim() === ''
      ? t('fields.emailMissing')
      : (emailTouched || attempted) && email !== '' && !isEmailValid(email)
        ? t('fields.emailInvalid')
        : undefined;
  const passwordError = attempted && password === '' ? t('fields.passwordMissing') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    if (!canSubmitLogin({ email, password })) {
      setAttempted(true);
      const firstWrong = isEmailValid(email) ? 'password' : 'email';
      const field = event.currentTarget.elements.namedItem(firstWrong);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    login.mutate({ email, password }, { onSuccess: (to) => navigate(to, { replace: true }) });
  }

  return (
    <AuthCard title={t('login.title')} lead={t('login.lead')}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setEmailTouched(true)}
          error={emailError}
          required
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordError}
          required
        />
        <div>
          {login.isError && (
            <Notice tone="error" role="alert">
              {errorText(loginErrorMessage(login.error)) || t('login.errorFallback')}
            </Notice>
          )}
        </div>
        <Button type="submit" className="w-full" busy={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
      <div className="mt-6 flex flex-col gap-2 border-t border-line pt-4">
        <Link to="/forgot-password" className="inline-flex min-h-target items-center">
          {t('login.forgotPassword')}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2">
          <span>{t('login.noAccount')}</span>
          <Link to="/register" className="inline-flex min-h-target items-center">
            {t('login.register')}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

// The login screen: email and password (show/hide), submit only when both are usable, the login error
// rules of spec §8, and links to password recovery and sign-up.
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

  const canSubmit = canSubmitLogin({ email, password }) && !login.isPending;
  const emailError =
    emailTouched && email !== '' && !isEmailValid(email) ? t('fields.emailInvalid') : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
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
          required
        />
        <div>
          {login.isError && (
            <Notice tone="error" role="alert">
              {errorText(loginErrorMessage(login.error)) || t('login.errorFallback')}
            </Notice>
          )}
        </div>
        <Button type="submit" className="w-full" disabled={!canSubmit} busy={login.isPending}>
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

// Sign-up (standard and multi-users): email, password with its live rules, confirmation, required terms
// and optional marketing consent; sent only when everything is valid, then the automatic login.
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Notice } from '../../../components/ui/notice';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { track } from '../../../lib/analytics';
import { trackingOptIn } from '../../../lib/consent';
import type { AccountType } from '../../../lib/session';
import { useSignUpMutation } from '../api/sign-up';
import { signUpErrorMessage } from '../errors';
import { canSubmitSignUp, isEmailValid } from '../validation';
import { AuthCard } from './auth-card';
import { PasswordRules } from './password-rules';

export function RegisterForm({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signUp = useSignUpMutation();
  const rulesId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [optInMarketing, setOptInMarketing] = useState(false);
  const [touched, setTouched] = useState({ email: false, terms: false });

  const values = { email, password, confirmation, termsAccepted };
  const canSubmit = canSubmitSignUp(values) && !signUp.isPending;

  const emailError =
    touched.email && email !== '' && !isEmailValid(email) ? t('fields.emailInvalid') : undefined;
  const confirmationError =
    confirmation !== '' && confirmation !== password
      ? t('register.passwordsDoNotMatch')
      : undefined;
  // Red only once she has unticked the box: not while she is still on her way to it.
  const termsError = !termsAccepted && touched.terms ? t('register.termsRequired') : undefined;
  const multi = accountType === 'multi-users';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    signUp.mutate(
      // opt_in_tracking: the privacy choice made on this device (left out when none was made).
      { email, password, optInMarketing, accountType, optInTracking: trackingOptIn() },
      {
        onSuccess: (to) => {
          track('sign_up', { account_type: accountType });
          navigate(to, { replace: true });
        },
      },
    );
  }

  const error = signUp.isError ? signUpErrorMessage(signUp.error) : null;

  return (
    <AuthCard
      title={multi ? t('register.titleMulti') : t('register.title')}
      lead={multi ? t('register.leadMulti') : t('register.lead')}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched((s) => ({ ...s, email: true }))}
          error={emailError}
          required
        />
        <div>
          <PasswordField
            label={t('fields.password')}
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
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
          onChange={(e) => setConfirmation(e.target.value)}
          error={confirmationError}
          required
        />
        <CheckboxField
          checked={termsAccepted}
          onChange={(e) => {
            setTermsAccepted(e.target.checked);
            setTouched((s) => ({ ...s, terms: true }));
          }}
          required
          error={termsError}
          label={
            <Trans
              t={t}
              i18nKey="register.acceptTerms"
              components={{
                terms: <Link to="/terms" target="_blank" rel="noopener" />,
                privacy: <Link to="/privacy" target="_blank" rel="noopener" />,
              }}
            />
          }
        />
        <CheckboxField
          checked={optInMarketing}
          onChange={(e) => setOptInMarketing(e.target.checked)}
          label={t('register.optInMarketing')}
        />
        <div>
          {error && (
            <Notice tone="error" role="alert">
              {'text' in error ? error.text : t(error.key)}
              {error && 'key' in error && error.key === 'register.errors.createdLoginFailed' && (
                <>
                  {' '}
                  <Link to="/login">{t('register.goToLogin')}</Link>
                </>
              )}
            </Notice>
          )}
        </div>
        <Button type="submit" className="w-full" disabled={!canSubmit} busy={signUp.isPending}>
          {t('register.submit')}
        </Button>
      </form>
      <div className="mt-6 flex flex-col gap-2 border-t border-line pt-4">
        <p className="flex flex-wrap items-center gap-x-2">
          <span>{t('register.haveAccount')}</span>
          <Link to="/login" className="inline-flex min-h-target items-center">
            {t('register.login')}
          </Link>
        </p>
        <Link
          to={multi ? '/register' : '/register-multi'}
          className="inline-flex min-h-target items-center"
        >
          {multi ? t('register.switchToStandard') : t('register.switchToMulti')}
        </Link>
      </div>
    </AuthCard>
  );
}

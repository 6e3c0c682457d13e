// Setting a new password from the mailed link: needs the link's token, the password rules and a
// matching confirmation; success leads to the login screen.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { toast } from '../../../lib/toast';
import { useResetPasswordMutation } from '../api/reset-password';
import { resetPasswordErrorMessage } from '../errors';
import { canSubmitReset } from '../validation';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './new-password-fields';

export function ResetPasswordForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (!token) {
    return (
      <AuthCard title={t('resetPassword.title')}>
        <div className="space-y-6">
          <Notice tone="error" role="alert" title={t('resetPassword.tokenMissing')}>
            {t('resetPassword.tokenMissingHelp')}
          </Notice>
          <Link to="/forgot-password" className="inline-flex min-h-target items-center">
            {t('resetPassword.askNewLink')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const canSubmit = canSubmitReset({ password, confirmation }) && !reset.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          toast.success(t('resetPassword.success'));
          navigate('/login', { replace: true });
        },
      },
    );
  }

  const error = reset.isError ? resetPasswordErrorMessage(reset.error) : null;

  return (
    <AuthCard title={t('resetPassword.title')} lead={t('resetPassword.lead')}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
        />
        <div>
          {error && (
            <Notice tone="error" role="alert">
              {'text' in error ? error.text : t(error.key)}
              {'key' in error && error.key === 'resetPassword.errors.invalidToken' && (
                <>
                  {' '}
                  <Link to="/forgot-password">{t('resetPassword.askNewLink')}</Link>
                </>
              )}
            </Notice>
          )}
        </div>
        <Button type="submit" className="w-full" disabled={!canSubmit} busy={reset.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

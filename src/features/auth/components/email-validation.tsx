// Email validation from the mailed link: sends the token once, shows progress, then success (start at /)
// or the error panel.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { authKeys } from '../api/auth-keys';
import { useValidateEmailMutation } from '../api/validate-email';
import { AuthCard } from './auth-card';

export function EmailValidation() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const validation = useValidateEmailMutation();
  const { mutate } = validation;
  // The token is single-use: a second call (Strict Mode, re-render) would turn success into an error.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: authKeys.me() }),
    });
  }, [token, mutate, queryClient]);

  const failed = !token || validation.isError;

  return (
    <AuthCard title={t('emailValidation.title')}>
      <div className="space-y-6">
        {failed ? (
          <Notice tone="error" role="alert" title={t('emailValidation.errorTitle')}>
            {t('emailValidation.errorMessage')}
          </Notice>
        ) : validation.isSuccess ? (
          <>
            <Notice tone="success" role="status" title={t('emailValidation.successTitle')}>
              {t('emailValidation.successMessage')}
            </Notice>
            <ButtonLink to="/">{t('emailValidation.start')}</ButtonLink>
          </>
        ) : (
          <div className="py-4 text-brand">
            <Spinner size="lg" label={t('emailValidation.inProgress')} />
          </div>
        )}
      </div>
    </AuthCard>
  );
}

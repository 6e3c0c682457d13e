// Undoing an email change from the link mailed to the previous address: the person chooses a new
// password (whoever changed the address may know the old one); the address comes back, every device is
// signed out, and she signs in again with her own address.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { getSession } from '../../../lib/session';
import { signOut } from '../../../lib/sign-out';
import { toast } from '../../../lib/toast';
import { useUndoEmailChangeMutation } from '../api/undo-email-change';
import { undoEmailChangeErrorMessage } from '../errors';
import { canSubmitReset } from '../validation';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './new-password-fields';

export function UndoEmailChangeForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const undo = useUndoEmailChangeMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (!token) {
    return (
      <AuthCard title={t('undoEmailChange.title')}>
        <Notice tone="error" role="alert" title={t('undoEmailChange.tokenMissing')}>
          {t('undoEmailChange.tokenMissingHelp')}
        </Notice>
      </AuthCard>
    );
  }

  const canSubmit = canSubmitReset({ password, confirmation }) && !undo.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    undo.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          void (async () => {
            // Every session ended on the server, this device's too: sign it out before the login page.
            if (getSession()) await signOut({ expired: true });
            toast.success(t('undoEmailChange.success'));
            navigate('/login', { replace: true });
          })();
        },
      },
    );
  }

  const error = undo.isError ? undoEmailChangeErrorMessage(undo.error) : null;

  return (
    <AuthCard title={t('undoEmailChange.title')} lead={t('undoEmailChange.lead')}>
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
            </Notice>
          )}
        </div>
        <Button type="submit" className="w-full" disabled={!canSubmit} busy={undo.isPending}>
          {t('undoEmailChange.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

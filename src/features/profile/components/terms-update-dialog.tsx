// The terms-update dialog, open while the account still has to accept new terms (needsCGUValidation):
// the box must be ticked, then all three acceptances are sent at once.
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { useSessionUser } from '../../../lib/session';
import { useUpdateMeMutation } from '../api/update-me';

export function TermsUpdateDialog() {
  const { t } = useTranslation('profile');
  const user = useSessionUser();
  // Closing it only hides it for this visit: the next page that checks will ask again.
  const [dismissed, setDismissed] = useState(false);
  const open = !!user?.needsCGUValidation && !dismissed;
  return (
    <Modal open={open} onClose={() => setDismissed(true)} title={t('terms.title')}>
      <TermsUpdateForm />
    </Modal>
  );
}

export function TermsUpdateForm() {
  const { t } = useTranslation('profile');
  const update = useUpdateMeMutation({ showErrors: false });
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!accepted || update.isPending) return;
    update.mutate({ cgu_validated: true, cgv_validated: true, pdc_validated: true });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p>{t('terms.message')}</p>
      <CheckboxField
        checked={accepted}
        onChange={(e) => setAccepted(e.target.checked)}
        error={tried && !accepted ? t('terms.mustAccept') : undefined}
        label={
          <Trans
            t={t}
            i18nKey="terms.accept"
            components={{
              terms: <Link to="/terms" target="_blank" rel="noopener" />,
              privacy: <Link to="/privacy" target="_blank" rel="noopener" />,
            }}
          />
        }
      />
      <div>
        {update.isError && (
          <Notice tone="error" role="alert">
            {t('terms.saveFailed')}
          </Notice>
        )}
      </div>
      <Button type="submit" busy={update.isPending}>
        {t('terms.submit')}
      </Button>
    </form>
  );
}

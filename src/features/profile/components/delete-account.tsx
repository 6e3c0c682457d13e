// Account deletion: a confirmation dialog where her language's word (SUPPRIMER, DELETE) must be typed
// exactly. It says what goes and what is kept (an order not shipped yet is still sent; payment records stay, without the
// person) and offers the data export first (issue 28).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useDeleteMeMutation } from '../api/delete-me';
import { ACCOUNTING_YEARS, isDeleteConfirmed } from '../delete-confirmation';

/** `exportFirst`: the data export offered at the top of the dialog (the profile's route passes it). */
export function DeleteAccount({ exportFirst }: { exportFirst?: ReactNode }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('delete.title')}
        role="alertdialog"
      >
        <DeleteAccountForm onCancel={() => setOpen(false)} exportFirst={exportFirst} />
      </Modal>
    </>
  );
}

export function DeleteAccountForm({
  onCancel,
  exportFirst,
}: {
  onCancel: () => void;
  exportFirst?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const deletion = useDeleteMeMutation();
  const [typed, setTyped] = useState('');
  const warningId = useId();
  // The word comes from the catalogue of her language, so French asks SUPPRIMER and English DELETE.
  const word = t('delete.word');
  const confirmed = isDeleteConfirmed(typed, word);
  const typedError = typed !== '' && !confirmed ? t('delete.wrongWord', { word }) : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed || deletion.isPending) return;
    deletion.mutate(undefined, { onSuccess: () => navigate('/login', { replace: true }) });
  }

  const providerDown =
    deletion.error instanceof ApiError && deletion.error.type === 'payment_provider_unavailable';

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {exportFirst}
      <div id={warningId} className="space-y-3">
        <p>{t('delete.warning')}</p>
        <p>{t('delete.subscription')}</p>
        <h3 className="text-xl">{t('delete.keptTitle')}</h3>
        <ul className="list-disc space-y-2 pl-6">
          <li>{t('delete.keptOrder')}</li>
          <li>{t('delete.keptPayments', { years: ACCOUNTING_YEARS })}</li>
        </ul>
      </div>
      <TextField
        label={t('delete.typeWord', { word })}
        name="delete-confirmation"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={typedError}
        describedBy={warningId}
      />
      <div>
        {deletion.isError && (
          <Notice tone="error" role="alert">
            {providerDown ? t('delete.providerUnavailable') : t('delete.failed')}
          </Notice>
        )}
      </div>
      <div data-dialog-actions className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={!confirmed} busy={deletion.isPending}>
          {t('delete.confirm')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('delete.cancel')}
        </Button>
      </div>
    </form>
  );
}

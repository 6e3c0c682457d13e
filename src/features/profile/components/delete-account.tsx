// Account deletion: a confirmation dialog where the word SUPPRIMER must be typed exactly.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useDeleteMeMutation } from '../api/delete-me';
import { DELETE_CONFIRMATION_WORD, isDeleteConfirmed } from '../delete-confirmation';

export function DeleteAccount() {
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
        <DeleteAccountForm onCancel={() => setOpen(false)} />
      </Modal>
    </>
  );
}

export function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const deletion = useDeleteMeMutation();
  const [typed, setTyped] = useState('');
  const warningId = useId();
  const confirmed = isDeleteConfirmed(typed);
  const typedError =
    typed !== '' && !confirmed
      ? t('delete.wrongWord', { word: DELETE_CONFIRMATION_WORD })
      : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed || deletion.isPending) return;
    deletion.mutate(undefined, { onSuccess: () => navigate('/login', { replace: true }) });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p id={warningId}>{t('delete.warning')}</p>
      <TextField
        label={t('delete.typeWord', { word: DELETE_CONFIRMATION_WORD })}
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
            {t('delete.failed')}
          </Notice>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
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

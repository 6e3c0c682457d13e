// The delete confirmation of the chapter page: 'Êtes-vous sûr de vouloir supprimer cette conversation ?'
// with 'Oui, supprimer' and 'Annuler' (focus on Annuler). A failure keeps the dialog open and gives the
// §8 toast 'Erreur lors de la suppression de la conversation'.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteChapter } from '../api/delete-chapter';

interface DeleteDialogProps {
  conversationId: string;
  title: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteDialog({
  conversationId,
  title,
  open,
  onClose,
  onDeleted,
}: DeleteDialogProps) {
  const { t } = useTranslation('conversation');
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deletion = useDeleteChapter(conversationId);
  const offline = deletion.error instanceof ApiError && deletion.error.reason === 'network';

  function close() {
    deletion.reset();
    onClose();
  }

  function confirm() {
    if (deletion.isPending) return;
    deletion.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('delete.done'));
        onDeleted();
      },
      onError: (error) => {
        console.error('Deleting the conversation failed', error);
        const quiet =
          error instanceof ApiError &&
          (error.reason === 'unauthorized' || error.reason === 'network');
        if (!quiet) toast.error(t('delete.failed'));
      },
    });
  }

  return (
    <Modal
      open={open}
      onClose={close}
      role="alertdialog"
      initialFocusRef={cancelRef}
      title={t('delete.title', { title })}
    >
      <div className="space-y-4">
        <p className="text-lg font-semibold">{t('delete.message')}</p>
        <p>{t('delete.detail')}</p>
        <div aria-live="polite">
          {deletion.isError && (
            <Notice tone={offline ? 'info' : 'error'}>
              {offline ? t('delete.offline') : t('delete.failed')}
            </Notice>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="danger" onClick={confirm} busy={deletion.isPending}>
            {t('delete.confirm')}
          </Button>
          <button
            ref={cancelRef}
            type="button"
            onClick={close}
            className={buttonClasses('secondary')}
          >
            {t('delete.cancel')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

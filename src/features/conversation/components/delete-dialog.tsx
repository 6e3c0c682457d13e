// The delete confirmation of the chapter page: 'Êtes-vous sûr de vouloir supprimer cette conversation ?'
// with 'Oui, supprimer' and 'Annuler' (focus on Annuler). A failure keeps the dialog open and gives the
// §8 toast 'Erreur lors de la suppression de la conversation'.
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
    <ConfirmDialog
      danger
      open={open}
      title={t('delete.title', { title })}
      message={t('delete.message')}
      detail={t('delete.detail')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      busy={deletion.isPending}
      failure={
        deletion.isError
          ? { offline, text: offline ? t('delete.offline') : t('delete.failed') }
          : null
      }
      onConfirm={confirm}
      onClose={close}
    />
  );
}

// The delete confirmation (spec §2): 'Êtes-vous sûr de vouloir supprimer cette conversation ?' with
// 'Oui, supprimer' and 'Annuler'. Focus starts on Annuler; a failure keeps the dialog open and says so.
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteConversationMutation } from '../api/delete-conversation';
import type { Chapter } from '../chapter';

interface DeleteChapterDialogProps {
  chapter: Chapter | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteChapterDialog({ chapter, onClose, onDeleted }: DeleteChapterDialogProps) {
  const { t } = useTranslation('chapters');
  const deletion = useDeleteConversationMutation();
  const offline = deletion.error instanceof ApiError && deletion.error.reason === 'network';

  function close() {
    deletion.reset();
    onClose();
  }

  function confirm() {
    if (!chapter || deletion.isPending) return;
    deletion.mutate(chapter.conversationID, {
      onSuccess: () => {
        deletion.reset();
        toast.success(t('delete.done'));
        onDeleted();
      },
      onError: (error) => {
        console.error('Deleting the conversation failed', error);
        const unauthorized = error instanceof ApiError && error.reason === 'unauthorized';
        const network = error instanceof ApiError && error.reason === 'network';
        // Offline is said in the dialog (and by the banner), not by a toast.
        if (!unauthorized && !network) toast.error(t('delete.failed'));
      },
    });
  }

  return (
    <ConfirmDialog
      danger
      open={chapter !== null}
      title={t('delete.title', { title: chapter?.title ?? t('card.untitled') })}
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

// The delete confirmation (spec §2): 'Êtes-vous sûr de vouloir supprimer cette conversation ?' with
// 'Oui, supprimer' and 'Annuler'. Focus starts on Annuler; a failure keeps the dialog open and says so.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
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
  const cancelRef = useRef<HTMLButtonElement>(null);
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
    <Modal
      open={chapter !== null}
      onClose={close}
      role="alertdialog"
      initialFocusRef={cancelRef}
      title={t('delete.title', { title: chapter?.title ?? t('card.untitled') })}
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

// The delete confirmation of a book: focus starts on Annuler; a failure keeps the dialog open and says so
// in it (spec §8: a failed book deletion is only logged, no toast).
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteBook } from '../api/delete-book';
import type { BookWire } from '../api/types';

interface DeleteBookDialogProps {
  book: BookWire | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteBookDialog({ book, onClose, onDeleted }: DeleteBookDialogProps) {
  const { t } = useTranslation('books');
  const deletion = useDeleteBook();
  const offline = deletion.error instanceof ApiError && deletion.error.reason === 'network';

  function close() {
    deletion.reset();
    onClose();
  }

  function confirm() {
    if (!book || deletion.isPending) return;
    deletion.mutate(book.id, {
      onSuccess: () => {
        deletion.reset();
        toast.success(t('delete.done'));
        onDeleted();
      },
      onError: (error) => console.error('Deleting the book failed', error),
    });
  }

  return (
    <ConfirmDialog
      danger
      open={book !== null}
      title={t('delete.title', { title: book?.title ?? '' })}
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

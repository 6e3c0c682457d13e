// The delete confirmation of the chapter page: it names the chapter by its title and, when the chapter
// is in one of her books, says so (a book already made keeps its files, a printed copy already ordered is
// printed as it is), with 'Oui, supprimer' and 'Annuler' (focus on Annuler). A failure keeps the dialog
// open and gives a toast.
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBooksOfChapter } from '../api/chapter-books';
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
  // The books this chapter is in (read when the dialog opens; unknown offline, then nothing is said).
  const inBooks = useBooksOfChapter(conversationId, open).data ?? [];
  const bookTitles = inBooks.map((book) =>
    t('delete.bookTitle', { title: book.title.trim() || t('delete.untitledBook') }),
  );

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
      message={
        <>
          {t('delete.message', { title })}
          {inBooks.length > 0 && (
            <span className="mt-3 block font-normal" data-testid="delete-in-book">
              {t('delete.inBook', {
                count: inBooks.length,
                books: bookTitles.join(', '),
              })}
            </span>
          )}
        </>
      }
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

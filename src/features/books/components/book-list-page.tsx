// The book list '/books' ("Mes livres", spec §2 Book list): the person's books except the failed ones,
// newest first, each with view and delete; the new-book button, dimmed while there are fewer titled
// chapters than a book needs (pressing it then says how many); the empty, loading, offline and error
// states. The list asks again every few seconds while a book is being made (bookPollDelay), so its card changes by itself.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListSection, type ListView } from '../../../components/layouts/list-section';
import { PageHeader } from '../../../components/layouts/page';
import { Button, ButtonLink, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useConnectivity } from '../../../offline/connectivity';
import { bookPollDelay } from '../api/get-book';
import { booksQueryOptions } from '../api/get-books';
import { MIN_BOOK_CHAPTERS, type BookWire } from '../api/types';
import { BookCard } from './book-card';
import { useTitledChapterCount } from './book-list-chapters';
import { BookIcon, PlusIcon } from '../../../components/ui/icons';
import { DeleteBookDialog } from './delete-book-dialog';

export const BOOK_CREATION_PATH = '/conversations/book/create';
export const BOOK_LIST_HEADING_ID = 'books-list-heading';

/** The books the list shows: failed ones are hidden (spec §4). */
export function visibleBooks(books: readonly BookWire[]): BookWire[] {
  return books.filter((book) => book.generation_status !== 'failure');
}

function useBookList() {
  const [watchingSince] = useState(() => Date.now());
  return useQuery({
    ...booksQueryOptions(),
    refetchInterval: (query) => bookPollDelay(query.state.data, watchingSince),
    refetchIntervalInBackground: false,
    // The page shows its own loading, offline and error states.
    meta: { globalErrorToast: false },
  });
}

/** What the new-book buttons do: go to the wizard, or first say that chapters are missing. */
function useNewBook() {
  const navigate = useNavigate();
  const titled = useTitledChapterCount();
  const [alertOpen, setAlertOpen] = useState(false);
  // Unknown count (still loading, or it failed): the wizard checks for itself.
  const current = titled.data;
  const notEnough = current !== undefined && current < MIN_BOOK_CHAPTERS;
  return {
    notEnough,
    current: current ?? 0,
    alertOpen,
    closeAlert: () => setAlertOpen(false),
    start: () => {
      if (notEnough) setAlertOpen(true);
      else void navigate(BOOK_CREATION_PATH);
    },
  };
}

function NewBookButton({
  newBook,
  hintId,
  className = '',
  children,
}: {
  newBook: ReturnType<typeof useNewBook>;
  hintId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      onClick={newBook.start}
      // Dimmed, not disabled: pressing it must still explain what is missing.
      aria-describedby={newBook.notEnough ? hintId : undefined}
      data-dimmed={newBook.notEnough || undefined}
      className={`${newBook.notEnough ? 'opacity-60' : ''} ${className}`}
    >
      {children}
    </Button>
  );
}

export function BookListPage() {
  const { t } = useTranslation('books');
  const { online } = useConnectivity();
  const books = useBookList();
  const newBook = useNewBook();
  const hintId = useId();
  const [toDelete, setToDelete] = useState<BookWire | null>(null);
  const focusListHeading = useRef(false);

  const unreachable =
    !online ||
    books.fetchStatus === 'paused' ||
    (books.error instanceof ApiError && books.error.reason === 'network');

  let view: ListView;
  let shown: BookWire[] = [];
  if (books.data) {
    shown = visibleBooks(books.data);
    view = shown.length > 0 ? 'list' : 'empty';
  } else if (unreachable) {
    view = 'offline';
  } else if (books.isError) {
    view = 'error';
  } else {
    view = 'loading';
  }

  // Back online after a load that failed: try again without asking, once per return.
  const { refetch } = books;
  const failed = books.isError;
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && failed) void refetch();
  }, [online, failed, refetch]);

  useEffect(() => {
    if (!focusListHeading.current) return;
    focusListHeading.current = false;
    document.getElementById(BOOK_LIST_HEADING_ID)?.focus();
  });

  const hint = newBook.notEnough && (
    <p id={hintId} className="text-ink-muted">
      {t('list.newBookHint', { required: MIN_BOOK_CHAPTERS })}
    </p>
  );

  return (
    <div>
      <PageHeader title={t('list.title')} lead={t('list.lead')} />

      {view === 'list' && (
        <div className="mb-6 space-y-2">
          <div role="group" aria-label={t('list.actionsLabel')} className="flex flex-wrap gap-3">
            <NewBookButton newBook={newBook} hintId={hintId}>
              <PlusIcon />
              {t('list.newBook')}
            </NewBookButton>
          </div>
          {hint}
          {unreachable && <p className="text-ink-muted">{t('list.needsNetwork')}</p>}
        </div>
      )}

      <ListSection
        headingId={BOOK_LIST_HEADING_ID}
        view={view}
        listTitle={t('list.listTitle')}
        loadingLabel={t('list.loading')}
        offlineNote={unreachable ? t('list.offlineNote') : null}
        empty={{
          title: t('empty.title'),
          message: t('empty.message'),
          action: (
            <>
              <NewBookButton newBook={newBook} hintId={hintId} className="text-lg">
                <BookIcon />
                {t('empty.create')}
              </NewBookButton>
              {hint && <div className="mt-3">{hint}</div>}
            </>
          ),
        }}
        offline={{ title: t('offline.title'), message: t('offline.message') }}
        error={{
          title: t('loadError.title'),
          message: t('loadError.message'),
          retry: t('loadError.retry'),
          onRetry: () => void refetch(),
          retrying: books.isFetching,
        }}
      >
        <ul className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {shown.map((book) => (
            <li key={book.id}>
              <BookCard book={book} onDelete={setToDelete} />
            </li>
          ))}
        </ul>
      </ListSection>

      <DeleteBookDialog
        book={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          setToDelete(null);
          // The card and its button are gone: start again from the list's heading.
          focusListHeading.current = true;
        }}
      />
      <NotEnoughChaptersDialog
        open={newBook.alertOpen}
        current={newBook.current}
        onClose={newBook.closeAlert}
      />
    </div>
  );
}

function NotEnoughChaptersDialog({
  open,
  current,
  onClose,
}: {
  open: boolean;
  current: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('books');
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      initialFocusRef={closeRef}
      title={t('notEnough.title')}
    >
      <div className="space-y-5">
        <p className="text-lg">
          {t('notEnough.message', { required: MIN_BOOK_CHAPTERS, current })}
        </p>
        <div className="flex flex-wrap gap-3">
          <button ref={closeRef} type="button" onClick={onClose} className={buttonClasses()}>
            {t('notEnough.close')}
          </button>
          <ButtonLink to="/" variant="secondary">
            {t('notEnough.toChapters')}
          </ButtonLink>
        </div>
      </div>
    </Modal>
  );
}

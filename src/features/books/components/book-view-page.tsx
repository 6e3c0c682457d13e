// The book view '/book/:bookID' (spec §2 Book view, §4 Book generation status): title and subtitle, back
// to the list, then by status — done: order, download (the PDF, and the EPUB beside it) and the screen
// preview ("preview only"); being made: a gentle animation, the page asking again every second or few
// seconds by itself (useBook); failed: why, and a refresh; anything else: "unknown status". Not found
// and offline have their own messages. Issue 31: within a circle target (a contributor's view of the book
// they prepared for her) it leads back to her circle page, and offers neither the order nor the voice
// codes, which are hers.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConnectivity } from '../../../offline/connectivity';
import { useBook } from '../api/get-book';
import { bookBackPath, useBookTarget } from '../book-target';
import type { BookWire } from '../api/types';
import { BookIcon } from '../../../components/ui/icons';
import { BackIcon, DownloadIcon, PrinterIcon, RefreshIcon } from './book-list-icons';
import { bookFileName, downloadFile } from './book-view-download';
import { EbookDownloads } from './ebook-downloads';
import { VoiceCodesSection } from './voice-codes-section';
import { keepTogether } from '../../../lib/typography';

// pdf.js is large: it comes in its own chunk, only when a finished book is shown.
const PdfPreview = lazy(() =>
  import('./pdf-preview').then((module) => ({ default: module.PdfPreview })),
);

export const BOOK_LIST_PATH = '/books';

/** Where the order button leads until payments arrive: the plans, with the book to print. */
export function orderPath(bookID: string): string {
  return `/subscription?book_id=${encodeURIComponent(bookID)}`;
}

interface BookViewPageProps {
  bookID: string;
  /** Ordering a printed copy of a finished book (premium feature); without it, a link to the plans. */
  orderControl?: ReactNode;
}

export function BookViewPage({ bookID, orderControl }: BookViewPageProps) {
  const { t } = useTranslation('books');
  const { online } = useConnectivity();
  const book = useBook(bookID);
  const target = useBookTarget();
  const { circle } = target;

  if (book.data)
    return <BookView book={book.data} refetch={book.refetch} orderControl={orderControl} />;

  const error = book.error;
  let body: ReactNode;
  if (error instanceof ApiError && error.status === 404) {
    body = (
      <Notice tone="info" title={t('view.notFoundTitle')}>
        <p>{t('view.notFoundMessage')}</p>
      </Notice>
    );
  } else if (
    !online ||
    book.fetchStatus === 'paused' ||
    (error instanceof ApiError && error.reason === 'network')
  ) {
    body = (
      <Notice tone="info" title={t('view.offlineTitle')}>
        <p>{t('view.offlineMessage')}</p>
      </Notice>
    );
  } else if (error) {
    body = (
      <Notice tone="error" title={t('view.errorTitle')}>
        <p>{t('view.errorMessage')}</p>
        <Button className="mt-3" onClick={() => void book.refetch()} busy={book.isFetching}>
          {t('view.retry')}
        </Button>
      </Notice>
    );
  } else {
    return (
      <div className="flex items-center gap-3 p-6 text-brand">
        <Spinner label={t('view.loading')} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <h1 className="text-3xl sm:text-4xl">{t('view.fallbackTitle')}</h1>
      {body}
      <ButtonLink to={circle ? bookBackPath(target) : BOOK_LIST_PATH} variant="secondary">
        <BackIcon />
        {circle ? t('view.backToCircle', { name: circle.storytellerName }) : t('view.notFoundLink')}
      </ButtonLink>
    </div>
  );
}

interface BookViewProps {
  book: BookWire;
  refetch: () => Promise<unknown>;
  orderControl?: ReactNode;
}

function BookView({ book, refetch, orderControl }: BookViewProps) {
  const { t } = useTranslation('books');
  const target = useBookTarget();
  const { circle } = target;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl sm:text-4xl">{keepTogether(book.title)}</h1>
        {book.subtitle && <p className="text-xl text-ink-muted">{keepTogether(book.subtitle)}</p>}
      </div>
      <div>
        <ButtonLink
          to={circle ? bookBackPath(target) : BOOK_LIST_PATH}
          variant="ghost"
          className="-ml-2"
        >
          <BackIcon />
          {circle ? t('view.backToCircle', { name: circle.storytellerName }) : t('view.back')}
        </ButtonLink>
      </div>
      {circle && (
        <Notice tone="info" title={t('view.preparedTitle', { name: circle.storytellerName })}>
          <p>{t('view.preparedMessage', { name: circle.storytellerName })}</p>
        </Notice>
      )}
      <BookStatusContent book={book} refetch={refetch} orderControl={orderControl} />
    </div>
  );
}

function BookStatusContent({ book, refetch, orderControl }: BookViewProps) {
  const { t } = useTranslation('books');
  switch (book.generation_status) {
    case 'success':
      return <FinishedBook book={book} orderControl={orderControl} />;
    case 'ongoing':
      return <BookInProgress />;
    case 'failure':
      return <FailedBook book={book} refetch={refetch} />;
    default:
      return <Notice tone="warning" title={t('view.unknownStatus')} />;
  }
}

function FinishedBook({ book, orderControl }: { book: BookWire; orderControl?: ReactNode }) {
  const { t } = useTranslation('books');
  const { circle } = useBookTarget();
  const [downloading, setDownloading] = useState(false);
  const pdfUrl = book.url_pdf;
  // Ordering a printed copy is hers to decide (issue 31): not offered to who prepared it.
  const canOrder = !circle && !orderControl;

  async function download() {
    if (!pdfUrl || downloading) return;
    setDownloading(true);
    try {
      const saved = await downloadFile(pdfUrl, bookFileName(book.title, t('view.fallbackTitle')));
      if (!saved) toast.info(t('view.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      {(canOrder || pdfUrl) && (
        <div role="group" aria-label={t('view.actionsLabel')} className="flex flex-wrap gap-3">
          {canOrder && (
            <ButtonLink to={orderPath(book.id)}>
              <PrinterIcon />
              {t('view.order')}
            </ButtonLink>
          )}
          {pdfUrl && (
            <Button variant="secondary" onClick={() => void download()} busy={downloading}>
              <DownloadIcon />
              {t('view.download')}
            </Button>
          )}
        </div>
      )}
      <EbookDownloads book={book} />
      {!circle && orderControl}
      <section aria-labelledby="book-preview-heading" className="space-y-4">
        <h2 id="book-preview-heading" className="text-2xl">
          {t('view.previewTitle')}
        </h2>
        {book.url_web_pdf ? (
          <>
            <Notice tone="info" title={t('view.previewOnly')}>
              <p>{t('view.previewOnlyDetail')}</p>
            </Notice>
            <Suspense
              fallback={
                <div className="flex justify-center p-6 text-brand">
                  <Spinner label={t('preview.loading')} />
                </div>
              }
            >
              <PdfPreview url={book.url_web_pdf} title={book.title} />
            </Suspense>
          </>
        ) : (
          <Notice tone="info" title={t('view.noPdf')} />
        )}
      </section>
      {!circle && <VoiceCodesSection book={book} />}
    </>
  );
}

function BookInProgress() {
  const { t } = useTranslation('books');
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-5 rounded-2xl border-2 border-line bg-surface p-8 text-center sm:p-12"
    >
      <div aria-hidden="true" className="relative flex size-28 items-center justify-center">
        <span className="absolute inset-0 animate-ping rounded-full bg-brand-soft [animation-duration:2.5s] motion-reduce:animate-none" />
        <span className="relative flex size-24 items-center justify-center rounded-full bg-brand-soft text-brand">
          <BookIcon width="3em" height="3em" className="animate-pulse motion-reduce:animate-none" />
        </span>
      </div>
      <p className="text-2xl font-semibold">{t('view.ongoingTitle')}</p>
      <p className="max-w-prose text-lg text-ink-muted">{t('view.ongoingMessage')}</p>
    </div>
  );
}

function FailedBook({ book, refetch }: { book: BookWire; refetch: () => Promise<unknown> }) {
  const { t } = useTranslation('books');
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      await refetch();
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div
      role="alert"
      className="space-y-4 rounded-2xl border-2 border-danger bg-danger-soft p-6 sm:p-8"
    >
      <h2 className="text-2xl">{t('view.failureTitle')}</h2>
      {book.generation_error && <p className="text-lg">{book.generation_error}</p>}
      <p>{t('view.failureMessage')}</p>
      <Button onClick={() => void refresh()} busy={refreshing}>
        <RefreshIcon />
        {t('view.refresh')}
      </Button>
    </div>
  );
}

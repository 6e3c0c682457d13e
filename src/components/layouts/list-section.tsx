// The list part of a page of cards (« Mes histoires », « Mes livres »): one section whose heading is
// always there (a screen reader lands on it, and the focus returns to it after a deletion) and which
// shows one of five states: loading, the list, empty, offline with nothing kept, or a load error with a
// retry button. Each page gives its own words, its cards and what the empty state offers.
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { Spinner } from '../ui/spinner';

export type ListView = 'loading' | 'list' | 'empty' | 'offline' | 'error';

export interface ListSectionProps {
  /** The heading's id: the section is labelled by it and the page focuses it. */
  headingId: string;
  view: ListView;
  /** The list's heading ('list' view; hidden but present while loading). */
  listTitle: string;
  loadingLabel: string;
  /** Shown above a list read from this device while the server cannot be reached. */
  offlineNote?: string | null;
  empty: { title: string; message: string; action: ReactNode };
  offline: { title: string; message: string };
  error: { title: string; message: string; retry: string; onRetry: () => void; retrying: boolean };
  /** The list itself (a <ul> of cards), shown in the 'list' view. */
  children: ReactNode;
}

export function ListSection({
  headingId,
  view,
  listTitle,
  loadingLabel,
  offlineNote,
  empty,
  offline,
  error,
  children,
}: ListSectionProps) {
  return (
    <section
      aria-labelledby={headingId}
      className={view === 'loading' ? 'relative min-h-[40vh]' : 'relative'}
    >
      {view === 'loading' && (
        <>
          <h2 id={headingId} tabIndex={-1} className="sr-only">
            {listTitle}
          </h2>
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-paper/90 pt-16 text-brand">
            <Spinner size="lg" label={loadingLabel} />
          </div>
        </>
      )}

      {view === 'list' && (
        <>
          <h2 id={headingId} tabIndex={-1} className="mb-4 text-2xl">
            {listTitle}
          </h2>
          {offlineNote && (
            <div className="mb-4">
              <Notice tone="info" role="status">
                {offlineNote}
              </Notice>
            </div>
          )}
          {children}
        </>
      )}

      {view === 'empty' && (
        <div className="rounded-2xl border-2 border-dashed border-brand bg-surface p-6 text-center sm:p-10">
          <h2 id={headingId} tabIndex={-1} className="mb-3 text-3xl">
            {empty.title}
          </h2>
          <p className="mx-auto mb-6 max-w-prose text-lg">{empty.message}</p>
          {empty.action}
        </div>
      )}

      {view === 'offline' && (
        <div className="rounded-2xl border-2 border-info bg-info-soft p-6 sm:p-8">
          <h2 id={headingId} tabIndex={-1} className="mb-3 text-3xl">
            {offline.title}
          </h2>
          <p className="text-lg">{offline.message}</p>
        </div>
      )}

      {view === 'error' && (
        <div className="space-y-4 rounded-2xl border-2 border-danger bg-danger-soft p-6 sm:p-8">
          <h2 id={headingId} tabIndex={-1} className="text-3xl">
            {error.title}
          </h2>
          <p className="text-lg">{error.message}</p>
          <Button onClick={error.onRetry} busy={error.retrying}>
            {error.retry}
          </Button>
        </div>
      )}
    </section>
  );
}

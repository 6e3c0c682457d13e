// One book in the list: its cover (the front-cover picture once made, a drawn cover while it is being
// made or when the picture cannot load), title, subtitle, the date it was made or "being made", and the
// view and delete actions; who of her family prepared it, when someone did (issue 31).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button';
import type { BookWire } from '../api/types';
import { EyeIcon, TrashIcon } from '../../../components/ui/icons';
import { formatLongDate } from '../../../lib/intl';
import { keepTogether } from '../../../lib/typography';

export function bookPath(book: Pick<BookWire, 'id'>): string {
  return `/book/${encodeURIComponent(book.id)}`;
}

interface BookCardProps {
  book: BookWire;
  onDelete: (book: BookWire) => void;
}

/** A cover drawn from the title, while the real one is being made or when it cannot be shown. */
function PlaceholderCover({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="book-placeholder-cover"
      className="flex h-full w-full flex-col items-center justify-center gap-2 rounded border-l-8 border-brand-strong bg-brand p-3 text-center text-white shadow-md"
    >
      <span className="line-clamp-4 font-serif text-xl leading-snug">{keepTogether(title)}</span>
      {subtitle && (
        <span className="line-clamp-2 font-serif text-sm opacity-90">{keepTogether(subtitle)}</span>
      )}
    </div>
  );
}

export function BookCard({ book, onDelete }: BookCardProps) {
  const { t } = useTranslation('books');
  const titleId = useId();
  const [coverFailed, setCoverFailed] = useState(false);
  const done = book.generation_status === 'success';
  const ongoing = book.generation_status === 'ongoing';
  const date = done ? formatLongDate(book.created_at) : null;
  const cover = done && book.url_cover_preview && !coverFailed ? book.url_cover_preview : null;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border-2 border-line bg-surface shadow-sm sm:flex-row"
    >
      <div className="flex shrink-0 justify-center bg-brand-soft p-4 sm:w-48">
        <div className="flex aspect-[3/4] w-40 items-center justify-center sm:w-full">
          {cover ? (
            <img
              src={cover}
              alt={t('card.coverAlt', { title: book.title })}
              loading="lazy"
              onError={() => setCoverFailed(true)}
              className="max-h-full max-w-full rounded object-contain shadow-md"
            />
          ) : (
            <PlaceholderCover title={book.title} subtitle={book.subtitle} />
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
        <h3 id={titleId} className="text-2xl">
          {keepTogether(book.title)}
        </h3>
        {book.subtitle && <p className="text-lg text-ink-muted">{keepTogether(book.subtitle)}</p>}
        {date && <p className="text-ink-muted">{t('card.createdOn', { date })}</p>}
        {book.made_by_name && (
          // Issue 31: a contributor of her circle prepared it for her.
          <p className="text-ink-muted" data-testid="book-made-by">
            {t('card.madeBy', { name: book.made_by_name })}
          </p>
        )}
        {ongoing && (
          <p className="self-start rounded-full bg-warning-soft px-3 py-1 font-semibold text-warning-ink">
            {t('card.ongoing')}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-3 pt-2">
          <ButtonLink to={bookPath(book)} aria-describedby={titleId}>
            <EyeIcon />
            {t('card.view')}
          </ButtonLink>
          <Button variant="ghost" aria-describedby={titleId} onClick={() => onDelete(book)}>
            <TrashIcon />
            {t('card.delete')}
          </Button>
        </div>
      </div>
    </article>
  );
}

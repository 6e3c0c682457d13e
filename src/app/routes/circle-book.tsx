// Route module for /circles/:storytellerId/books/:bookId (issue 31): the book a contributor prepared for
// her — its state, preview and downloads — as the book's own page shows it, within her circle. Keyed by
// book so that moving to another starts afresh.
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { CircleBookView } from '../../features/books/components/circle-book';
import { useMemberships } from '../../features/family-circle/api/memberships';

export function Component() {
  const { storytellerId = '', bookId = '' } = useParams();
  const { t } = useTranslation('books');
  const memberships = useMemberships();
  if (memberships.isPending && memberships.fetchStatus !== 'idle')
    return (
      <div className="p-6 text-brand">
        <Spinner label={t('circle.loading')} />
      </div>
    );
  const membership = memberships.data?.data.find((m) => m.storyteller_id === storytellerId);
  return (
    <CircleBookView
      key={`${storytellerId}/${bookId}`}
      bookID={bookId}
      storytellerId={storytellerId}
      storytellerName={membership?.storyteller_name ?? null}
      allowed={membership?.role === 'contributor' && membership.can_make_book}
    />
  );
}

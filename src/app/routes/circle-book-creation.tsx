// Route module for /circles/:storytellerId/book/new (issue 31): a contributor she allowed prepares her
// book with the book wizard, on her released chapters. Her name and the right come from the membership.
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { CircleBookWizard } from '../../features/books/components/circle-book';
import { useMemberships } from '../../features/family-circle/api/memberships';

export function Component() {
  const { storytellerId = '' } = useParams();
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
    <CircleBookWizard
      key={storytellerId}
      storytellerId={storytellerId}
      storytellerName={membership?.storyteller_name ?? null}
      allowed={membership?.role === 'contributor' && membership.can_make_book}
    />
  );
}

// On the home page of someone who belongs to a circle: a way to each storyteller's memories. Nothing
// at all for someone who belongs to none (or while the list is unknown).
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { useMemberships } from '../api/memberships';

export function HomeCircleLinks() {
  const { t } = useTranslation('circle');
  const memberships = useMemberships();
  const list = memberships.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="home-circles-title" className="mb-8 space-y-3">
      <h2 id="home-circles-title" className="text-2xl">
        {t('home.title')}
      </h2>
      <ul className="flex flex-wrap gap-3">
        {list.map((membership) => (
          <li key={membership.storyteller_id}>
            <ButtonLink
              to={`/circles/${membership.storyteller_id}`}
              variant="secondary"
              className="text-lg"
            >
              {t('home.link', { name: membership.storyteller_name })}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

// The breadcrumb bar: "Vous êtes ici", the linked ancestors, then the current page.
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { currentRouteMatch } from '../../lib/route-handle';

export function Breadcrumbs() {
  const { t } = useTranslation();
  const match = currentRouteMatch(useMatches());
  const crumbs = match?.handle.crumbs?.(match.params);
  // A page without a trail (home) shows no bar at all rather than « no breadcrumbs ».
  if (!match || !crumbs) return null;

  return (
    <nav aria-label={t('breadcrumbs.label')} className="border-b border-line bg-paper">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 py-2 text-ink-muted">
        <span>{t('breadcrumbs.youAreHere')}</span>
        <ol className="flex flex-wrap items-center gap-x-2">
          {crumbs.map((crumb) => (
            <li key={crumb.to} className="flex items-center gap-x-2">
              <Link to={crumb.to} className="inline-flex min-h-target items-center">
                {t(`routes.${crumb.titleKey}`)}
              </Link>
              <span aria-hidden="true">›</span>
            </li>
          ))}
          <li aria-current="page" className="font-semibold text-ink">
            {t(`routes.${match.handle.titleKey}`)}
          </li>
        </ol>
      </div>
    </nav>
  );
}

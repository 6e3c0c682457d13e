// Keeps document.title = product name + the current route's title, in the interface language.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { currentRouteMatch } from '../../lib/route-handle';

export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const titleKey = currentRouteMatch(useMatches())?.handle.titleKey;
  const appName = t('appName');
  const title = titleKey ? t(`routes.${titleKey}`) : null;
  useEffect(() => {
    document.title = title ? t('documentTitle', { appName, title }) : appName;
  }, [t, appName, title]);
}

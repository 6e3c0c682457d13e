// What the router shows while the first page loads and when a route fails (often a chunk of an older
// version that is gone after an update: reloading fetches the new one).
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50dvh] items-center justify-center p-6 text-brand">
      <Spinner size="lg" label={t('loading')} />
    </div>
  );
}

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div role="alert" className="mx-auto max-w-xl space-y-4 p-6">
      <h1 className="text-3xl">{t('routeError.title')}</h1>
      <p>{t('routeError.message')}</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <Link to="/" reloadDocument className="inline-flex min-h-target items-center">
          {t('routeError.home')}
        </Link>
      </div>
    </div>
  );
}

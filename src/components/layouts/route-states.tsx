// What the router shows while the first page loads and when a route fails (often a chunk of an older
// version that is gone after an update: reloading fetches the new one).
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../ui/button';
import { LogoIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';

export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50dvh] items-center justify-center p-6 text-brand">
      <Spinner size="lg" label={t('loading')} />
    </div>
  );
}

/**
 * The first screen while the app starts (the router's HydrateFallback): the frame index.html paints
 * before any code arrives, kept as it is, with the loading sign below it.
 */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <>
      <header className="border-b-2 border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2">
          <span className="mr-auto inline-flex min-h-target items-center gap-2 font-serif text-2xl font-bold text-brand">
            <LogoIcon width="1.6em" height="1.6em" />
            <span>{t('appName')}</span>
          </span>
        </div>
      </header>
      <RouteLoading />
    </>
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

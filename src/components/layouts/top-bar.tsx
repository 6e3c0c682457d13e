// The top bar: logo and name linking home; for a signed-in person the three section links (current
// one underlined), the account and home icon links, the sync state and the small-screen menu.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFirstPageShown } from '../../lib/first-page';
import { useSession } from '../../lib/session';
import { HomeIcon, LogoIcon, UserIcon } from '../ui/icons';
import { LanguageToggle } from './language-toggle';
import { MobileMenu } from './mobile-menu';
import { ariaCurrentFor, navSections } from './nav-sections';

// The indicator reads the outbox (Dexie): its own chunk, so the first screen does not wait for it.
const SyncIndicator = lazy(() =>
  import('../../offline/sync-indicator').then((module) => ({ default: module.SyncIndicator })),
);

const iconLink =
  'hidden min-h-target min-w-target items-center justify-center rounded-lg text-ink hover:bg-brand-soft hover:text-ink md:inline-flex aria-[current=page]:bg-brand-soft';

export function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signedIn = useSession() !== null;
  // The indicator reads the outbox (Dexie): it arrives once the first page is on screen.
  const firstPageShown = useFirstPageShown();

  return (
    <header className="border-b-2 border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2">
        <Link
          to="/"
          aria-label={t('topBar.logoLabel')}
          className="mr-auto inline-flex min-h-target items-center gap-2 font-serif text-2xl font-bold text-brand no-underline"
        >
          <LogoIcon width="1.6em" height="1.6em" />
          <span>{t('appName')}</span>
        </Link>
        {signedIn ? (
          <>
            <nav aria-label={t('topBar.navLabel')} className="hidden md:block">
              <ul className="flex items-center gap-1">
                {navSections.map((link) => {
                  const current = ariaCurrentFor(pathname, link);
                  return (
                    <li key={link.section}>
                      <Link
                        to={link.to}
                        aria-current={current}
                        className={`inline-flex min-h-target items-center px-3 font-semibold tracking-wide text-ink uppercase hover:text-brand ${
                          current ? 'underline decoration-[3px] underline-offset-8' : 'no-underline'
                        }`}
                      >
                        {t(`topBar.links.${link.section}`)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
            {/* Its own row on small screens: logo and menu button keep the first one. */}
            <div className="order-last w-full md:order-none md:w-auto">
              {/* Same height as the indicator, so nothing moves when it arrives. */}
              <Suspense
                fallback={
                  <p className="text-base" aria-hidden="true">
                    &nbsp;
                  </p>
                }
              >
                {firstPageShown ? (
                  <SyncIndicator />
                ) : (
                  <p className="text-base" aria-hidden="true">
                    &nbsp;
                  </p>
                )}
              </Suspense>
            </div>
            <Link
              to="/profile"
              aria-label={t('topBar.profile')}
              aria-current={pathname === '/profile' ? 'page' : undefined}
              className={iconLink}
            >
              <UserIcon />
            </Link>
            <Link
              to="/"
              aria-label={t('topBar.home')}
              aria-current={pathname === '/' ? 'page' : undefined}
              className={iconLink}
            >
              <HomeIcon />
            </Link>
            <MobileMenu />
          </>
        ) : (
          <LanguageToggle />
        )}
      </div>
    </header>
  );
}

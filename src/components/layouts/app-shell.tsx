// The global frame around every page (spec §2): skip link, browser warning, top bar, offline banner,
// breadcrumbs, the routed page with its transition, the modal container, and the bottom dock (update
// and install offers, a page's bar) whose height the page keeps clear. Toasts of a page go with it.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useReportRouteChanges } from '../../lib/analytics';
import { useSession } from '../../lib/session';
import { dismissToastsOfPreviousPage } from '../../lib/toast';
import { OfflineBanner } from '../../offline/offline-banner';
import { InstallPrompt } from '../../pwa/install-prompt';
import { UpdatePrompt } from '../../pwa/update-prompt';
import { APP_CONTENT_ID, ModalRoot } from '../ui/modal';
import { BottomDock, BottomDockSlotProvider } from './bottom-dock';
import { Breadcrumbs } from './breadcrumbs';
import { BrowserWarning } from './browser-warning';
import { PageTransition } from './page-transition';
import { RouteLoading } from './route-states';
import { TopBar } from './top-bar';
import { useDocumentTitle } from './use-document-title';

export function AppShell() {
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  useDocumentTitle();
  useReportRouteChanges();
  const mainRef = useFocusMainOnNavigation();
  useDismissToastsOnNavigation();
  const [dockSlot, setDockSlot] = useState<HTMLElement | null>(null);

  return (
    <BottomDockSlotProvider slot={dockSlot}>
      <div id={APP_CONTENT_ID} className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-surface px-4 py-3 font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t('skipLink')}
        </a>
        <BrowserWarning />
        <TopBar />
        <OfflineBanner />
        {signedIn && <Breadcrumbs />}
        <main
          id="main"
          ref={mainRef}
          tabIndex={-1}
          // The bottom padding keeps the end of the page clear of the bottom dock's cards.
          className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-[calc(var(--bottom-dock-height,0px)+1.5rem)] outline-none sm:pt-10 sm:pb-[calc(var(--bottom-dock-height,0px)+2.5rem)]"
        >
          <PageTransition>
            {/* A text catalogue not loaded yet suspends its page here, inside the shell. */}
            <Suspense fallback={<RouteLoading />}>
              <Outlet />
            </Suspense>
          </PageTransition>
        </main>
      </div>
      <ModalRoot />
      <BottomDock slotRef={setDockSlot}>
        <UpdatePrompt />
        {signedIn && <InstallPrompt />}
      </BottomDock>
      <ScrollRestoration />
    </BottomDockSlotProvider>
  );
}

// A toast belongs to the page it was shown on: leaving the page dismisses it (those shown just before
// the change announce what led to the new page, and stay).
function useDismissToastsOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    dismissToastsOfPreviousPage();
  }, [pathname]);
}

// After an in-app navigation, screen-reader and keyboard users start on the new page, not on the link
// they used. The first render is left alone so the browser's own start point is kept.
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (!document.querySelector('[aria-modal="true"]'))
      mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

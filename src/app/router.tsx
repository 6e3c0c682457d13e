// Every route of spec §2, each page a lazy module of ./routes (one per URL) so the first load stays
// small. Titles and breadcrumb trails are declared here, known before a page's code has loaded.
import { useEffect } from 'react';
import { createBrowserRouter, type Params, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppShell } from '../components/layouts/app-shell';
import { AppLoading, RouteError } from '../components/layouts/route-states';
import { markFirstPageShown } from '../lib/first-page';
import { loadAllNamespaces } from '../lib/i18n';
import { whenIdle } from '../lib/idle';
import type { Crumb, RouteHandle, RouteTitleKey } from '../lib/route-handle';
import { redirectSignedIn, requireSession } from './guards';

const home: Crumb = { titleKey: 'homeCrumb', to: '/' };
const books: Crumb = { titleKey: 'books', to: '/books' };
const circles: Crumb = { titleKey: 'circles', to: '/circles' };
const circle = (params: Params): Crumb => ({
  titleKey: 'circle',
  to: `/circles/${params.storytellerId ?? ''}`,
});
const conversation = (params: Params): Crumb => ({
  titleKey: 'conversation',
  to: `/conversations/${params.conversationID ?? ''}`,
});

function handle(titleKey: RouteTitleKey, crumbs?: (params: Params) => Crumb[]): RouteHandle {
  return crumbs ? { titleKey, crumbs } : { titleKey };
}

const guestRoutes: RouteObject[] = [
  {
    path: 'login',
    loader: redirectSignedIn,
    handle: handle('login'),
    lazy: () => import('./routes/login'),
  },
  {
    path: 'register',
    loader: redirectSignedIn,
    handle: handle('register'),
    lazy: () => import('./routes/register'),
  },
  {
    path: 'register-multi',
    loader: redirectSignedIn,
    handle: handle('registerMulti'),
    lazy: () => import('./routes/register-multi'),
  },
  {
    path: 'forgot-password',
    loader: redirectSignedIn,
    handle: handle('forgotPassword'),
    lazy: () => import('./routes/forgot-password'),
  },
  {
    path: 'reset-password',
    handle: handle('resetPassword'),
    lazy: () => import('./routes/reset-password'),
  },
  // The link mailed to the previous address after an email change; it asks for a new password too.
  {
    path: 'undo-email-change',
    handle: handle('resetPassword'),
    lazy: () => import('./routes/undo-email-change'),
  },
  { path: 'terms', handle: handle('terms', () => [home]), lazy: () => import('./routes/terms') },
  {
    path: 'privacy',
    handle: handle('privacy', () => [home]),
    lazy: () => import('./routes/privacy'),
  },
];

/** Guest pages that refresh what they changed in the query cache (they sit inside the query layer). */
const guestRoutesWithData: RouteObject[] = [
  // Spec: "any path beginning with email-validation" is a guest route.
  {
    path: 'email-validation/*',
    handle: handle('emailValidation'),
    lazy: () => import('./routes/email-validation'),
  },
  {
    path: 'payment-success',
    handle: handle('paymentSuccess', () => [home]),
    lazy: () => import('./routes/payment-success'),
  },
  {
    path: 'payment-failure',
    handle: handle('paymentFailure', () => [home]),
    lazy: () => import('./routes/payment-failure'),
  },
  // An invitation to a family circle: read signed out (who invites), accepted signed in. It uses the
  // circle's texts, which are not among the first screen's.
  withAllTranslations({
    path: 'circle/join',
    handle: handle('circleJoin'),
    lazy: () => import('./routes/circle-join'),
  }),
];

const signedInPages: RouteObject[] = [
  {
    index: true,
    handle: handle('home', () => []),
    // Declared here rather than in the page's module: it starts while that code is still loading.
    loader: (args) => import('./routes/home-loader').then(({ homeLoader }) => homeLoader(args)),
    lazy: () => import('./routes/home'),
  },
  {
    path: 'profile',
    handle: handle('profile', () => [home]),
    lazy: () => import('./routes/profile'),
  },
  {
    path: 'conversations/book/create',
    handle: handle('bookCreation', () => [home, books]),
    lazy: () => import('./routes/book-creation'),
  },
  {
    path: 'conversations/:conversationID',
    handle: handle('conversation', () => [home]),
    lazy: () => import('./routes/conversation'),
  },
  {
    path: 'conversations/:conversationID/images',
    handle: handle('conversationImages', (p) => [home, conversation(p)]),
    lazy: () => import('./routes/conversation-images'),
  },
  {
    path: 'conversations/:conversationID/share',
    handle: handle('conversationShare', (p) => [home, conversation(p)]),
    lazy: () => import('./routes/conversation-share'),
  },
  {
    path: 'conversations/:conversationID/chat',
    handle: handle('conversationChat', (p) => [home, conversation(p)]),
    lazy: () => import('./routes/conversation-chat'),
  },
  { path: 'books', handle: handle('books', () => [home]), lazy: () => import('./routes/books') },
  // The storyteller's circle (issue 31): who reads and adds to her chapters, and their questions.
  { path: 'family', handle: handle('family', () => [home]), lazy: () => import('./routes/family') },
  {
    path: 'book/:bookID',
    handle: handle('book', () => [home, books]),
    lazy: () => import('./routes/book'),
  },
  {
    path: 'subscription',
    handle: handle('subscription', () => [home]),
    lazy: () => import('./routes/subscription'),
  },
  {
    path: 'onboarding',
    handle: handle('onboarding', () => [home]),
    lazy: () => import('./routes/onboarding'),
  },
  {
    path: 'support',
    handle: handle('support', () => [home]),
    lazy: () => import('./routes/support'),
  },
  // A member's side of the family circle (issue 31).
  {
    path: 'circles',
    handle: handle('circles', () => [home]),
    lazy: () => import('./routes/circles'),
  },
  {
    path: 'circles/:storytellerId',
    handle: handle('circle', () => [home, circles]),
    lazy: () => import('./routes/circle'),
  },
  {
    path: 'circles/:storytellerId/chapters/:chapterId',
    handle: handle('circleChapter', (p) => [home, circles, circle(p)]),
    lazy: () => import('./routes/circle-chapter'),
  },
  // A contributor she allows prepares her book; the book stays hers.
  {
    path: 'circles/:storytellerId/book/new',
    handle: handle('bookCreation', (p) => [home, circles, circle(p)]),
    lazy: () => import('./routes/circle-book-creation'),
  },
  {
    path: 'circles/:storytellerId/books/:bookId',
    handle: handle('book', (p) => [home, circles, circle(p)]),
    lazy: () => import('./routes/circle-book'),
  },
];

/**
 * A signed-in page uses several features' texts: its code and every catalogue of the language arrive
 * together (one round trip, all from the service worker's cache when installed). Guest pages use the
 * first screen's catalogues, bundled with the entry, and wait for nothing more.
 */
function withAllTranslations(route: RouteObject): RouteObject {
  const load = route.lazy;
  if (typeof load !== 'function') return route;
  return {
    ...route,
    lazy: async () => {
      const [module] = await Promise.all([load(), loadAllNamespaces()]);
      return module;
    },
  } as RouteObject;
}

const signedInRoutes = signedInPages.map(withAllTranslations);

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: AppShell,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        // A failing page keeps the shell around it.
        ErrorBoundary: RouteError,
        children: [
          ...guestRoutes,
          {
            // TanStack and the saved query cache, loaded beside the first page that reads data.
            id: 'data',
            lazy: () => import('./data-layer'),
            children: [
              ...guestRoutesWithData,
              {
                id: 'signed-in',
                loader: requireSession,
                lazy: () =>
                  import('./protected-layout').then(({ ProtectedLayout }) => ({
                    Component: ProtectedLayout,
                  })),
                children: signedInRoutes,
              },
            ],
          },
          { path: '*', handle: handle('notFound'), lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * `onFirstPage` runs once the first page is on screen (its code loaded, its loaders done) and the
 * browser is idle: what is not needed to show it (the offline layer) then takes neither the network
 * nor the processor from it. The router is made before the first render (src/main.tsx).
 */
export function AppRouter({
  router,
  onFirstPage,
}: {
  router: ReturnType<typeof createAppRouter>;
  onFirstPage?: () => void;
}) {
  useEffect(() => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      // Two idle moments, not one: what waited for the first page draws again in the first, and the
      // offline layer's code runs in the next, each a short task on a slow phone.
      whenIdle(() => {
        markFirstPageShown();
        if (onFirstPage) whenIdle(onFirstPage);
      });
    };
    if (router.state.initialized) {
      run();
      return;
    }
    return router.subscribe((state) => {
      if (state.initialized) run();
    });
  }, [router, onFirstPage]);
  return <RouterProvider router={router} />;
}

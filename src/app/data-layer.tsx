// The query layer around every page that reads data (the signed-in pages, and the email and payment
// links that refresh what they changed): TanStack's client and its copy in localStorage. A route module
// of its own, loaded beside the first such page rather than with the first screen: the sign-in and
// sign-up pages do without it. The copy is read back once per visit, however often these pages are
// left and entered again, and written on every change from then on.
import { useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { buildId } from '../lib/env';
import { PERSIST_MAX_AGE_MS, queryClient, queryPersister } from '../lib/query-client';

export const persistOptions: PersistQueryClientOptions = {
  queryClient,
  persister: queryPersister,
  // A new build may read the cache differently: start from a clean one.
  buster: buildId,
  maxAge: PERSIST_MAX_AGE_MS,
  dehydrateOptions: {
    // Offline writes live in the Dexie outbox; persisting paused mutations too would replay them twice.
    shouldDehydrateMutation: () => false,
    // TanStack's default (successful queries only), minus the ones that opt out.
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.meta?.persist !== false,
  },
};

let restoring: Promise<void> | null = null;
let restored = false;

/**
 * Reads the copy back (then refreshes what it held) and starts keeping it; once per visit. Only what
 * came from the copy is asked again: an answer already fetched in this visit (the home page's loader
 * asks for the chapter list before this layer's code has even loaded) or on its way is as fresh as
 * it gets, and asking again would fetch, draw and copy to the device the same list twice.
 */
function restoreOnce(): Promise<void> {
  restoring ??= persistQueryClientRestore(persistOptions)
    .then(async () => {
      await queryClient.resumePausedMutations();
      // performance.timeOrigin is missing before Safari 15: the same moment from the page's clock.
      const visitStart =
        (performance.timeOrigin as number | undefined) ?? Date.now() - performance.now();
      await queryClient.invalidateQueries({
        predicate: (query) =>
          query.state.fetchStatus !== 'fetching' && query.state.dataUpdatedAt < visitStart,
      });
    })
    .catch((error: unknown) => console.error('The saved query cache could not be read', error))
    .finally(() => {
      restored = true;
      persistQueryClientSubscribe(persistOptions);
    });
  return restoring;
}

export function QueryLayer({ children }: { children: ReactNode }) {
  // Queries wait while the copy is read back, as with TanStack's PersistQueryClientProvider.
  const [isRestoring, setIsRestoring] = useState(!restored);
  useEffect(() => {
    if (!isRestoring) return;
    let live = true;
    void restoreOnce().then(() => {
      if (live) setIsRestoring(false);
    });
    return () => {
      live = false;
    };
  }, [isRestoring]);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}

export function Component() {
  return (
    <QueryLayer>
      <Outlet />
    </QueryLayer>
  );
}

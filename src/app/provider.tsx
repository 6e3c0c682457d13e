// App-wide providers: the persisted query client, the one jotai store, and the toasts.
import type { ReactNode } from 'react';
import {
  PersistQueryClientProvider,
  type PersistQueryClientProviderProps,
} from '@tanstack/react-query-persist-client';
import { Provider as JotaiProvider } from 'jotai';
import { Toaster } from '../components/ui/toaster';
import { buildId } from '../lib/env';
import { appStore } from '../lib/jotai-store';
import { PERSIST_MAX_AGE_MS, queryClient, queryPersister } from '../lib/query-client';

const persistOptions: PersistQueryClientProviderProps['persistOptions'] = {
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

async function onRestored() {
  await queryClient.resumePausedMutations();
  await queryClient.invalidateQueries();
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={persistOptions}
        onSuccess={onRestored}
      >
        {children}
        <Toaster />
      </PersistQueryClientProvider>
    </JotaiProvider>
  );
}

// App-wide providers: the persisted query client, the one jotai store, the toasts, and the privacy
// choice with the analytics it allows (here rather than in the shell, which may not import features).
import type { ReactNode } from 'react';
import {
  PersistQueryClientProvider,
  type PersistQueryClientProviderProps,
} from '@tanstack/react-query-persist-client';
import { Provider as JotaiProvider } from 'jotai';
import { Toaster } from '../components/ui/toaster';
import { onOnboardingAbandoned } from '../features/onboarding/onboarding-events';
import { PrivacyConsent } from '../features/privacy/components/privacy-consent';
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
        <PrivacyConsent subscribeOnboardingAbandoned={onOnboardingAbandoned} />
      </PersistQueryClientProvider>
    </JotaiProvider>
  );
}

// The TanStack Query client and its localStorage persister. Errors of every query and mutation go
// through the global handling (api-errors.ts) unless their meta says the screen shows them itself.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { handleGlobalApiError } from './api-errors';
import { registerQueryCache } from './sign-out';
import { storageKeys } from './storage';

export interface AppQueryMeta extends Record<string, unknown> {
  /** false when the screen shows this call's error itself (the 401 logout still applies). */
  globalErrorToast?: boolean;
  /** false to keep this query out of the persisted cache (one-shot or sensitive answers). */
  persist?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

/** The persisted cache is dropped after a day; queries are kept in memory at least as long. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const QUERY_GC_TIME_MS = PERSIST_MAX_AGE_MS;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) =>
        handleGlobalApiError(error, { toast: query.meta?.globalErrorToast !== false }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        handleGlobalApiError(error, { toast: mutation.meta?.globalErrorToast !== false }),
    }),
    defaultOptions: {
      // Spec §7: no automatic retry. Going offline pauses calls instead of failing them.
      queries: { gcTime: QUERY_GC_TIME_MS, staleTime: 30_000, retry: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** How often the persisted copy is written at most (the persister's throttle). */
const PERSIST_THROTTLE_MS = 1_000;
let persistSuspendedUntil = 0;

/**
 * Ignores the persister's writes for a while: at logout its throttled write, due up to a second later,
 * would otherwise put back a copy of the cache (taken before it was cleared) after it was removed.
 */
export function suspendQueryPersistence(ms = PERSIST_THROTTLE_MS + 500): void {
  persistSuspendedUntil = Date.now() + ms;
}

const persistedStorage =
  typeof window === 'undefined'
    ? undefined
    : {
        getItem: (key: string) => window.localStorage.getItem(key),
        setItem: (key: string, value: string) => {
          if (Date.now() < persistSuspendedUntil) return;
          window.localStorage.setItem(key, value);
        },
        removeItem: (key: string) => window.localStorage.removeItem(key),
      };

export const queryPersister = createSyncStoragePersister({
  storage: persistedStorage,
  key: storageKeys.queryCache,
  throttleTime: PERSIST_THROTTLE_MS,
});

// Signing out (sign-out.ts, reached from api-errors.ts too) empties this cache through what it registers.
registerQueryCache({
  suspendPersistence: () => suspendQueryPersistence(),
  cancel: () => queryClient.cancelQueries(),
  clear: () => queryClient.clear(),
  removePersisted: () => queryPersister.removeClient(),
});

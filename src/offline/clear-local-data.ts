// Wipes what this device keeps of the signed-in account (logout, account deletion): the Dexie tables
// (every one: a member's copies of the family circles too), the service worker's picture, book and
// recording caches (and their expiry records), the persisted query cache, the book wizard's saved state
// and this tab's « Raconter ma propre histoire ».
import { db } from '../db/db';
import {
  BOOK_CACHE_NAME,
  CLEAR_USER_CACHES,
  IMAGE_CACHE_NAME,
  RECORDING_CACHE_NAME,
  USER_CACHES_CLEARED,
  type WorkerToPageMessage,
} from '../../sw/protocol';
import { discardPendingDrafts } from './use-draft';

/** The sync-storage persister's default key, and any key the shell may have chosen under our prefix. */
const QUERY_CACHE_KEYS = ['REACT_QUERY_OFFLINE_CACHE'];
/** Other keys holding the account's data: the book wizard's saved state (src/features/books/wizard-state.ts). */
const ACCOUNT_KEYS = ['chapitres.bookWizard'];
const QUERY_CACHE_PREFIX = 'chapitres.query';
/** This tab's choices of the account: « Raconter ma propre histoire » (src/features/family-circle/own-story-intent.ts). */
const SESSION_ACCOUNT_KEYS = ['chapitres.ownStory'];
const SW_ANSWER_TIMEOUT_MS = 3_000;

interface QueryClientModule {
  queryClient?: { clear(): void };
}

// Resolved at build time to nothing if the module does not exist, so this layer does not depend on it.
const queryClientModules = import.meta.glob<QueryClientModule>('../lib/query-client.ts');

async function clearQueryCache(): Promise<void> {
  const load = queryClientModules['../lib/query-client.ts'];
  if (load) {
    const { queryClient } = await load();
    queryClient?.clear();
  }
  try {
    for (const key of [...QUERY_CACHE_KEYS, ...ACCOUNT_KEYS]) localStorage.removeItem(key);
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(QUERY_CACHE_PREFIX)) localStorage.removeItem(key);
    }
    for (const key of SESSION_ACCOUNT_KEYS) sessionStorage.removeItem(key);
  } catch {
    // Storage disabled (private mode): nothing was persisted there either.
  }
}

function askWorker(worker: ServiceWorker): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timeout = setTimeout(() => resolve(false), SW_ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<WorkerToPageMessage>) => {
      clearTimeout(timeout);
      resolve(event.data?.type === USER_CACHES_CLEARED && event.data.ok);
    };
    worker.postMessage({ type: CLEAR_USER_CACHES }, [channel.port2]);
  });
}

async function clearImageCache(): Promise<void> {
  let cleared = false;
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = registration?.active ?? navigator.serviceWorker.controller;
    if (worker) cleared = await askWorker(worker);
  }
  // No worker (development, first visit) or no answer: the page can still drop the cache itself.
  if (!cleared && typeof caches !== 'undefined')
    await Promise.all(
      [IMAGE_CACHE_NAME, BOOK_CACHE_NAME, RECORDING_CACHE_NAME].map((name) => caches.delete(name)),
    );
}

export async function clearLocalData(): Promise<void> {
  // A draft still waiting for its debounce would otherwise be written back after the wipe.
  discardPendingDrafts();
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
  await Promise.all([clearImageCache(), clearQueryCache()]);
}

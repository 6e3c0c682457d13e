// Ends the session on this device: token and user, the query cache (and its persisted copy), and
// everything the offline layer stored. Used by logout, account deletion and the global 401 handling.
import { forgetReturnTo } from './return-to';
import { clearSession, getSession } from './session';

/** What signing out does to the query cache; query-client.ts registers it (so neither imports the other back). */
export interface QueryCacheControl {
  /** Ignores the persister's throttled write still due, which would put the account's data back. */
  suspendPersistence(): void;
  cancel(): Promise<void>;
  clear(): void;
  removePersisted(): PromiseLike<void> | void;
}

let queryCache: QueryCacheControl | null = null;

export function registerQueryCache(control: QueryCacheControl): void {
  queryCache = control;
}

/**
 * `expired` is a sign-out the person did not ask for (the server answered 401/403): the device keeps
 * what was never sent (outbox, drafts, stored chapters) so nothing typed is lost, and
 * `claimDeviceData` wipes it if somebody else signs in next. A chosen logout wipes everything.
 */
export async function signOut(options: { expired?: boolean } = {}): Promise<void> {
  // The session goes first so protected screens unmount before their data disappears under them.
  const ownerId = getSession()?.user?.id ?? null;
  clearSession();
  forgetReturnTo();
  // A write of the cache still due (throttled) would bring the account's data back after it is gone.
  queryCache?.suspendPersistence();
  await queryCache?.cancel();
  queryCache?.clear();
  await queryCache?.removePersisted();
  if (options.expired && ownerId) {
    const { rememberDeviceOwner } = await import('../offline/device-owner');
    await rememberDeviceOwner(ownerId);
    return;
  }
  try {
    // The offline layer (Dexie) loads on demand, so the first screen does not carry it.
    const { clearLocalData } = await import('../offline/clear-local-data');
    await clearLocalData();
  } catch (error) {
    // A blocked IndexedDB must not keep someone signed in; the next sign-in overwrites it anyway.
    console.error('Clearing local data failed', error);
  }
}

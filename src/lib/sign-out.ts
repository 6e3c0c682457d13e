// Ends the session on this device: token and user, the query cache (and its persisted copy), and
// everything the offline layer stored. Used by logout, account deletion and the global 401 handling.
import { clearLocalData } from '../offline/clear-local-data';
import { queryClient, queryPersister, suspendQueryPersistence } from './query-client';
import { forgetReturnTo } from './return-to';
import { clearSession, getSession } from './session';
import { rememberDeviceOwner } from '../offline/device-owner';

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
  suspendQueryPersistence();
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersister.removeClient();
  if (options.expired && ownerId) {
    await rememberDeviceOwner(ownerId);
    return;
  }
  try {
    await clearLocalData();
  } catch (error) {
    // A blocked IndexedDB must not keep someone signed in; the next sign-in overwrites it anyway.
    console.error('Clearing local data failed', error);
  }
}

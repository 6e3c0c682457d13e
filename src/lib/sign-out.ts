// Ends the session on this device: token and user, the query cache (and its persisted copy), and
// everything the offline layer stored. Used by logout, account deletion and the global 401 handling.
import { clearLocalData } from '../offline/clear-local-data';
import { queryClient, queryPersister } from './query-client';
import { forgetReturnTo } from './return-to';
import { clearSession } from './session';

export async function signOut(): Promise<void> {
  // The session goes first so protected screens unmount before their data disappears under them.
  clearSession();
  forgetReturnTo();
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersister.removeClient();
  try {
    await clearLocalData();
  } catch (error) {
    // A blocked IndexedDB must not keep someone signed in; the next sign-in overwrites it anyway.
    console.error('Clearing local data failed', error);
  }
}

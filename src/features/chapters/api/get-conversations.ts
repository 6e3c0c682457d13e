// GET /conversations (newest first, without summaries): every page of the person's chapters. Each
// complete answer is also copied to the device (Dexie) so the list can be read offline.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConversationsWire } from '../../../lib/conversation-query';
import { afterFirstPage } from '../../../lib/first-page';
import { getSession } from '../../../lib/session';
import { storeChapterList } from '../../../offline/stored-chapters';
import { chapterFromWire, type Chapter } from '../chapter';
import { chapterKeys } from './chapters-keys';

export async function getConversations(): Promise<Chapter[]> {
  const owner = getSession()?.user?.id;
  const wire = await getConversationsWire();
  // The device copy never holds up the list, and waits until the first page is on screen (it loads
  // Dexie); a copy of someone who has signed out meanwhile is not written.
  afterFirstPage(() => {
    if (getSession()?.user?.id !== owner) return;
    storeChapterList(wire, { complete: true }).catch((error: unknown) => {
      // A full or blocked device store only costs the offline copy, never the list on screen.
      console.warn('Could not keep the chapter list on this device', error);
    });
  });
  return wire.map(chapterFromWire);
}

export function conversationsQueryOptions() {
  return queryOptions({
    queryKey: chapterKeys.list(),
    queryFn: getConversations,
    // The page shows its own loading, offline and error states.
    meta: { globalErrorToast: false },
  });
}

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}

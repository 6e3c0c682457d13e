// GET /conversations (newest first, without summaries): every page of the person's chapters. Each
// complete answer is also copied to the device (Dexie) so the list can be read offline.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeChapterList } from '../../../offline/stored-chapters';
import { chapterFromWire, type Chapter } from '../chapter';
import { chapterKeys } from './chapters-keys';
import type { ConversationWire, ListWire } from './types';

/** The API's page size cap (api.md § Conventions). */
export const CONVERSATIONS_PAGE_SIZE = 100;

export async function getConversationsWire(): Promise<ConversationWire[]> {
  const all: ConversationWire[] = [];
  for (;;) {
    const page = await apiRequest<ListWire<ConversationWire>>('/conversations', {
      query: {
        sort_by: 'created_at',
        sort_order: 'descending',
        skip: all.length,
        limit: CONVERSATIONS_PAGE_SIZE,
      },
    });
    const data = page?.data ?? [];
    all.push(...data);
    if (data.length === 0 || all.length >= (page?.count ?? 0)) return all;
  }
}

export async function getConversations(): Promise<Chapter[]> {
  const wire = await getConversationsWire();
  try {
    await storeChapterList(wire, { complete: true });
  } catch (error) {
    // A full or blocked device store only costs the offline copy, never the list on screen.
    console.warn('Could not keep the chapter list on this device', error);
  }
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

// GET /conversations, read by the book list only to count the chapters that have a title (a book needs
// MIN_BOOK_CHAPTERS of them). Features do not share code, so the list keeps this small query of its own
// under the books keys; it never holds the chapters themselves, only the count.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ConversationWire } from '../../../lib/conversation-query';
import { bookKeys } from '../api/books-keys';
import type { ListWire } from '../api/types';

/** The API's page size cap (api.md § Conventions). */
const PAGE_SIZE = 100;

export const titledChapterCountKey = [...bookKeys.all, 'titled-chapter-count'] as const;

export function hasTitle(conversation: Pick<ConversationWire, 'title_infos'>): boolean {
  return (conversation.title_infos?.title ?? '').trim().length > 0;
}

export async function getTitledChapterCount(): Promise<number> {
  let seen = 0;
  let titled = 0;
  for (;;) {
    const page = await apiRequest<ListWire<ConversationWire>>('/conversations', {
      query: { sort_by: 'created_at', sort_order: 'descending', skip: seen, limit: PAGE_SIZE },
    });
    const data = page?.data ?? [];
    seen += data.length;
    titled += data.filter(hasTitle).length;
    if (data.length === 0 || seen >= (page?.count ?? 0)) return titled;
  }
}

export function titledChapterCountQueryOptions() {
  return queryOptions({
    queryKey: titledChapterCountKey,
    queryFn: getTitledChapterCount,
    // Only the new-book button depends on it: without the count, the wizard decides (spec §8: logged).
    meta: { globalErrorToast: false },
  });
}

export function useTitledChapterCount() {
  return useQuery(titledChapterCountQueryOptions());
}

// GET /conversations, read by the book list only to count the chapters that have a title (a book needs
// MIN_BOOK_CHAPTERS of them), under the books keys; it never holds the chapters themselves, only the count.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConversationsWire, type ConversationWire } from '../../../lib/conversation-query';
import { bookKeys } from '../api/books-keys';

export const titledChapterCountKey = [...bookKeys.all, 'titled-chapter-count'] as const;

export function hasTitle(conversation: Pick<ConversationWire, 'title_infos'>): boolean {
  return (conversation.title_infos?.title ?? '').trim().length > 0;
}

export async function getTitledChapterCount(): Promise<number> {
  return (await getConversationsWire()).filter(hasTitle).length;
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

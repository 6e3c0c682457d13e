// GET /books/{id}. While the book is being made it is asked again every 15 s (spec §9), and only while
// a screen showing it is mounted: TanStack stops the interval when the last observer goes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './books-keys';
import type { BookWire } from './types';

export const BOOK_POLL_MS = 15_000;

export function getBook(bookID: string): Promise<BookWire> {
  return apiRequest<BookWire>(`/books/${encodeURIComponent(bookID)}`);
}

export function bookQueryOptions(bookID: string) {
  return queryOptions({
    queryKey: bookKeys.detail(bookID),
    queryFn: () => getBook(bookID),
    refetchInterval: (query) =>
      query.state.data?.generation_status === 'ongoing' ? BOOK_POLL_MS : false,
    refetchIntervalInBackground: false,
    // The book page says itself that a book is not found or cannot be loaded.
    meta: { globalErrorToast: false },
  });
}

export function useBook(bookID: string) {
  return useQuery(bookQueryOptions(bookID));
}

// GET /books/{id}. While the book is being made it is asked again often: every second for the first
// ten seconds after it was ordered (most books are ready by then), then every three seconds, and only
// while a screen showing it is mounted: TanStack stops the interval when the last observer goes.
import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OWN_BOOKS_API, useBookTarget } from '../book-target';
import { bookKeys } from './books-keys';
import type { BookWire } from './types';

/** Delay between two asks while a book is being made: fast at first, then calmer. */
export const BOOK_POLL_FAST_MS = 1_000;
export const BOOK_POLL_FAST_WINDOW_MS = 10_000;
export const BOOK_POLL_MS = 3_000;

/**
 * How long to wait before asking again about books being made (false: none is being made). The age is
 * counted from the book's creation, or from when this screen first saw it being made if the clocks of the
 * phone and the server disagree (a creation time in the future, or long past while the screen just
 * opened, still polls fast for its first ten seconds).
 */
export function bookPollDelay(
  books: readonly Pick<BookWire, 'generation_status' | 'created_at'>[] | undefined,
  watchingSince: number,
  now: number = Date.now(),
): number | false {
  const ongoing = (books ?? []).filter((book) => book.generation_status === 'ongoing');
  if (ongoing.length === 0) return false;
  const watched = now - watchingSince;
  const young = ongoing.some((book) => {
    const created = Date.parse(book.created_at);
    const age = Number.isNaN(created) ? Infinity : now - created;
    return age >= 0 && age < BOOK_POLL_FAST_WINDOW_MS;
  });
  return young || watched < BOOK_POLL_FAST_WINDOW_MS ? BOOK_POLL_FAST_MS : BOOK_POLL_MS;
}

export function getBook(bookID: string, apiBase: string = OWN_BOOKS_API): Promise<BookWire> {
  return apiRequest<BookWire>(`${apiBase}/${encodeURIComponent(bookID)}`);
}

/**
 * `watchingSince`: when the screen asking began to show the book (kept across renders); `apiBase`: her
 * own books, or a circle's (issue 31, book-target.ts).
 */
export function bookQueryOptions(
  bookID: string,
  watchingSince: number = Date.now(),
  apiBase: string = OWN_BOOKS_API,
) {
  return queryOptions({
    queryKey: bookKeys.detail(bookID, apiBase),
    queryFn: () => getBook(bookID, apiBase),
    refetchInterval: (query) =>
      bookPollDelay(query.state.data ? [query.state.data] : undefined, watchingSince),
    refetchIntervalInBackground: false,
    // The book page says itself that a book is not found or cannot be loaded.
    meta: { globalErrorToast: false },
  });
}

export function useBook(bookID: string) {
  const [watchingSince] = useState(() => Date.now());
  const { apiBase } = useBookTarget();
  return useQuery(bookQueryOptions(bookID, watchingSince, apiBase));
}

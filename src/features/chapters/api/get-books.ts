// GET /books, read by the chapter list only for the progress checklist (a finished book). The books
// module may not exist yet on a server: a 404 there means "no books".
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { chapterKeys } from './chapters-keys';
import type { BookGenerationStatus, BookListWire } from './types';

export interface BookStatus {
  bookID: string;
  generationStatus: BookGenerationStatus;
}

export async function getBookStatuses(): Promise<BookStatus[]> {
  try {
    const answer = await apiRequest<BookListWire>('/books', {
      query: { skip: 0, limit: 100 },
    });
    return (answer?.data ?? []).map((book) => ({
      bookID: book.id,
      generationStatus: book.generation_status,
    }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function bookStatusesQueryOptions() {
  return queryOptions({
    queryKey: chapterKeys.books(),
    queryFn: getBookStatuses,
    // A missing book count only dims one checklist line: no toast for it.
    meta: { globalErrorToast: false },
  });
}

export function useBookStatuses() {
  return useQuery(bookStatusesQueryOptions());
}

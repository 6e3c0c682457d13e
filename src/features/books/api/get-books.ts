// GET /books: the person's books, newest first (the list hides failed ones itself).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './books-keys';
import type { BookListWire, BookWire } from './types';

export async function getBooks(): Promise<BookWire[]> {
  const answer = await apiRequest<BookListWire>('/books', { query: { skip: 0, limit: 100 } });
  return answer?.data ?? [];
}

export function booksQueryOptions() {
  return queryOptions({ queryKey: bookKeys.lists(), queryFn: getBooks });
}

export function useBooks() {
  return useQuery(booksQueryOptions());
}

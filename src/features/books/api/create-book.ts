// POST /books: starts making the book; the answer is the book, `ongoing`.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './books-keys';
import type { BookWire, CreateBookPayload } from './types';

export function createBook(payload: CreateBookPayload): Promise<BookWire> {
  return apiRequest<BookWire>('/books', { method: 'POST', json: payload });
}

export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBook,
    onSuccess: (book) => {
      queryClient.setQueryData(bookKeys.detail(book.id), book);
      void queryClient.invalidateQueries({ queryKey: bookKeys.lists() });
    },
  });
}

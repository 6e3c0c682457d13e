// POST /books: starts making the book; the answer is the book, `ongoing`.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './books-keys';
import type { BookWire, CreateBookPayload } from './types';

export function createBook(payload: CreateBookPayload): Promise<BookWire> {
  return apiRequest<BookWire>('/books', { method: 'POST', json: payload });
}

/** The wizard's last step: it shows the server's own message in the step (402 with a link to the offers). */
export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBook,
    onSuccess: (book) => {
      queryClient.setQueryData(bookKeys.detail(book.id), book);
      void queryClient.invalidateQueries({ queryKey: bookKeys.lists() });
      // The chapter list's progress checklist counts books too.
      void queryClient.invalidateQueries({ queryKey: ['chapters'] });
    },
    meta: { globalErrorToast: false },
  });
}

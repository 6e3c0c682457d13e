// POST /books: starts making the book; the answer is the book, `ongoing`.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OWN_BOOKS_API, useBookTarget } from '../book-target';
import { bookKeys } from './books-keys';
import type { BookWire, CreateBookPayload } from './types';

/** POST /books, or POST /circles/{storytellerId}/books for her book (issue 31). */
export function createBook(
  payload: CreateBookPayload,
  apiBase: string = OWN_BOOKS_API,
): Promise<BookWire> {
  return apiRequest<BookWire>(apiBase, { method: 'POST', json: payload });
}

/** The wizard's last step: it shows the server's own message in the step (402 with a link to the offers). */
export function useCreateBook() {
  const queryClient = useQueryClient();
  const { apiBase } = useBookTarget();
  return useMutation({
    mutationFn: (payload: CreateBookPayload) => createBook(payload, apiBase),
    onSuccess: (book) => {
      queryClient.setQueryData(bookKeys.detail(book.id, apiBase), book);
      void queryClient.invalidateQueries({ queryKey: bookKeys.lists() });
      // The chapter list's progress checklist counts books too.
      void queryClient.invalidateQueries({ queryKey: ['chapters'] });
    },
    meta: { globalErrorToast: false },
  });
}

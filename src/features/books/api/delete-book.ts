// DELETE /books/{id}, then the list is reloaded (spec §7). A book already gone (404) counts as deleted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { bookKeys } from './books-keys';

export async function deleteBook(bookID: string): Promise<void> {
  try {
    await apiRequest(`/books/${encodeURIComponent(bookID)}`, { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBook,
    onSuccess: (_data, bookID) => {
      queryClient.removeQueries({ queryKey: bookKeys.detail(bookID) });
      void queryClient.invalidateQueries({ queryKey: bookKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['chapters'] });
    },
    // Spec §8: a failed book deletion is logged only; the dialog says it did not work.
    meta: { globalErrorToast: false },
  });
}

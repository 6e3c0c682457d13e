// The books a chapter is in (GET /books, filtered here): the delete dialog says so before the chapter
// goes. Read when the dialog opens; the dialog says nothing of books when they cannot be read.
import { useQuery } from '@tanstack/react-query';
import type { Book, BookList } from '@contract/books';
import { apiRequest } from '../../../lib/api-client';

export type ChapterBook = Pick<Book, 'id' | 'title'>;

export async function getBooksOfChapter(conversationId: string): Promise<ChapterBook[]> {
  const answer = await apiRequest<BookList>('/books', { query: { skip: 0, limit: 100 } });
  return (answer?.data ?? [])
    .filter((book) => book.conversation_ids.includes(conversationId))
    .map(({ id, title }) => ({ id, title }));
}

export function useBooksOfChapter(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['conversation', conversationId, 'books'] as const,
    queryFn: () => getBooksOfChapter(conversationId),
    enabled,
    retry: false,
    meta: { globalErrorToast: false },
  });
}

// The listening pages a book's voice codes open (issue 20): GET /conversations/{id}/listen-link for each
// chapter of the book (404: that chapter has no page, no code was printed for it), DELETE to take one
// down — the printed code then opens a plain « no longer available » page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListenLink } from '@contract/listening';
import { ApiError, apiRequest } from '../../../lib/api-client';

export interface ChapterListenLink {
  conversationId: string;
  /** The chapter's place in the book, from 1. */
  position: number;
  url: string;
}

const linkPath = (conversationId: string) =>
  `/conversations/${encodeURIComponent(conversationId)}/listen-link`;

async function linkOf(conversationId: string): Promise<ListenLink | null> {
  try {
    return await apiRequest<ListenLink>(linkPath(conversationId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const listenLinksKey = (bookId: string) => ['books', bookId, 'listen-links'] as const;

/** The book's chapters that have a listening page, in book order. */
export function useListenLinks(bookId: string, conversationIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: listenLinksKey(bookId),
    queryFn: async (): Promise<ChapterListenLink[]> => {
      const links = await Promise.all(conversationIds.map(linkOf));
      return links.flatMap((link, index) =>
        link
          ? [{ conversationId: conversationIds[index]!, position: index + 1, url: link.url }]
          : [],
      );
    },
    enabled,
    meta: { globalErrorToast: false, persist: false },
  });
}

/** Takes a chapter's listening page down; one already gone counts as done. */
export function useRevokeListenLink(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (conversationId: string) => {
      try {
        await apiRequest(linkPath(conversationId), { method: 'DELETE' });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listenLinksKey(bookId) }),
    meta: { globalErrorToast: false },
  });
}

// GET /conversations/{id} (api.md § Conversations), shared by the chapter view and the image manager so
// both read and refresh one cached copy; and every page of GET /conversations, for the chapter list and
// the books (which count and choose titled chapters). Each answer is also kept on the device (src/offline) so the
// chapter can be read without a connection.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeChapter } from '../offline/stored-chapters';
import type {
  Conversation,
  ConversationImageWire,
  ConversationList,
  SummaryAction,
} from '@contract/conversations';
import { apiRequest } from './api-client';

/** A picture of the chapter; `position` is 1-based, the first is the main image. */
export type ChapterImageWire = ConversationImageWire;

export type { SummaryAction };

/** `GET /conversations/{id}` as the server sends it (server/src/contract/conversations.ts). */
export type ConversationWire = Conversation;

/** A page of `GET /conversations`. */
export type ConversationListWire = ConversationList;

/** The limit of pictures per chapter (api.md § Images: 409 `max_images_reached`). */
export const MAX_IMAGES_PER_CHAPTER = 5;

export const conversationKeys = {
  all: ['conversation'] as const,
  detail: (conversationId: string) => [...conversationKeys.all, conversationId] as const,
};

export async function getConversation(conversationId: string): Promise<ConversationWire> {
  const conversation = await apiRequest<ConversationWire>(
    `/conversations/${encodeURIComponent(conversationId)}`,
  );
  await storeChapter(conversation);
  return conversation;
}

export function conversationQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: conversationKeys.detail(conversationId),
    queryFn: () => getConversation(conversationId),
    // The views show their own not-found and offline states; a 401 still signs out (query-client.ts).
    meta: { globalErrorToast: false },
  });
}

export function useConversation(conversationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...conversationQueryOptions(conversationId),
    enabled: options.enabled ?? true,
  });
}

/** The images in their order (position 1 first). */
export function orderedImages(images: readonly ChapterImageWire[]): ChapterImageWire[] {
  return [...images].sort((a, b) => a.position - b.position);
}

/** The API's page size cap (api.md § Conventions). */
export const CONVERSATIONS_PAGE_SIZE = 100;

/** Every conversation of the person, newest first, page after page. */
export async function getConversationsWire(): Promise<ConversationWire[]> {
  const all: ConversationWire[] = [];
  for (;;) {
    const page = await apiRequest<ConversationListWire>('/conversations', {
      query: {
        sort_by: 'created_at',
        sort_order: 'descending',
        skip: all.length,
        limit: CONVERSATIONS_PAGE_SIZE,
      },
    });
    const data = page?.data ?? [];
    all.push(...data);
    if (data.length === 0 || all.length >= (page?.count ?? 0)) return all;
  }
}

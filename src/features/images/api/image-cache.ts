// Keeping the cached chapter (conversationKeys.detail) in step with image changes: patched at once so
// the screen follows the person, then refetched from the server, and the chapter list (['chapters'],
// whose cards show the first image) marked stale.
import type { QueryClient } from '@tanstack/react-query';
import {
  conversationKeys,
  type ChapterImageWire,
  type ConversationWire,
} from '../../../lib/conversation-query';

const CHAPTER_LIST_KEY = ['chapters'] as const;

export function patchCachedImages(
  queryClient: QueryClient,
  conversationId: string,
  update: (images: ChapterImageWire[]) => ChapterImageWire[],
): void {
  queryClient.setQueryData<ConversationWire>(conversationKeys.detail(conversationId), (old) =>
    old ? { ...old, images: update(old.images) } : old,
  );
}

/** After the server changed the chapter's images: its answer is the truth, fetched again. */
export async function refreshChapter(
  queryClient: QueryClient,
  conversationId: string,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) }),
    queryClient.invalidateQueries({ queryKey: CHAPTER_LIST_KEY }),
  ]);
}

export function toImageWire(image: ChapterImageWire): ChapterImageWire {
  return {
    id: image.id,
    url: image.url,
    legend: image.legend,
    position: image.position,
    ...(image.origin ? { origin: image.origin } : {}),
  };
}

/** The list with `image` added at its position (the ones at or after it shift by one). */
export function withImage(images: ChapterImageWire[], image: ChapterImageWire): ChapterImageWire[] {
  const others = images
    .filter((i) => i.id !== image.id)
    .map((i) => (i.position >= image.position ? { ...i, position: i.position + 1 } : i));
  return [...others, toImageWire(image)].sort((a, b) => a.position - b.position);
}

/** The list without `imageId`, renumbered from 1. */
export function withoutImage(images: ChapterImageWire[], imageId: string): ChapterImageWire[] {
  return images
    .filter((i) => i.id !== imageId)
    .sort((a, b) => a.position - b.position)
    .map((i, index) => ({ ...i, position: index + 1 }));
}

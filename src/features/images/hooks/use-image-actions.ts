// What the image manager can do. Order and legends go through the outbox (they work offline and are
// never lost); adding, generating, replacing and deleting need the server and report their failures
// to the screen, which says them in plain words (image-errors.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client';
import { queueChapterEdit } from '../../../offline/chapter-edits';
import { patchCachedImages, refreshChapter, withImage, withoutImage } from '../api/image-cache';
import {
  deleteChapterImage,
  generateChapterImage,
  PartialReplaceError,
  replaceWithIllustration,
} from '../api/image-requests';
import type { ChapterImageResponse } from '../api/types';
import { reorderWire, type ManagedImage } from '../order';

/** The screen shows these errors itself; a 401 still signs out (query-client.ts). */
const meta = { globalErrorToast: false };

/** A 404 (gone) or a 409 (full) means our copy is out of date. */
function isStale(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 409);
}

export function useImageActions(conversationId: string, updatedAt: string | null) {
  const queryClient = useQueryClient();

  const reorder = useCallback(
    async (current: readonly string[], next: string[]) => {
      patchCachedImages(queryClient, conversationId, (images) => reorderWire(images, next));
      await queueChapterEdit(
        conversationId,
        { field: 'image-order', value: next, base: [...current] },
        updatedAt,
      );
    },
    [queryClient, conversationId, updatedAt],
  );

  const saveLegend = useCallback(
    async (image: Pick<ManagedImage, 'id' | 'legend'>, value: string) => {
      const legend = value.trim();
      patchCachedImages(queryClient, conversationId, (images) =>
        images.map((i) => (i.id === image.id ? { ...i, legend: legend || null } : i)),
      );
      await queueChapterEdit(
        conversationId,
        { field: 'legend', imageId: image.id, value: legend, base: image.legend },
        updatedAt,
      );
    },
    [queryClient, conversationId, updatedAt],
  );

  const added = useCallback(
    (image: ChapterImageResponse) => {
      patchCachedImages(queryClient, conversationId, (images) => withImage(images, image));
      void refreshChapter(queryClient, conversationId);
    },
    [queryClient, conversationId],
  );

  const remove = useMutation({
    mutationFn: (imageId: string) => deleteChapterImage(conversationId, imageId),
    meta,
    onSuccess: (_result, imageId) => {
      patchCachedImages(queryClient, conversationId, (images) => withoutImage(images, imageId));
      void refreshChapter(queryClient, conversationId);
    },
    onError: (error) => {
      if (isStale(error)) void refreshChapter(queryClient, conversationId);
    },
  });

  const generate = useMutation({
    mutationFn: () => generateChapterImage(conversationId),
    meta,
    onSuccess: added,
    onError: (error) => {
      if (isStale(error)) void refreshChapter(queryClient, conversationId);
    },
  });

  const replace = useMutation({
    mutationFn: (old: Pick<ManagedImage, 'id' | 'position' | 'legend'>) =>
      replaceWithIllustration(conversationId, old),
    meta,
    onSuccess: (image, old) => {
      patchCachedImages(queryClient, conversationId, (images) =>
        withImage(withoutImage(images, old.id), image),
      );
      void refreshChapter(queryClient, conversationId);
    },
    onError: (error) => {
      // The new picture may be there: show what the server now holds.
      if (error instanceof PartialReplaceError || isStale(error))
        void refreshChapter(queryClient, conversationId);
    },
  });

  return { reorder, saveLegend, added, remove, generate, replace };
}

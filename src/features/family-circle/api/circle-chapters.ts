// GET /circles/{storytellerId}/chapters (her released chapters) and …/chapters/{id} (one to read).
// Each answer is also kept on the device (./circle-copies.ts, Dexie), so a circle and a chapter once
// opened read again offline, after a new build or days away; the query cache itself is not saved
// (one copy, in the durable store). A 404 means one left or was removed (or, for one chapter, she
// took it back), and the copies go; a list without a chapter means she took it back, and it goes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CircleChapter, CircleChapterList } from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import {
  currentOwner,
  dropCopies,
  forgetCircleChapter,
  forgetCircleCopies,
  keepCopy,
  storeCircleChapter,
  storeCircleChapterList,
} from './circle-copies';
import { circleKeys } from './circle-keys';
import { isNotFound } from './circle-errors';

export async function getCircleChapters(storytellerId: string): Promise<CircleChapterList> {
  const owner = currentOwner();
  try {
    const list = await apiRequest<CircleChapterList>(`/circles/${storytellerId}/chapters`);
    await keepCopy(owner, () => storeCircleChapterList(storytellerId, list.data));
    return list;
  } catch (error) {
    if (isNotFound(error)) await dropCopies(() => forgetCircleCopies(storytellerId));
    throw error;
  }
}

export async function getCircleChapter(
  storytellerId: string,
  chapterId: string,
): Promise<CircleChapter> {
  const owner = currentOwner();
  try {
    const chapter = await apiRequest<CircleChapter>(
      `/circles/${storytellerId}/chapters/${chapterId}`,
    );
    await keepCopy(owner, () => storeCircleChapter(storytellerId, chapter));
    return chapter;
  } catch (error) {
    // Taken back or no longer in the circle: either way this chapter's copy goes.
    if (isNotFound(error)) await dropCopies(() => forgetCircleChapter(storytellerId, chapterId));
    throw error;
  }
}

export function circleChaptersQueryOptions(storytellerId: string) {
  return queryOptions({
    queryKey: circleKeys.chapters(storytellerId),
    queryFn: () => getCircleChapters(storytellerId),
    // The device keeps its own copy (Dexie): none in the saved query cache.
    meta: { globalErrorToast: false, persist: false },
  });
}

export function useCircleChapters(storytellerId: string, { enabled = true } = {}) {
  return useQuery({ ...circleChaptersQueryOptions(storytellerId), enabled });
}

export function circleChapterQueryOptions(storytellerId: string, chapterId: string) {
  return queryOptions({
    queryKey: circleKeys.chapter(storytellerId, chapterId),
    queryFn: () => getCircleChapter(storytellerId, chapterId),
    meta: { globalErrorToast: false, persist: false },
  });
}

export function useCircleChapter(storytellerId: string, chapterId: string) {
  return useQuery(circleChapterQueryOptions(storytellerId, chapterId));
}

/** Newest release first. */
export function byNewestRelease<T extends { released_at: string }>(chapters: T[]): T[] {
  return [...chapters].sort((a, b) => b.released_at.localeCompare(a.released_at));
}

// GET /circles/{storytellerId}/chapters (her released chapters) and …/chapters/{id} (one to read).
// Both are kept in the saved query cache, so a chapter once opened reads again offline; a 404 means
// one left or was removed (or, for one chapter, she took it back), and the copies go.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CircleChapter, CircleChapterList } from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { circleKeys } from './circle-keys';

export function circleChaptersQueryOptions(storytellerId: string) {
  return queryOptions({
    queryKey: circleKeys.chapters(storytellerId),
    queryFn: () => apiRequest<CircleChapterList>(`/circles/${storytellerId}/chapters`),
    meta: { globalErrorToast: false },
    // Kept for offline reading until a 404 or the circle's absence from GET /circles drops it.
    gcTime: Infinity,
  });
}

export function useCircleChapters(storytellerId: string, { enabled = true } = {}) {
  return useQuery({ ...circleChaptersQueryOptions(storytellerId), enabled });
}

export function circleChapterQueryOptions(storytellerId: string, chapterId: string) {
  return queryOptions({
    queryKey: circleKeys.chapter(storytellerId, chapterId),
    queryFn: () => apiRequest<CircleChapter>(`/circles/${storytellerId}/chapters/${chapterId}`),
    meta: { globalErrorToast: false },
    gcTime: Infinity,
  });
}

export function useCircleChapter(storytellerId: string, chapterId: string) {
  return useQuery(circleChapterQueryOptions(storytellerId, chapterId));
}

/** Newest release first. */
export function byNewestRelease<T extends { released_at: string }>(chapters: T[]): T[] {
  return [...chapters].sort((a, b) => b.released_at.localeCompare(a.released_at));
}

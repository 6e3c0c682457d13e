// Live reads of a member's copies on the device (api/circle-copies.ts), for the pages to fall back on
// when the network is away or a request fails. Each is undefined while it is read.
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CircleChapter, CircleChapterSummary, Membership } from '@contract/circle';
import { db } from '../../../db/db';
import { byNewestRelease } from '../api/circle-chapters';
import { membershipsQueryOptions } from '../api/memberships';

/** The circles this device keeps, first joined first. */
export function useStoredCircles(): Membership[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.circles.toArray();
    return rows
      .map((row) => row.membership)
      .filter((membership): membership is Membership => membership !== null)
      .sort((a, b) => a.joined_at.localeCompare(b.joined_at));
  }, []);
}

/** One circle's kept membership; null when none is kept. */
export function useStoredMembership(storytellerId: string): Membership | null | undefined {
  return useLiveQuery(
    async () => (await db.circles.get(storytellerId))?.membership ?? null,
    [storytellerId],
  );
}

/** Her kept chapter list, newest release first; null when the list was never kept here. */
export function useStoredCircleChapters(
  storytellerId: string,
): CircleChapterSummary[] | null | undefined {
  return useLiveQuery(async () => {
    const circle = await db.circles.get(storytellerId);
    if (!circle?.chapters_listed_at) return null;
    const rows = await db.circleChapters.where('storytellerId').equals(storytellerId).toArray();
    return byNewestRelease(
      rows.map((row) => row.listed).filter((c): c is CircleChapterSummary => c !== null),
    );
  }, [storytellerId]);
}

/** A kept chapter with its text; null when it was never opened here (or is gone). */
export function useStoredCircleChapter(
  storytellerId: string,
  chapterId: string,
): CircleChapter | null | undefined {
  return useLiveQuery(
    async () => (await db.circleChapters.get([storytellerId, chapterId]))?.chapter ?? null,
    [storytellerId, chapterId],
  );
}

/**
 * One circle's membership: from GET /circles once it answered (undefined when one is not in it), the
 * device's copy until then (offline, or the request failed).
 */
export function useMembershipOrCopy(storytellerId: string): Membership | undefined {
  const { data, isSuccess } = useQuery({
    ...membershipsQueryOptions(),
    select: (list) => list.data.find((m) => m.storyteller_id === storytellerId),
  });
  const stored = useStoredMembership(storytellerId);
  return isSuccess ? data : (stored ?? undefined);
}

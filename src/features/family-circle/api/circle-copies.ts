// A member's copies on the device (Dexie, src/db/db.ts `circles` and `circleChapters`): the circles one
// belongs to, each circle's list of released chapters, and every chapter once opened (text, pictures,
// words). Written from the API's answers, read back when the network is away or a request fails, and
// kept across new builds and days without opening the app, until the next sync says they are gone:
// a circle GET /circles no longer lists or that answers 404 (removed, left, her account deleted), a
// chapter no longer in its circle's list or that answers 404 (she took it back). Sign-out wipes them
// with every other table (src/offline/clear-local-data.ts).
//
// Dexie is imported on first use: GET /circles is also asked by the home page and its loader, which
// are drawn without the device store.
import type { CircleChapter, CircleChapterSummary, MembershipList } from '@contract/circle';
import type { StoredCircleChapter } from '../../../db/db';
import { IMAGE_CACHE_NAME } from '../../../../sw/protocol';
import { getSession } from '../../../lib/session';

const deviceStore = () => import('../../../db/db').then((module) => module.db);

function warn(what: string) {
  return (error: unknown) => {
    // A full or blocked device store only costs the offline copy, never the page on screen.
    console.warn(`Could not ${what}`, error);
  };
}

/**
 * Runs a write of copies unless the person who asked signed out meanwhile (an answer arriving after
 * the sign-out must not put one account's copies back into the next one's device).
 */
async function asOwner(owner: string | undefined, write: () => Promise<void>): Promise<void> {
  if (getSession()?.user?.id !== owner) return;
  await write().catch(warn('keep the family circle on this device'));
}

export function currentOwner(): string | undefined {
  return getSession()?.user?.id;
}

/** The picture addresses a copy holds, to drop them from the service worker's picture cache too. */
function pictureUrls(rows: StoredCircleChapter[]): string[] {
  const urls: string[] = [];
  for (const row of rows) {
    if (row.listed?.thumbnail_url) urls.push(row.listed.thumbnail_url);
    for (const picture of row.chapter?.pictures ?? [])
      urls.push(picture.url, picture.thumbnail_url);
  }
  return urls;
}

/**
 * The service worker keeps pictures under their address without the signature (sw/image-cache.ts
 * imageCacheKey). A picture of a circle one left must not stay readable there.
 */
async function dropPictures(urls: string[]): Promise<void> {
  if (urls.length === 0 || typeof caches === 'undefined') return;
  const cache = await caches.open(IMAGE_CACHE_NAME);
  await Promise.all(
    urls.map((url) => {
      const key = new URL(url, window.location.origin);
      key.search = '';
      key.hash = '';
      return cache.delete(key.href);
    }),
  );
}

/** GET /circles answered: each circle is kept, and the copies of a circle no longer listed go. */
export async function storeMemberships(list: MembershipList): Promise<void> {
  const db = await deviceStore();
  const now = Date.now();
  const listed = new Set(list.data.map((m) => m.storyteller_id));
  let gone: StoredCircleChapter[] = [];
  await db.transaction('rw', db.circles, db.circleChapters, async () => {
    const before = await db.circles.toArray();
    const known = new Map(before.map((row) => [row.storytellerId, row]));
    await db.circles.bulkPut(
      list.data.map((membership) => ({
        storytellerId: membership.storyteller_id,
        membership,
        chapters_listed_at: known.get(membership.storyteller_id)?.chapters_listed_at ?? null,
        stored_at: now,
      })),
    );
    const leftIds = before.map((row) => row.storytellerId).filter((id) => !listed.has(id));
    // A chapter opened before the list came may belong to a circle without a row yet.
    const orphans = await db.circleChapters
      .filter((row) => !listed.has(row.storytellerId))
      .toArray();
    gone = orphans;
    await db.circles.bulkDelete(leftIds);
    await db.circleChapters.bulkDelete(orphans.map((row) => [row.storytellerId, row.chapterId]));
  });
  await dropPictures(pictureUrls(gone)).catch(warn('drop the pictures of a circle'));
}

/** Her released chapters as listed: kept, and a chapter no longer listed (taken back) goes. */
export async function storeCircleChapterList(
  storytellerId: string,
  chapters: CircleChapterSummary[],
): Promise<void> {
  const db = await deviceStore();
  const now = Date.now();
  const keep = new Set(chapters.map((c) => c.id));
  let gone: StoredCircleChapter[] = [];
  await db.transaction('rw', db.circles, db.circleChapters, async () => {
    const before = await db.circleChapters.where('storytellerId').equals(storytellerId).toArray();
    const opened = new Map(before.map((row) => [row.chapterId, row.chapter]));
    gone = before.filter((row) => !keep.has(row.chapterId));
    await db.circleChapters.bulkDelete(gone.map((row) => [row.storytellerId, row.chapterId]));
    await db.circleChapters.bulkPut(
      chapters.map((listed) => ({
        storytellerId,
        chapterId: listed.id,
        listed,
        chapter: opened.get(listed.id) ?? null,
        stored_at: now,
      })),
    );
    const circle = await db.circles.get(storytellerId);
    await db.circles.put({
      storytellerId,
      membership: circle?.membership ?? null,
      chapters_listed_at: now,
      stored_at: circle?.stored_at ?? now,
    });
  });
  await dropPictures(pictureUrls(gone)).catch(warn('drop the pictures of a chapter'));
}

/** A chapter opened: its text, pictures and words are kept. */
export async function storeCircleChapter(
  storytellerId: string,
  chapter: CircleChapter,
): Promise<void> {
  const db = await deviceStore();
  await db.transaction('rw', db.circleChapters, async () => {
    const before = await db.circleChapters.get([storytellerId, chapter.id]);
    await db.circleChapters.put({
      storytellerId,
      chapterId: chapter.id,
      listed: before?.listed ?? null,
      chapter,
      stored_at: Date.now(),
    });
  });
}

/** One's word taken back: it leaves the kept chapter too. */
export async function forgetStoredWord(
  storytellerId: string,
  chapterId: string,
  wordId: string,
): Promise<void> {
  const db = await deviceStore();
  await db.circleChapters
    .where('[storytellerId+chapterId]')
    .equals([storytellerId, chapterId])
    .modify((row) => {
      if (row.chapter)
        row.chapter = { ...row.chapter, words: row.chapter.words.filter((w) => w.id !== wordId) };
    });
}

/** A chapter that answered 404: taken back (or the whole circle is gone, which drops it too). */
export async function forgetCircleChapter(storytellerId: string, chapterId: string): Promise<void> {
  const db = await deviceStore();
  const row = await db.circleChapters.get([storytellerId, chapterId]);
  if (!row) return;
  await db.circleChapters.delete([storytellerId, chapterId]);
  await dropPictures(pictureUrls([row])).catch(warn('drop the pictures of a chapter'));
}

/** Everything this device keeps of one circle (removed from it, left it, or her account is gone). */
export async function forgetCircleCopies(storytellerId: string): Promise<void> {
  const db = await deviceStore();
  let gone: StoredCircleChapter[] = [];
  await db.transaction('rw', db.circles, db.circleChapters, async () => {
    gone = await db.circleChapters.where('storytellerId').equals(storytellerId).toArray();
    await db.circleChapters.where('storytellerId').equals(storytellerId).delete();
    await db.circles.delete(storytellerId);
  });
  await dropPictures(pictureUrls(gone)).catch(warn('drop the pictures of a circle'));
}

/** Keeps an answer's copy (never fails, never writes for someone who signed out meanwhile). */
export function keepCopy(owner: string | undefined, write: () => Promise<void>): Promise<void> {
  return asOwner(owner, write);
}

/** Drops copies (never fails). */
export function dropCopies(forget: () => Promise<void>): Promise<void> {
  return forget().catch(warn('drop the family circle from this device'));
}

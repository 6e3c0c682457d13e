// Copies of the person's chapters kept on the device for offline reading: written from API answers
// (the list and each opened chapter), read back when the network is away. Dexie is imported when first
// used, so a page that reads these only when offline (the home page) is drawn without waiting for it.
import type { StoredChapter } from '../db/db';
import { useDeviceQuery } from './device-query';

const deviceStore = () => import('../db/db').then((module) => module.db);

/** The parts of the API's conversation shape (api.md § Conversations) that are kept. */
export interface ConversationLike {
  id: string;
  title_infos?: { title?: string | null } | null;
  keywords_infos?: { keywords?: string[] | null } | null;
  summary_infos?: { summary?: string | null } | null;
  images?:
    | {
        id: string;
        url: string;
        thumbnail_url?: string;
        display_url?: string;
        legend?: string | null;
        position: number;
        origin?: 'photo' | 'illustration';
      }[]
    | null;
  conv_author?: string | null;
  created_at?: string | null;
  updated_at: string;
}

function toStoredChapter(
  conversation: ConversationLike,
  hasFullText: boolean,
  storedAt: number,
): StoredChapter {
  return {
    id: conversation.id,
    title: conversation.title_infos?.title ?? null,
    keywords: conversation.keywords_infos?.keywords ?? [],
    summary: conversation.summary_infos?.summary ?? null,
    has_full_text: hasFullText,
    author: conversation.conv_author ?? null,
    images: (conversation.images ?? [])
      .map((image) => ({
        id: image.id,
        url: image.url,
        ...(image.thumbnail_url ? { thumbnail_url: image.thumbnail_url } : {}),
        ...(image.display_url ? { display_url: image.display_url } : {}),
        legend: image.legend ?? null,
        position: image.position,
        ...(image.origin ? { origin: image.origin } : {}),
      }))
      .sort((a, b) => a.position - b.position),
    created_at: conversation.created_at ?? null,
    updated_at: conversation.updated_at,
    stored_at: storedAt,
  };
}

/** A chapter the person opened: the answer carries its text. */
export async function storeChapter(conversation: ConversationLike): Promise<void> {
  const db = await deviceStore();
  await db.chapters.put(toStoredChapter(conversation, true, Date.now()));
}

/**
 * The chapter list. Lists leave the text out, so a text stored earlier is kept (flagged as not current
 * when the chapter changed since). With `complete`, chapters missing from the list were deleted
 * elsewhere and go from the device too.
 */
export async function storeChapterList(
  conversations: ConversationLike[],
  { complete }: { complete: boolean },
): Promise<void> {
  const now = Date.now();
  const db = await deviceStore();
  await db.transaction('rw', db.chapters, async () => {
    const existing = new Map(
      (await db.chapters.bulkGet(conversations.map((c) => c.id)))
        .filter((row) => row !== undefined)
        .map((row) => [row.id, row]),
    );
    const rows = conversations.map((conversation) => {
      const row = toStoredChapter(conversation, false, now);
      const before = existing.get(conversation.id);
      if (row.summary === null && before?.summary) {
        row.summary = before.summary;
        row.has_full_text = before.has_full_text && before.updated_at === conversation.updated_at;
      } else if (row.summary !== null) {
        row.has_full_text = true;
      }
      return row;
    });
    await db.chapters.bulkPut(rows);
    if (complete) {
      const keep = new Set(conversations.map((c) => c.id));
      await db.chapters.filter((row) => !keep.has(row.id)).delete();
    }
  });
}

export async function forgetStoredChapter(id: string): Promise<void> {
  const db = await deviceStore();
  await db.chapters.delete(id);
}

/**
 * Stored chapters, newest change first; undefined while loading, and not read at all while `enabled` is
 * false (a page showing the server's list has no use for the copy: reading it cost a slow phone as much
 * as drawing the list).
 */
export function useStoredChapters({ enabled = true } = {}): StoredChapter[] | undefined {
  return useDeviceQuery(
    (db) => db.chapters.orderBy('updated_at').reverse().toArray(),
    [],
    undefined,
    {
      enabled,
    },
  );
}

export function useStoredChapter(id: string): StoredChapter | null | undefined {
  return useDeviceQuery(async (db) => (await db.chapters.get(id)) ?? null, [id]);
}

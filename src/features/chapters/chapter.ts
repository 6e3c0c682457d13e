// The client model of a chapter (spec §3 "Conversation"), built from the API's wire shape or from the
// copy kept on the device for offline reading.
import type { StoredChapter } from '../../db/db';
import type { ConversationWire, ImageWire, SummaryAction } from './api/types';

export interface Chapter {
  conversationID: string;
  title: string | null;
  /** The first image's url (by position), or null: the card then shows the default picture. */
  imageURL: string | null;
  /** The same picture's 400 px rendition, when known: cards that show it small load that. */
  thumbnailURL: string | null;
  /** Its 1200 px display rendition, when known: what the cards load rather than the picture itself. */
  displayURL: string | null;
  keywords: string[];
  creationTimestamp: string | null;
  lastModifiedTimestamp: string;
  summary: string | null;
  summaryAllowedActions: SummaryAction[];
  images: ImageWire[];
  conv_author: string | null;
}

function byPosition(images: ImageWire[]): ImageWire[] {
  return [...images].sort((a, b) => a.position - b.position);
}

export function chapterFromWire(wire: ConversationWire): Chapter {
  const images = byPosition(wire.images ?? []);
  return {
    conversationID: wire.id,
    title: wire.title_infos?.title?.trim() || null,
    imageURL: images[0]?.url ?? null,
    thumbnailURL: images[0]?.thumbnail_url ?? null,
    displayURL: images[0]?.display_url ?? null,
    keywords: wire.keywords_infos?.keywords ?? [],
    creationTimestamp: wire.created_at ?? null,
    lastModifiedTimestamp: wire.updated_at,
    summary: wire.summary_infos?.summary ?? null,
    summaryAllowedActions: wire.summary_infos?.allowed_actions ?? [],
    images,
    conv_author: wire.conv_author?.trim() || null,
  };
}

export function chapterFromStored(stored: StoredChapter): Chapter {
  const images = byPosition(stored.images);
  return {
    conversationID: stored.id,
    title: stored.title?.trim() || null,
    imageURL: images[0]?.url ?? null,
    thumbnailURL: images[0]?.thumbnail_url ?? null,
    displayURL: images[0]?.display_url ?? null,
    keywords: stored.keywords,
    creationTimestamp: stored.created_at,
    lastModifiedTimestamp: stored.updated_at,
    summary: stored.summary,
    summaryAllowedActions: [],
    images,
    conv_author: stored.author?.trim() || null,
  };
}

/** Newest first, as the list asks the server (sort_by=created_at, descending). */
export function newestFirst(chapters: Chapter[]): Chapter[] {
  const time = (c: Chapter) => Date.parse(c.creationTimestamp ?? c.lastModifiedTimestamp) || 0;
  return [...chapters].sort((a, b) => time(b) - time(a));
}

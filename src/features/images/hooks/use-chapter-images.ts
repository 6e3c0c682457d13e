// Where the image manager's images come from: the server's chapter (shared query with the chapter view)
// when it can be had, else the copy kept on the device (offline); either way with this device's waiting
// changes (order, legends) laid over it.
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useConversation } from '../../../lib/conversation-query';
import {
  usePendingChapterEdits,
  type PendingChapterEdits,
} from '../../../offline/pending-chapter-edits';
import { useConnectivity } from '../../../offline/connectivity';
import { useStoredChapter } from '../../../offline/stored-chapters';
import { displayedImages, type ManagedImage } from '../order';

export interface ChapterImagesReady {
  status: 'ready';
  /** 'device' when shown from the stored copy because the server cannot be reached. */
  source: 'server' | 'device';
  title: string | null;
  /** The chapter's updated_at, the base of queued edits. */
  updatedAt: string;
  images: ManagedImage[];
  pending: PendingChapterEdits;
}

export type ChapterImagesState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; retry: () => void }
  /** Offline, and this chapter was never stored on the device. */
  | { status: 'missing-offline' }
  | ChapterImagesReady;

function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'network';
}

export function useChapterImages(conversationId: string): ChapterImagesState {
  const { online } = useConnectivity();
  const conversation = useConversation(conversationId);
  const stored = useStoredChapter(conversationId);
  const pending = usePendingChapterEdits(conversationId);

  // Back online after a load that failed for lack of connection: try again, once per return (a 404 or
  // a server error is not retried in a loop).
  const { refetch } = conversation;
  const wasOnline = useRef(online);
  const networkFailed = isNetworkError(conversation.error);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && networkFailed) void refetch();
  }, [online, networkFailed, refetch]);

  const { data, error } = conversation;
  if (data) {
    return {
      status: 'ready',
      source: 'server',
      title: data.title_infos.title,
      updatedAt: data.updated_at,
      images: displayedImages(data.images, pending),
      pending,
    };
  }
  if (error instanceof ApiError && error.reason === 'not_found') return { status: 'not-found' };
  const unreachable = !online || conversation.fetchStatus === 'paused' || isNetworkError(error);
  if (unreachable) {
    if (stored === undefined) return { status: 'loading' };
    if (stored === null) return { status: 'missing-offline' };
    return {
      status: 'ready',
      source: 'device',
      title: stored.title,
      updatedAt: stored.updated_at,
      images: displayedImages(stored.images, pending),
      pending,
    };
  }
  if (error) return { status: 'error', retry: () => void refetch() };
  return { status: 'loading' };
}

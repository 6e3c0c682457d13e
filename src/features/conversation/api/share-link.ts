// A chapter's public page (/s/<token>): GET /conversations/{id}/share reads the one that exists (204 when
// none: reading never makes a page live), POST creates it or gives back the one that exists (sharing a
// chapter is creating it, only once the person asks for it), DELETE removes it (the page is gone for everyone who
// had the link), PATCH sets whether the page plays the recorded answers (issue 20, off by default). The
// share modal shows all three; the dialog says what failed itself, so no global toast.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ShareLink, ShareSettings } from '@contract/share';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';

/**
 * `{url, created_at, include_voice, recording_count}` as the server sends it; `url` is the page everyone
 * with the link can read.
 */
export type ShareLinkWire = ShareLink;
export type ShareSettingsPayload = ShareSettings;

/** The page's full address, whether the server sends it whole or from the site's root. */
export function publicPageUrl(link: ShareLinkWire): string {
  return new URL(link.url, window.location.origin).href;
}

function sharePath(conversationId: string): string {
  return `/conversations/${encodeURIComponent(conversationId)}/share`;
}

/** The chapter's page if it is already shared, else null (204); nothing is created. */
export async function getShareLink(conversationId: string): Promise<ShareLinkWire | null> {
  try {
    return (await apiRequest<ShareLinkWire | undefined>(sharePath(conversationId))) ?? null;
  } catch (error) {
    // A server from before the 204 answered 404.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const shareLinkKey = (conversationId: string) => ['share-link', conversationId] as const;

/** Whether the chapter is shared already (read when the modal opens, never cached for later). */
export function useExistingShareLink(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareLinkKey(conversationId),
    queryFn: () => getShareLink(conversationId),
    enabled,
    retry: false,
    gcTime: 0,
    staleTime: 0,
    meta: { globalErrorToast: false },
  });
}

export function ensureShareLink(conversationId: string): Promise<ShareLinkWire> {
  return apiRequest<ShareLinkWire>(sharePath(conversationId), { method: 'POST' });
}

/** Whether the page plays the chapter's recorded answers; 404 when the chapter is no longer shared. */
export function setShareVoice(
  conversationId: string,
  includeVoice: boolean,
): Promise<ShareLinkWire> {
  const body: ShareSettingsPayload = { include_voice: includeVoice };
  return apiRequest<ShareLinkWire>(sharePath(conversationId), { method: 'PATCH', json: body });
}

/** A page already gone (404: never shared, or stopped from another device) counts as stopped. */
export async function revokeShareLink(conversationId: string): Promise<void> {
  try {
    await apiRequest(sharePath(conversationId), { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useEnsureShareLink(conversationId: string) {
  return useMutation({
    mutationFn: () => ensureShareLink(conversationId),
    onSuccess: () => track('feature_used', { feature: 'story_shared' }),
    meta: { globalErrorToast: false },
  });
}

export function useShareVoice(conversationId: string) {
  return useMutation({
    mutationFn: (includeVoice: boolean) => setShareVoice(conversationId, includeVoice),
    meta: { globalErrorToast: false },
  });
}

export function useRevokeShareLink(conversationId: string) {
  return useMutation({
    mutationFn: () => revokeShareLink(conversationId),
    meta: { globalErrorToast: false },
  });
}

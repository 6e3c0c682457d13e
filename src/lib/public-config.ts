// GET /config (public): what the server is set up with — the payment provider, the support address, where
// consented analytics go. Asked once per visit and shared by every feature that needs a part of it; not
// kept across visits, so a reconfigured server is seen at the next one.
import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '@contract/system';
import { apiRequest } from './api-client';

/** `GET /config` (server/src/contract/system.ts); every part may be missing from an older server. */
export type PublicConfigWire = Partial<PublicConfig>;

export function getPublicConfig(): Promise<PublicConfigWire> {
  return apiRequest<PublicConfigWire>('/config');
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['config'] as const,
    queryFn: getPublicConfig,
    staleTime: Infinity,
    meta: { globalErrorToast: false, persist: false },
  });
}

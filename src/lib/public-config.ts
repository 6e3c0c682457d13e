// GET /config (public): what the server is set up with — the payment provider, the support address, where
// consented analytics go. Asked once per visit and shared by every feature that needs a part of it; not
// kept across visits, so a reconfigured server is seen at the next one.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The parts of the public configuration the app reads (the server sends more; older servers less). */
export interface PublicConfigWire {
  payment_provider?: 'demo' | 'stripe';
  support_email?: string;
  analytics?: {
    provider: 'embedded' | 'posthog';
    posthog_host: string | null;
    posthog_key: string | null;
    /** Visits may be recorded (texts and inputs masked) for people who tick it; PostHog only. */
    session_recording?: boolean;
  } | null;
}

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

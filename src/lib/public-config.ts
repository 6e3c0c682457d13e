// GET /config (public): what the server is set up with — the payment provider, the support address, where
// consented analytics go. Asked once per visit and shared by every feature that needs a part of it (the
// first visit's privacy dialog, before the query layer has loaded, included); not kept across visits,
// so a reconfigured server is seen at the next one.
import { useEffect, useState } from 'react';
import type { PublicConfig } from '@contract/system';
import { apiRequest } from './api-client';

/** `GET /config` (server/src/contract/system.ts); every part may be missing from an older server. */
export type PublicConfigWire = Partial<PublicConfig>;

let asked: Promise<PublicConfigWire> | null = null;

/** The configuration, asked once per visit; a failed answer is forgotten so the next caller asks again. */
export function getPublicConfig(): Promise<PublicConfigWire> {
  if (!asked) {
    const answer = apiRequest<PublicConfigWire>('/config');
    asked = answer;
    answer.catch(() => {
      if (asked === answer) asked = null;
    });
  }
  return asked;
}

/** Forgets the answer (tests, which give each case its own server). */
export function forgetPublicConfig(): void {
  asked = null;
}

/**
 * For TanStack readers (useQuery, ensureQueryData); a plain object rather than `queryOptions()` so that
 * this module does not bring the query layer into the first screen.
 */
export function publicConfigQueryOptions() {
  return {
    queryKey: ['config'] as const,
    queryFn: getPublicConfig,
    staleTime: Infinity,
    meta: { globalErrorToast: false, persist: false },
  };
}

/** The configuration once known (undefined before, and when it could not be asked), outside the query layer. */
export function usePublicConfig(): PublicConfigWire | undefined {
  const [config, setConfig] = useState<PublicConfigWire>();
  useEffect(() => {
    let live = true;
    getPublicConfig().then(
      (answer) => {
        if (live) setConfig(answer);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}

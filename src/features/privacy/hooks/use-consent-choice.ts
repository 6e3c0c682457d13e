// The stored privacy choice (src/lib/consent.ts) as React state: every screen follows a new choice at once.
import { useSyncExternalStore } from 'react';
import { getConsent, subscribeConsent, type ConsentChoice } from '../../../lib/consent';

export function useConsentChoice(): ConsentChoice | null {
  return useSyncExternalStore(subscribeConsent, getConsent, getConsent);
}

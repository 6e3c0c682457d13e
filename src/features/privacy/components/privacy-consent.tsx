// Rendered once by the app (src/app/provider.tsx): starts the analytics client and asks for the privacy
// choice at the first visit, on every page but the ones the person may want to read first (privacy,
// terms) and the public story pages (/s/…, server-rendered, never behind this dialog).
import { useEffect } from 'react';
import { whenIdle } from '../../../lib/idle';
import type { SubscribeOnboardingAbandoned } from '../analytics';
import { useConsentChoice } from '../hooks/use-consent-choice';
import { useCurrentRoutePath } from '../hooks/use-current-route-path';
// With the first screen: on a first visit the dialog is what the person reads first (4 kB, less than
// the round trip a chunk of its own would cost). The analytics client, which keeps or sends nothing
// without consent, loads only once consent is given, when the page is up and the browser idle: a first
// visit (no choice yet) or a refusal never downloads it.
import { ConsentDialog } from './consent-dialog';

const PAGES_WITHOUT_DIALOG = [/^\/s(\/|$)/, /^\/privacy\/?$/, /^\/terms\/?$/];

export function asksForConsentOn(pathname: string): boolean {
  return !PAGES_WITHOUT_DIALOG.some((page) => page.test(pathname));
}

export function PrivacyConsent({
  subscribeOnboardingAbandoned,
}: {
  /** The onboarding feature's "left the wizard early" notices, passed in by the app. */
  subscribeOnboardingAbandoned?: SubscribeOnboardingAbandoned;
}) {
  const choice = useConsentChoice();
  const pathname = useCurrentRoutePath();
  const analyticsAllowed = choice?.analytics === true;

  useEffect(() => {
    if (!analyticsAllowed) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Once the browser is idle: the first page's code and data come first (the route already seen
    // is reported when the client starts).
    const cancelIdle = whenIdle(() => {
      import('../analytics')
        .then(({ startAnalytics }) => {
          if (!cancelled) stop = startAnalytics({ subscribeOnboardingAbandoned });
        })
        .catch((error: unknown) => console.error('Analytics failed to start', error));
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [subscribeOnboardingAbandoned, analyticsAllowed]);

  if (choice || !asksForConsentOn(pathname)) return null;
  return <ConsentDialog current={null} />;
}

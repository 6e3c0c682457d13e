// App-wide providers: the one jotai store, the toasts, and the privacy choice with the analytics it
// allows (here rather than in the shell, which may not import features). The query layer (TanStack and
// its persisted cache) is not here: it comes with the pages that read data (./data-layer.tsx). While
// signed in, the interface follows the account's language (src/lib/language-choice.ts).
import { useEffect, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { Toaster } from '../components/ui/toaster';
import { onOnboardingAbandoned } from '../features/onboarding/onboarding-events';
import { PrivacyConsent } from '../features/privacy/components/privacy-consent';
import { appStore } from '../lib/jotai-store';
import { followSessionLanguage } from '../lib/language-choice';

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => followSessionLanguage(), []);
  return (
    <JotaiProvider store={appStore}>
      {children}
      <Toaster />
      <PrivacyConsent subscribeOnboardingAbandoned={onOnboardingAbandoned} />
    </JotaiProvider>
  );
}

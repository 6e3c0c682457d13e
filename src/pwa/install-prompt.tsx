// Offering to install the app at a sensible moment: never on a first visit; on a later visit of a
// signed-in person, or when a feature asks (after a first chapter). Chromium gets the browser's own
// dialog through `beforeinstallprompt`; iOS Safari, which has none, gets the steps to follow.
import { useEffect, useId } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../components/ui/button';
import { createDeviceState } from '../offline/device-state';
import { updateReadyAtom } from './update-state';

/** Chromium's event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export const INSTALL_STORAGE_KEY = 'chapitres.install';
const SESSION_MARK = 'chapitres.install.visit';
const DISMISS_FOR_MS = 30 * 24 * 60 * 60 * 1000;
const VISITS_BEFORE_OFFER = 2;

interface InstallMemory {
  visits: number;
  dismissedUntil: number;
  installed: boolean;
}

function readMemory(): InstallMemory {
  try {
    const parsed = JSON.parse(
      localStorage.getItem(INSTALL_STORAGE_KEY) ?? '{}',
    ) as Partial<InstallMemory>;
    return {
      visits: parsed.visits ?? 0,
      dismissedUntil: parsed.dismissedUntil ?? 0,
      installed: parsed.installed ?? false,
    };
  } catch {
    return { visits: 0, dismissedUntil: 0, installed: false };
  }
}

function writeMemory(change: Partial<InstallMemory>): void {
  try {
    localStorage.setItem(INSTALL_STORAGE_KEY, JSON.stringify({ ...readMemory(), ...change }));
  } catch {
    // Storage disabled: the offer may simply come back.
  }
}

export function isIosDevice(
  nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> = navigator,
): boolean {
  // iPadOS announces itself as a Mac; touch gives it away.
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) ||
    (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1)
  );
}

export function isStandalone(): boolean {
  return (
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(display-mode: standalone)').matches)
  );
}

interface InstallState {
  deferred: BeforeInstallPromptEvent | null;
  /** Whether the offer is on screen. */
  offered: boolean;
  installed: boolean;
}

const install = createDeviceState<InstallState>({
  deferred: null,
  offered: false,
  installed: false,
});
const installAtom = install.atom;

let listening = false;

/** Starts listening for the browser's install event; it may fire before React renders, so call early. */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  try {
    // One visit per browser session, so moving between pages is not a "second visit".
    if (!sessionStorage.getItem(SESSION_MARK)) {
      sessionStorage.setItem(SESSION_MARK, '1');
      writeMemory({ visits: readMemory().visits + 1 });
    }
  } catch {
    // Storage disabled: the automatic offer never comes, features can still ask.
  }
  const installed = readMemory().installed || isStandalone();
  install.set({ ...install.get(), installed });
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away; we offer at a better moment.
    event.preventDefault();
    install.set({ ...install.get(), deferred: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    writeMemory({ installed: true });
    install.set({ deferred: null, offered: false, installed: true });
  });
}

listenForInstallPrompt();

function canOfferNow(state: InstallState): boolean {
  if (state.installed || isStandalone()) return false;
  return state.deferred !== null || isIosDevice();
}

/** Called at a good moment (signed-in later visit): shows the offer if the rules allow it. */
export function offerInstallIfDue(): void {
  const memory = readMemory();
  const state = install.get();
  if (memory.visits < VISITS_BEFORE_OFFER || Date.now() < memory.dismissedUntil) return;
  if (canOfferNow(state)) install.set({ ...state, offered: true });
}

export interface InstallPrompt {
  /** The app can be installed from here (native dialog, or instructions on iOS). */
  available: boolean;
  platform: 'native' | 'ios' | null;
  offered: boolean;
  /** Shows the offer now (e.g. after a first chapter), whatever the visit count. */
  offer(): void;
  /** Opens the browser's install dialog (Chromium). */
  install(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
  /** "Plus tard": not offered again automatically for a month. */
  dismiss(): void;
}

export function useInstallPrompt(): InstallPrompt {
  const state = useAtomValue(installAtom);
  const available = canOfferNow(state);
  const platform = !available ? null : state.deferred ? 'native' : 'ios';
  return {
    available,
    platform,
    offered: state.offered && available,
    offer: () => {
      const current = install.get();
      if (canOfferNow(current)) install.set({ ...current, offered: true });
    },
    install: async () => {
      const { deferred } = install.get();
      if (!deferred) return 'unavailable';
      // The event can be used once; whatever the answer, a new one comes if installation is possible.
      install.set({ ...install.get(), deferred: null, offered: false });
      await deferred.prompt();
      const { outcome } = await deferred.userChoice;
      if (outcome === 'accepted') writeMemory({ installed: true });
      else writeMemory({ dismissedUntil: Date.now() + DISMISS_FOR_MS });
      return outcome;
    },
    dismiss: () => {
      writeMemory({ dismissedUntil: Date.now() + DISMISS_FOR_MS });
      install.set({ ...install.get(), offered: false });
    },
  };
}

/**
 * The offer itself. Render it once where only signed-in people see it: it offers itself on a later
 * visit; features can also call `useInstallPrompt().offer()`.
 */
export function InstallPrompt() {
  const { t } = useTranslation('pwa');
  const prompt = useInstallPrompt();
  const titleId = useId();

  // One thing at a time in that corner: a pending update goes first.
  const updateReady = useAtomValue(updateReadyAtom);
  const { available } = prompt;
  // Being rendered means the person is signed in; the browser's event may only arrive later.
  useEffect(() => {
    if (available) offerInstallIfDue();
  }, [available]);

  return (
    <div aria-live="polite">
      {prompt.offered && !updateReady ? (
        <section
          aria-labelledby={titleId}
          className="pointer-events-auto mx-4 mb-3 max-w-md rounded-xl border-2 border-brand bg-surface p-5 text-ink shadow-lg"
        >
          <h2 id={titleId} className="text-xl">
            {prompt.platform === 'ios' ? t('install.ios.title') : t('install.title')}
          </h2>
          {prompt.platform === 'ios' ? (
            <ol className="mt-2 list-decimal space-y-1 pl-6 text-lg">
              <li>{t('install.ios.share')}</li>
              <li>{t('install.ios.addToHome')}</li>
              <li>{t('install.ios.confirm')}</li>
            </ol>
          ) : (
            <p className="mt-1 text-lg">{t('install.message')}</p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            {prompt.platform === 'native' ? (
              <button
                type="button"
                className={buttonClasses('primary')}
                onClick={() => void prompt.install()}
              >
                {t('install.accept')}
              </button>
            ) : null}
            <button type="button" className={buttonClasses('secondary')} onClick={prompt.dismiss}>
              {prompt.platform === 'ios' ? t('install.ios.close') : t('install.later')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

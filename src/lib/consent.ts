// The person's privacy choice on this device (spec §4 "Other": analytics only with consent), kept in
// localStorage under chapitres.consent as {analytics, recording, decided_at, version}. Shared so that the privacy
// feature (dialog, analytics) and sign-up (opt_in_tracking) read the same value. Nothing else is stored.

export const CONSENT_STORAGE_KEY = 'chapitres.consent';
/** Raised when the purposes asked about change: an older stored choice is then asked again. */
export const CONSENT_VERSION = 1;

export interface ConsentChoice {
  /** Audience measurement (first-party or PostHog analytics), the one optional purpose. */
  analytics: boolean;
  /**
   * Recording of visits (texts and inputs masked), offered only where the server is set up for it
   * (PostHog); never true without `analytics`. Missing in choices stored before it existed: false.
   */
  recording: boolean;
  /** ISO date-time of the decision. */
  decided_at: string;
  version: typeof CONSENT_VERSION;
}

function parseChoice(raw: string | null): ConsentChoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConsentChoice> | null;
    if (
      !value ||
      value.version !== CONSENT_VERSION ||
      typeof value.analytics !== 'boolean' ||
      typeof value.decided_at !== 'string'
    )
      return null;
    return {
      analytics: value.analytics,
      recording: value.analytics && value.recording === true,
      decided_at: value.decided_at,
      version: CONSENT_VERSION,
    };
  } catch {
    return null;
  }
}

function readStored(): ConsentChoice | null {
  try {
    return parseChoice(window.localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

// Kept in memory too: when storage is unavailable (private mode, quota) the choice still holds for
// this visit, and the dialog does not come back at every render.
let current: ConsentChoice | null = typeof window === 'undefined' ? null : readStored();
const listeners = new Set<() => void>();

function emit(next: ConsentChoice | null): void {
  current = next;
  for (const listener of [...listeners]) listener();
}

if (typeof window !== 'undefined') {
  // A choice made in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) emit(readStored());
  });
}

/** The stored choice, or null when the person has not chosen yet. */
export function getConsent(): ConsentChoice | null {
  return current;
}

/** Records the person's choice and tells every listener at once (no reload needed). */
export function saveConsent(
  analytics: boolean,
  options: { recording?: boolean; now?: Date } = {},
): ConsentChoice {
  const choice: ConsentChoice = {
    analytics,
    recording: analytics && options.recording === true,
    decided_at: (options.now ?? new Date()).toISOString(),
    version: CONSENT_VERSION,
  };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage unavailable: the choice lives for this visit only and is asked again next time.
  }
  emit(choice);
  return choice;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True only after the person accepted audience measurement. */
export function hasAnalyticsConsent(): boolean {
  return current?.analytics === true;
}

/** True only after the person also ticked the recording of their visits. */
export function hasRecordingConsent(): boolean {
  return current?.analytics === true && current.recording;
}

/**
 * The sign-up's `opt_in_tracking`: the stored choice, or undefined when none was made (the field is
 * then left out and the server keeps its default, no tracking).
 */
export function trackingOptIn(): boolean | undefined {
  return current ? current.analytics : undefined;
}

/** Re-reads storage (tests, and after something outside this module changed the key). */
export function reloadConsent(): void {
  emit(readStored());
}

// Which browser and device this is (spec §4 "Other"), from the user agent. Used for the browser warning.

export type BrowserType = 'firefox' | 'safari' | 'android' | 'chrome' | 'edge' | 'other';

const MOBILE_PATTERN = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

// Order matters: every Chromium UA also says "Safari", Edge also says "Chrome", and Firefox on Android
// says "Android". Firefox comes first because voice dictation is missing there on every platform.
export function detectBrowser(userAgent: string = currentUserAgent()): BrowserType {
  if (/Firefox\/|FxiOS\//i.test(userAgent)) return 'firefox';
  if (/Android/i.test(userAgent)) return 'android';
  if (/Edg(e|A|iOS)?\//i.test(userAgent)) return 'edge';
  if (/Chrome\/|CriOS\/|Chromium\//i.test(userAgent)) return 'chrome';
  if (/Safari\//i.test(userAgent)) return 'safari';
  return 'other';
}

export function isMobile(userAgent: string = currentUserAgent()): boolean {
  return MOBILE_PATTERN.test(userAgent);
}

export function isDesktop(userAgent: string = currentUserAgent()): boolean {
  return !isMobile(userAgent);
}

/** The warning banner's variant for this browser, or null when no warning is due. */
export function browserWarningFor(browser: BrowserType): 'android' | 'default' | null {
  if (browser === 'android') return 'android';
  if (browser === 'firefox') return 'default';
  return null;
}

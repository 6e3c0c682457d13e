// Toasts (spec §4, §8, §9): five kinds, 4 s (an error stays until dismissed), at most 20, and an
// identical message within 2 s shown once. The kind travels in the toast id, so one id per (kind,
// message) also stops identical toasts piling up. A toast belongs to the screen it was shown on: the
// shell dismisses the older ones when the page changes, and a dialog dismisses them when it opens.
import { toast as hotToast } from 'react-hot-toast/headless';

export const toastKinds = ['success', 'error', 'warning', 'info', 'default'] as const;
export type ToastKind = (typeof toastKinds)[number];

export const TOAST_DURATION_MS = 4000;
/**
 * A toast shown this shortly before the page changes announces what led there (« Chapitre supprimé »
 * then the list): it stays on the new page; older ones are dismissed with the page they belonged to.
 */
export const TOAST_NAVIGATION_GRACE_MS = 1500;
export const TOAST_DEDUPE_MS = 2000;
export const TOAST_LIMIT = 20;
/** A swipe longer than this share of the toast's width dismisses it. */
export const TOAST_SWIPE_RATIO = 0.6;

const lastShownAt = new Map<string, number>();
/** Toast id → when it was last shown (for dismissing the toasts of the page that was left). */
const shownAt = new Map<string, number>();

export function toastIdFor(kind: ToastKind, message: string): string {
  return `${kind}:${message}`;
}

export function toastKindOf(id: string): ToastKind {
  const kind = id.slice(0, id.indexOf(':'));
  return (toastKinds as readonly string[]).includes(kind) ? (kind as ToastKind) : 'default';
}

export function isSwipeDismiss(distance: number, width: number): boolean {
  return width > 0 && Math.abs(distance) > width * TOAST_SWIPE_RATIO;
}

/** Shows a toast unless the same message was shown less than 2 s ago; returns its id either way. */
export function showToast(kind: ToastKind, message: string): string {
  const id = toastIdFor(kind, message);
  const now = Date.now();
  const last = lastShownAt.get(message);
  if (last !== undefined && now - last < TOAST_DEDUPE_MS) return id;
  for (const [text, at] of lastShownAt) if (now - at >= TOAST_DEDUPE_MS) lastShownAt.delete(text);
  lastShownAt.set(message, now);
  shownAt.set(id, now);
  hotToast.custom(message, {
    id,
    // An error is read before it goes: it stays until she dismisses it (or leaves the page).
    duration: kind === 'error' ? Infinity : TOAST_DURATION_MS,
    ariaProps:
      kind === 'error'
        ? { role: 'alert', 'aria-live': 'assertive' }
        : { role: 'status', 'aria-live': 'polite' },
  });
  return id;
}

export const toast = {
  show: (message: string) => showToast('default', message),
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  warning: (message: string) => showToast('warning', message),
  info: (message: string) => showToast('info', message),
  dismiss: (id?: string) => {
    if (id === undefined) shownAt.clear();
    else shownAt.delete(id);
    hotToast.dismiss(id);
  },
};

/** Dismisses every toast on screen (a dialog opening: no toast sits over it). */
export function dismissAllToasts(): void {
  shownAt.clear();
  hotToast.dismiss();
}

/**
 * The page changed: dismisses the toasts of the page that was left, keeping those shown in the last
 * moments (they announce what led to the new page).
 */
export function dismissToastsOfPreviousPage(now = Date.now()): void {
  for (const [id, at] of shownAt) {
    if (now - at < TOAST_NAVIGATION_GRACE_MS) continue;
    shownAt.delete(id);
    hotToast.dismiss(id);
  }
}

/** Forgets every toast and the dedupe memory (tests, sign-out). */
export function resetToasts(): void {
  lastShownAt.clear();
  shownAt.clear();
  hotToast.remove();
}

// Toasts (spec §4, §8, §9): five kinds, 5 s, at most 20, and an identical message within 2 s shown once.
// The kind travels in the toast id, so one id per (kind, message) also stops identical toasts piling up.
import { toast as hotToast } from 'react-hot-toast/headless';

export const toastKinds = ['success', 'error', 'warning', 'info', 'default'] as const;
export type ToastKind = (typeof toastKinds)[number];

export const TOAST_DURATION_MS = 5000;
export const TOAST_DEDUPE_MS = 2000;
export const TOAST_LIMIT = 20;
/** A swipe longer than this share of the toast's width dismisses it. */
export const TOAST_SWIPE_RATIO = 0.6;

const lastShownAt = new Map<string, number>();

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
  hotToast.custom(message, {
    id,
    duration: TOAST_DURATION_MS,
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
  dismiss: (id?: string) => hotToast.dismiss(id),
};

/** Forgets every toast and the dedupe memory (tests, sign-out). */
export function resetToasts(): void {
  lastShownAt.clear();
  hotToast.remove();
}

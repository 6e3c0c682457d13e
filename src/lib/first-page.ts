// "The first page is on screen": set by the router once the first page's code and loaders are done and
// the browser is idle (src/app/router.tsx). What a first page can do without (the device store's reads
// while online, the sync indicator) waits for it, so it neither takes the network nor the processor from
// that page.
import { useSyncExternalStore } from 'react';

let shown = false;
const listeners = new Set<() => void>();

export function markFirstPageShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

export function isFirstPageShown(): boolean {
  return shown;
}

/** Calls `listener` once the first page is shown (at once if it is); returns a cancel function. */
export function afterFirstPage(listener: () => void): () => void {
  if (shown) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFirstPageShown(): boolean {
  return useSyncExternalStore(afterFirstPage, isFirstPageShown, isFirstPageShown);
}

// Tracks listeners that freshly imported modules add to the shared test window, so each test can
// remove them (vi.resetModules gives new module state, but the window stays the same).
import { vi } from 'vitest';

const added: [string, EventListenerOrEventListenerObject][] = [];

export function trackWindowListeners(): void {
  const original = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation(
    (
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) => {
      if (!listener) return;
      added.push([type, listener]);
      original(type, listener, options);
    },
  );
}

export function removeTrackedWindowListeners(): void {
  for (const [type, listener] of added.splice(0)) window.removeEventListener(type, listener);
}

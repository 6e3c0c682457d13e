// Service worker registration (placeholder until the PWA layer lands).
export function registerServiceWorker(): void {}

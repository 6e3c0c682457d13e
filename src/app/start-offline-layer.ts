// What starts once the first page is on screen (src/main.tsx), in two chunks loaded apart:
// - the service worker and its update flow, for every visitor: the app is installable and its shell
//   cached from the sign-in page on;
// - the outbox (./start-outbox.ts: Dexie, every feature's senders, the replay of what was left unsent),
//   only for a signed-in person: at once if she is, else once she signs in. The sign-in page then
//   loads neither Dexie nor the query layer the senders lean on.
import { whenIdle } from '../lib/idle';
import { getSession, subscribeSession } from '../lib/session';

let started = false;

export function startOfflineLayer(): void {
  if (started) return;
  started = true;
  import('../pwa/register-sw')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.error('The service worker failed to register', error));
  whenSignedIn(() => {
    import('./start-outbox')
      .then(({ startOutbox }) => startOutbox())
      .catch((error: unknown) => console.error('The outbox failed to start', error));
  });
}

/**
 * Runs `start` once there is a session: now if there is one, else in the first idle moment after the
 * sign-in, so that the page it opens gets the network and the processor first.
 */
function whenSignedIn(start: () => void): void {
  if (getSession()) {
    start();
    return;
  }
  const stop = subscribeSession(() => {
    if (!getSession()) return;
    stop();
    whenIdle(start);
  });
}

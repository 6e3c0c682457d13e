// Registers the service worker (production builds only) and runs the update flow: a new version
// waits, the person is asked (UpdatePrompt), and only on "Mettre à jour" do drafts get flushed, the
// new worker take over and the page reload. Never a silent reload under someone who is typing.
import { Workbox } from 'workbox-window';
import { followLanguageInManifest } from './manifest-language';
import { setUpdateReady } from './update-state';

export { dismissUpdate, updateReadyAtom } from './update-state';

const SW_URL = '/sw.js';
const HOURLY_CHECK_MS = 60 * 60 * 1000;
/** Coming back to the tab checks too, but not more than this often. */
const MIN_CHECK_GAP_MS = 5 * 60 * 1000;

let workbox: Workbox | null = null;
let lastCheck = 0;
let updating = false;

async function checkForUpdate(force = false): Promise<void> {
  if (!workbox || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  const now = Date.now();
  if (!force && now - lastCheck < MIN_CHECK_GAP_MS) return;
  lastCheck = now;
  try {
    await workbox.update();
  } catch {
    // Offline or the server is restarting: the next check will do.
  }
}

export function registerServiceWorker(): void {
  followLanguageInManifest();
  if (
    !import.meta.env.PROD ||
    workbox ||
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator)
  )
    return;
  workbox = new Workbox(SW_URL, { scope: '/' });
  // Fires for an update found now and for one left waiting by an earlier visit ("Plus tard").
  workbox.addEventListener('waiting', () => setUpdateReady(true));
  workbox
    .register()
    .catch((error: unknown) => console.error('service worker registration failed', error));
  lastCheck = Date.now();
  setInterval(() => void checkForUpdate(true), HOURLY_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  });
}

/** "Mettre à jour": save drafts, let the waiting worker take over, reload once it controls the page. */
export async function applyUpdate(): Promise<void> {
  if (!workbox || updating) return;
  updating = true;
  // Dexie loads with the drafts module; by now the offline layer has loaded it anyway.
  const { flushPendingDrafts } = await import('../offline/use-draft');
  await flushPendingDrafts();
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

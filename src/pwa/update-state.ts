// Whether a new version of the app waits for the person's consent. Kept apart from register-sw.ts so the
// shell's prompts read it without bringing workbox-window into the first load.
import { createDeviceState } from '../offline/device-state';

const updateReady = createDeviceState(false);

/** True while a new version waits for the person's consent. */
export const updateReadyAtom = updateReady.atom;

export function setUpdateReady(ready: boolean): void {
  updateReady.set(ready);
}

/** "Plus tard": the prompt comes back on the next visit, as the new version is still waiting. */
export function dismissUpdate(): void {
  updateReady.set(false);
}

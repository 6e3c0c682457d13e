// When the offline layer starts (src/app/start-offline-layer.ts): the service worker on every first
// page, the sign-in page included (the app stays installable); the outbox at once on a signed-in first
// page, and on the sign-in page only once the person has signed in.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../src/lib/session';
import { storageKeys } from '../../../src/lib/storage';

const started = vi.hoisted(() => ({ serviceWorker: 0, outbox: 0 }));

vi.mock('../../../src/pwa/register-sw', () => ({
  registerServiceWorker: () => {
    started.serviceWorker += 1;
  },
}));
vi.mock('../../../src/app/start-outbox', () => ({
  startOutbox: () => {
    started.outbox += 1;
  },
}));
// Signing in claims the device's offline data (Dexie): not what is looked at here.
vi.mock('../../../src/offline/device-owner', () => ({ claimDeviceData: async () => {} }));

const user: User = {
  id: 'u-1',
  name: 'Jeanne',
  email: 'jeanne@example.com',
  emailVerified: true,
  isCguValid: true,
  isCgvValid: true,
  isPdcValid: true,
  accountType: 'standard',
  currentLanguage: 'fr-FR',
  optInMarketing: false,
  freeChaptersAllowed: 3,
  needsCGUValidation: false,
};

/** A new visit: the session read from storage as the page opens, nothing started yet. */
async function openPage({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    localStorage.setItem(storageKeys.token, 'token-1');
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
  }
  vi.resetModules();
  const layer = await import('../../../src/app/start-offline-layer');
  const session = await import('../../../src/lib/session');
  return { ...layer, ...session };
}

/** Lets the dynamic imports and idle callbacks started so far run to their end. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  started.serviceWorker = 0;
  started.outbox = 0;
});

describe('the offline layer', () => {
  it('starts the service worker and the outbox on a signed-in first page', async () => {
    const { startOfflineLayer } = await openPage({ signedIn: true });
    startOfflineLayer();
    await vi.waitFor(() => expect(started.outbox).toBe(1));
    expect(started.serviceWorker).toBe(1);
  });

  it('starts only the service worker on the sign-in page, and the outbox once signed in', async () => {
    const { startOfflineLayer, startSession, clearSession } = await openPage({ signedIn: false });
    startOfflineLayer();
    await vi.waitFor(() => expect(started.serviceWorker).toBe(1));
    await settle();
    expect(started.outbox).toBe(0);

    startSession('token-1', user);
    await vi.waitFor(() => expect(started.outbox).toBe(1));

    // Signing out and in again in the same visit starts nothing twice.
    clearSession();
    startSession('token-2', user);
    await settle();
    expect(started.outbox).toBe(1);
    expect(started.serviceWorker).toBe(1);
  });

  it('starts once however often the first page is reported', async () => {
    const { startOfflineLayer } = await openPage({ signedIn: true });
    startOfflineLayer();
    startOfflineLayer();
    await vi.waitFor(() => expect(started.outbox).toBe(1));
    await settle();
    expect(started.serviceWorker).toBe(1);
    expect(started.outbox).toBe(1);
  });
});

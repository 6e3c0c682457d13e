// Whether this device can reach the server. `navigator.onLine` and the online/offline events are a
// hint only (they can say "online" behind a dead Wi-Fi, or stay stale in test browsers): a failed
// request also means offline, and while offline /healthz is probed with backoff to notice the return.
import { useAtomValue } from 'jotai';
import { createDeviceState } from './device-state';

export interface Connectivity {
  online: boolean;
}

export const HEALTH_URL = '/healthz';
const FIRST_PROBE_DELAY_MS = 1_000;
const MAX_PROBE_DELAY_MS = 30_000;
const PROBE_TIMEOUT_MS = 5_000;

const state = createDeviceState<Connectivity>({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
});

/** Device state for jotai readers; updated by the functions below. */
export const connectivityAtom = state.atom;

let started = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeDelay = FIRST_PROBE_DELAY_MS;
let probeInFlight = false;

function setOnline(online: boolean): void {
  if (state.get().online !== online) state.set({ online });
}

function stopProbing(): void {
  if (probeTimer !== undefined) clearTimeout(probeTimer);
  probeTimer = undefined;
  probeDelay = FIRST_PROBE_DELAY_MS;
}

function scheduleProbe(delay: number = probeDelay): void {
  if (probeTimer !== undefined || state.get().online) return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    void probeNow();
  }, delay);
}

/** Asks the server whether it is reachable; any successful answer means the connection is back. */
export async function probeNow(): Promise<boolean> {
  if (probeInFlight) return state.get().online;
  probeInFlight = true;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  let reachable = false;
  try {
    const response = await fetch(HEALTH_URL, { cache: 'no-store', signal: controller.signal });
    reachable = response.ok;
  } catch {
    reachable = false;
  } finally {
    clearTimeout(timeout);
    probeInFlight = false;
  }
  if (reachable) {
    stopProbing();
    setOnline(true);
  } else {
    setOnline(false);
    probeDelay = Math.min(probeDelay * 2, MAX_PROBE_DELAY_MS);
    scheduleProbe();
  }
  return reachable;
}

function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('offline', () => {
    setOnline(false);
    scheduleProbe();
  });
  // The event says an interface came up, not that the server answers: check before trusting it.
  window.addEventListener('online', () => {
    stopProbing();
    void probeNow();
  });
  if (!state.get().online) scheduleProbe();
}

/** Called by the api-client when a request got no response at all. */
export function reportNetworkFailure(): void {
  start();
  setOnline(false);
  scheduleProbe();
}

/** Called by the api-client when a request got a response (whatever its status). */
export function reportNetworkSuccess(): void {
  start();
  stopProbing();
  setOnline(true);
}

export function isOnline(): boolean {
  start();
  return state.get().online;
}

/** For code outside React (the outbox): called with the new state on every change. */
export function onConnectivityChange(listener: (connectivity: Connectivity) => void): () => void {
  start();
  return state.subscribe(listener);
}

export function useConnectivity(): Connectivity {
  start();
  return useAtomValue(connectivityAtom);
}

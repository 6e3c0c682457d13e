// Notifications on this device (Web Push, issue 31): the browser's permission, a subscription made by the
// service worker's pushManager with the server's VAPID key (GET /push/key), and handed to the server
// (POST /push/subscriptions). The service worker shows what arrives (sw/sw.ts).
import type { PushKey } from '@contract/circle-news';
import { apiRequest } from '../../../lib/api-client';

export type PushSetup = 'subscribed' | 'denied' | 'unsupported';

/** Whether this browser can receive notifications from an installed app at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the permission (a tap of hers just before), subscribes this device and tells the server. */
export async function subscribeThisDevice(): Promise<PushSetup> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { public_key } = await apiRequest<PushKey>('/push/key');
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    });
  }
  const { endpoint, keys } = subscription.toJSON();
  await apiRequest('/push/subscriptions', {
    method: 'POST',
    json: { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } },
  });
  return 'subscribed';
}

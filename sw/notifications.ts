// Web Push in the service worker (issue 31): what the server's encrypted payload becomes on screen (the
// news of a chapter, her weekly question), and which page a tap opens: only pages of this app.

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/icon-96.png';

/** The payload `{title, body, url}` (server/src/contract/circle-news.ts PushPayload); a default otherwise. */
export function notificationFor(payloadText: string | null, origin: string): ShownNotification {
  let payload: { title?: unknown; body?: unknown; url?: unknown } = {};
  try {
    payload = payloadText ? (JSON.parse(payloadText) as typeof payload) : {};
  } catch {
    payload = {};
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Chapitres';
  const body = typeof payload.body === 'string' ? payload.body : '';
  return {
    title,
    options: {
      body,
      icon: ICON,
      badge: BADGE,
      data: { url: sameOriginUrl(payload.url, origin) },
    },
  };
}

/** A URL of this app (absolute or a path), else its home: a notification never opens another site. */
export function sameOriginUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

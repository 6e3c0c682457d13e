// Who may read the mailbox (MAIL_TRANSPORT=outbox), which holds account and password-reset links.
// No guess from addresses a proxy or a client can write: the mailbox answers only
//   - a request made on this machine, straight to the server: its socket's peer is the loopback and it
//     carries no forwarding header (a proxy on the same box, Caddy, always adds one), or
//   - a request holding the operator's key, derived from the server's secret (JWT_SECRET or
//     DATA_DIR/secrets.json) and printed by `npm run -s cli -- mailbox link` and at start.
// Everything else gets the same 404 as a route that does not exist.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Headers a proxy adds: their presence means the request came from elsewhere through this machine. */
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'via',
];

/** The mailbox's key: an HMAC of the server's secret, so it changes with it and reveals nothing of it. */
export function mailboxKey(secret: string): string {
  return createHmac('sha256', secret).update('chapitres mailbox v1').digest('base64url');
}

/** The link the operator opens from anywhere: PUBLIC_URL/dev/mailbox?key=… */
export function mailboxLink(config: Pick<Config, 'publicUrl' | 'jwtSecret'>): string {
  return `${config.publicUrl}/dev/mailbox?key=${mailboxKey(config.jwtSecret)}`;
}

/** The request was made on this machine, to the server itself, not relayed by a proxy. */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket?.remoteAddress ?? '';
  if (!LOOPBACK.has(peer)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request may read the mailbox: made on this machine directly, or holding the key. */
export function mayReadMailbox(request: FastifyRequest, key: string): boolean {
  const given = (request.query as { key?: unknown } | undefined)?.key;
  if (typeof given === 'string' && given.length > 0) return sameKey(given, key);
  return isDirectLocalRequest(request);
}

/** The start-up log's plain word on who can read the kept mails, and how. */
export function mailboxNotice(config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'port'>): string {
  return (
    'Mails are not sent (MAIL_TRANSPORT=outbox): they are kept in the mailbox, which holds account and password links. ' +
    `It answers only on this machine, straight to the server (http://127.0.0.1:${config.port}/dev/mailbox, not through a proxy), ` +
    `or with its key, from anywhere: ${mailboxLink(config)} ` +
    '(keep this link private; `npm run -s cli -- mailbox link` prints it again). Set MAIL_TRANSPORT=smtp to send mails.'
  );
}

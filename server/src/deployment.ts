// How people reach this server, checked where the server can see it: the settings at start, then the
// first requests. A family runs Chapitres on a small box and opens it from phones, through Caddy or
// straight on the home network; a wrong PUBLIC_URL or a proxy set up halfway must give one clear line
// in the log (what is wrong, what to set), never silently broken links.
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/** Loopback names and addresses: the machine itself, where browsers treat plain HTTP as secure. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    (isIP(host) === 4 && host.startsWith('127.'))
  );
}

/**
 * Addresses of this machine or of a private network (RFC 1918, CGNAT excluded, IPv6 unique-local and
 * link-local): where a family's own devices are, and the internet is not.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^::ffff:/i, '').toLowerCase();
  if (isLoopbackHost(ip)) return true;
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (isIP(ip) === 6) return /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip);
  return false;
}

/** A page at this address may use the service worker, installation and the microphone. */
export function isSecureOrigin(protocol: string, hostname: string): boolean {
  return protocol === 'https' || isLoopbackHost(hostname);
}

function listensOnNetwork(host: string): boolean {
  return !isLoopbackHost(host);
}

/** What the settings alone tell, one sentence each: logged as warnings at start. */
export function startupWarnings(
  config: Pick<Config, 'publicUrl' | 'publicUrlGiven' | 'host' | 'trustProxy' | 'role'>,
): string[] {
  const warnings: string[] = [];
  if (config.role === 'worker') return warnings;
  const url = new URL(config.publicUrl);
  if (!config.publicUrlGiven) {
    if (listensOnNetwork(config.host))
      warnings.push(
        `PUBLIC_URL is not set, so links in mails, on the shared story page and for payments point to ${config.publicUrl}, which other devices cannot open. Set PUBLIC_URL to the address people type, e.g. https://chapitres.home.arpa (README, « Put it on your own server »).`,
      );
    return warnings;
  }
  if (url.pathname !== '/')
    warnings.push(
      `PUBLIC_URL ${config.publicUrl} has a path (${url.pathname}): Chapitres must be served at the root of its address. Give it a name or a port of its own.`,
    );
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    warnings.push(
      `PUBLIC_URL ${config.publicUrl} is plain HTTP on a network address: phones will get no offline mode, no installation and no microphone there. Put Caddy in front (deploy/Caddyfile or deploy/Caddyfile.home) and set PUBLIC_URL to its https:// address and TRUST_PROXY=127.0.0.1.`,
    );
  if (url.protocol === 'https:' && config.trustProxy === false)
    warnings.push(
      `PUBLIC_URL ${config.publicUrl} is HTTPS but TRUST_PROXY is off: behind Caddy or another proxy, set TRUST_PROXY to the proxy's address (127.0.0.1 when it runs on this machine), or visitors' addresses and protocol are the proxy's and every visitor shares one rate limit.`,
    );
  return warnings;
}

type Problem = 'other-host' | 'proxy-untrusted' | 'host-not-forwarded' | 'proto-not-forwarded';

/**
 * Looks at requests as they come and logs each kind of problem once: a request for another address
 * than PUBLIC_URL (links that leave the app would point elsewhere), a proxy whose headers are ignored
 * because TRUST_PROXY is off, a proxy that does not forward the Host header or the protocol. Also
 * drops two headers that browsers only honour on secure pages and report as errors elsewhere.
 */
export function registerAddressChecks(app: FastifyInstance, config: Config): void {
  const publicUrl = new URL(config.publicUrl);
  const seen = new Set<Problem>();
  const once = (problem: Problem, message: string) => {
    if (seen.has(problem)) return;
    seen.add(problem);
    app.log.warn(message);
  };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (seen.size === 4) return;
    const forwarded = request.headers['x-forwarded-for'] !== undefined;
    const hostname = request.hostname;
    const port = request.port;
    const host = port ? `${hostname}:${port}` : hostname;
    if (forwarded && config.trustProxy === false) {
      once(
        'proxy-untrusted',
        `A request came through a proxy (X-Forwarded-For from ${request.socket.remoteAddress}) but TRUST_PROXY is off: set TRUST_PROXY=${request.socket.remoteAddress ?? '127.0.0.1'} so the server sees each visitor's address and protocol.`,
      );
      return;
    }
    if (forwarded && isLoopbackHost(hostname) && !isLoopbackHost(publicUrl.hostname)) {
      once(
        'host-not-forwarded',
        `A request came through a proxy for ${host}, not for ${publicUrl.host}: the proxy does not forward the Host header. Caddy's reverse_proxy does by default; with nginx add "proxy_set_header Host $host;".`,
      );
      return;
    }
    if (forwarded && publicUrl.protocol === 'https:' && request.protocol !== 'https') {
      once(
        'proto-not-forwarded',
        `A request came through a proxy over plain HTTP although PUBLIC_URL is ${config.publicUrl}: the proxy must send X-Forwarded-Proto (Caddy does; with nginx add "proxy_set_header X-Forwarded-Proto $scheme;") or people reach the server without HTTPS.`,
      );
      return;
    }
    if (!isLoopbackHost(hostname) && host.toLowerCase() !== publicUrl.host.toLowerCase()) {
      once(
        'other-host',
        `A request arrived for ${request.protocol}://${host} while PUBLIC_URL is ${config.publicUrl}. The app works at any address, but links that leave it (mails, the shared story page, payments) point to PUBLIC_URL: if people use ${request.protocol}://${host}, set PUBLIC_URL to it.`,
      );
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    // Chromium logs "Cross-Origin-Opener-Policy header has been ignored" as an error on every page of
    // an untrustworthy origin (plain HTTP on a network name): send these only where they mean something.
    if (!isSecureOrigin(request.protocol, request.hostname)) {
      reply.removeHeader('cross-origin-opener-policy');
      reply.removeHeader('origin-agent-cluster');
    }
  });
}

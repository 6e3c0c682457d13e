// How people reach the server: the start-up warnings for PUBLIC_URL and TRUST_PROXY, the one-line
// warnings the first requests raise (another host, a proxy not trusted or not forwarding), the headers
// kept for secure pages only, and which addresses count as the home network.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { loadConfig } from '../../src/config.ts';
import {
  isLoopbackHost,
  isPrivateAddress,
  isSecureOrigin,
  registerAddressChecks,
  startupWarnings,
} from '../../src/deployment.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function configOf(env: Record<string, string>): Config {
  return loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'chapitres-deploy-')), ...env });
}

describe('startupWarnings', () => {
  it('says nothing for the default, on this machine alone', () => {
    expect(startupWarnings(configOf({ HOST: '127.0.0.1' }))).toEqual([]);
  });

  it('asks for PUBLIC_URL when other devices can reach the server without it', () => {
    const [warning, ...rest] = startupWarnings(configOf({}));
    expect(rest).toEqual([]);
    expect(warning).toMatch(/^PUBLIC_URL is not set, .*http:\/\/localhost:3000.*Set PUBLIC_URL/);
  });

  it('warns that plain HTTP on a network address gives phones no offline mode, install or microphone', () => {
    const warnings = startupWarnings(configOf({ PUBLIC_URL: 'http://192.168.1.20:3000' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/plain HTTP on a network address.*no microphone.*Caddy/);
    expect(startupWarnings(configOf({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toEqual([]);
  });

  it('asks for TRUST_PROXY when PUBLIC_URL is HTTPS, and is quiet once it is set', () => {
    const warnings = startupWarnings(configOf({ PUBLIC_URL: 'https://chapitres.home.arpa' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/HTTPS but TRUST_PROXY is off.*127\.0\.0\.1/);
    expect(
      startupWarnings(
        configOf({ PUBLIC_URL: 'https://chapitres.home.arpa', TRUST_PROXY: '127.0.0.1' }),
      ),
    ).toEqual([]);
  });

  it('refuses a path in PUBLIC_URL, and a scheme that is not http(s) at all', () => {
    const warnings = startupWarnings(
      configOf({ PUBLIC_URL: 'https://example.org/chapitres', TRUST_PROXY: '1' }),
    );
    expect(warnings).toEqual([expect.stringMatching(/has a path \(\/chapitres\)/)]);
    expect(() => configOf({ PUBLIC_URL: 'ftp://example.org' })).toThrow(
      /PUBLIC_URL must start with http:\/\/ or https:\/\//,
    );
  });
});

describe('addresses', () => {
  it('knows this machine, the home network and the rest', () => {
    for (const host of ['localhost', 'app.localhost', '127.0.0.1', '127.0.0.2', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['famille.test', '192.168.1.20', '::ffff:8.8.8.8'])
      expect(isLoopbackHost(host), host).toBe(false);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.1',
      '192.168.1.20',
      '::ffff:192.168.0.4',
      'fd12::1',
      'fe80::1',
      '::1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '100.64.0.1', '2001:db8::1', '203.0.113.5'])
      expect(isPrivateAddress(ip), ip).toBe(false);
    expect(isSecureOrigin('https', 'famille.test')).toBe(true);
    expect(isSecureOrigin('http', '127.0.0.1')).toBe(true);
    expect(isSecureOrigin('http', 'famille.test')).toBe(false);
  });
});

async function appWith(env: Record<string, string>) {
  const lines: string[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line).msg as string) };
  const config = configOf(env);
  const app = Fastify({
    logger: { level: 'warn', stream },
    trustProxy: config.trustProxy === false ? false : (config.trustProxy as string),
  });
  registerAddressChecks(app, config);
  app.get('/', async (_request, reply) =>
    reply
      .header('cross-origin-opener-policy', 'same-origin')
      .header('origin-agent-cluster', '?1')
      .send('ok'),
  );
  await app.ready();
  return { app, lines };
}

describe('registerAddressChecks', () => {
  it('says once that a request came for another host than PUBLIC_URL', async () => {
    const { app, lines } = await appWith({ PUBLIC_URL: 'http://127.0.0.1:3000' });
    for (let i = 0; i < 3; i++)
      await app.inject({ url: '/', headers: { host: 'famille.test:3000' } });
    await app.inject({ url: '/', headers: { host: '127.0.0.1:3000' } });
    expect(lines).toEqual([
      expect.stringMatching(
        /^A request arrived for http:\/\/famille\.test:3000 while PUBLIC_URL is http:\/\/127\.0\.0\.1:3000\..*set PUBLIC_URL/,
      ),
    ]);
    await app.close();
  });

  it('says a proxy is ignored while TRUST_PROXY is off', async () => {
    const { app, lines } = await appWith({ PUBLIC_URL: 'https://chapitres.home.arpa' });
    await app.inject({
      url: '/',
      headers: { host: 'chapitres.home.arpa', 'x-forwarded-for': '192.168.1.30' },
    });
    expect(lines).toEqual([
      expect.stringMatching(/through a proxy .* TRUST_PROXY is off: set TRUST_PROXY=127\.0\.0\.1/),
    ]);
    await app.close();
  });

  it('says the proxy does not forward the Host header, or the protocol', async () => {
    const env = { PUBLIC_URL: 'https://chapitres.home.arpa', TRUST_PROXY: '127.0.0.1' };
    const host = await appWith(env);
    await host.app.inject({
      url: '/',
      headers: {
        host: '127.0.0.1:3000',
        'x-forwarded-for': '192.168.1.30',
        'x-forwarded-proto': 'https',
      },
    });
    expect(host.lines).toEqual([expect.stringMatching(/does not forward the Host header/)]);
    await host.app.close();

    const proto = await appWith(env);
    await proto.app.inject({
      url: '/',
      headers: { host: 'chapitres.home.arpa', 'x-forwarded-for': '192.168.1.30' },
    });
    expect(proto.lines).toEqual([expect.stringMatching(/over plain HTTP .* X-Forwarded-Proto/)]);
    await proto.app.close();
  });

  it('is quiet for a proxy set up as the README says', async () => {
    const { app, lines } = await appWith({
      PUBLIC_URL: 'https://chapitres.home.arpa',
      TRUST_PROXY: '127.0.0.1',
    });
    const response = await app.inject({
      url: '/',
      headers: {
        host: 'chapitres.home.arpa',
        'x-forwarded-for': '192.168.1.30',
        'x-forwarded-proto': 'https',
      },
    });
    expect(lines).toEqual([]);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    await app.close();
  });

  it('sends COOP and Origin-Agent-Cluster only to secure pages', async () => {
    const { app } = await appWith({ PUBLIC_URL: 'http://famille.test:3000' });
    const insecure = await app.inject({ url: '/', headers: { host: 'famille.test:3000' } });
    expect(insecure.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(insecure.headers['origin-agent-cluster']).toBeUndefined();
    const local = await app.inject({ url: '/', headers: { host: '127.0.0.1:3000' } });
    expect(local.headers['cross-origin-opener-policy']).toBe('same-origin');
    await app.close();
  });
});

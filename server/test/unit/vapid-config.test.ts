// The Web Push key pair (issue 31): generated once beside the JWT key in secrets.json and reused, or given
// by the environment (both halves, checked).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'chapitres-vapid-'));

describe('VAPID keys', () => {
  it('are generated once, kept with the JWT key, and reused', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(first.push.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.push.vapidPrivateKey, 'base64url')).toHaveLength(32);
    const stored = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'));
    expect(stored).toEqual({
      jwtSecret: first.jwtSecret,
      vapidPublicKey: first.push.vapidPublicKey,
      vapidPrivateKey: first.push.vapidPrivateKey,
    });
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.push).toEqual(first.push);
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(first.push.subject).toBe('mailto:support@localhost');
  });

  it('come from the environment when given, both or neither', () => {
    const generated = loadConfig({ DATA_DIR: dataDir() }).push;
    const given = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: generated.vapidPublicKey,
      VAPID_PRIVATE_KEY: generated.vapidPrivateKey,
      VAPID_SUBJECT: 'https://chapitres.example/contact',
    }).push;
    expect(given).toEqual({ ...generated, subject: 'https://chapitres.example/contact' });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: generated.vapidPublicKey }),
    ).toThrow(/go together/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def' }),
    ).toThrow(/P-256/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'support@x' })).toThrow(
      /VAPID_SUBJECT/,
    );
  });
});

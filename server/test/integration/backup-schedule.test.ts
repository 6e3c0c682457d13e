// The embedded server's own backups: when the next one is due, and one made now that keeps the
// BACKUP_KEEP newest and can be restored.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../../src/backup/backup.ts';
import { backupNow, nextBackupDelay } from '../../src/backup/schedule.ts';
import { useTestApp } from '../support/build.ts';
import { createUser } from '../support/factories.ts';

const ctx = useTestApp();
const dir = mkdtempSync(join(tmpdir(), 'chapitres-backups-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOUR = 3600_000;

describe('automatic backups', () => {
  it('are due a period after the newest one, at least a minute from now', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(nextBackupDelay(null, now, 24 * HOUR)).toBe(60_000);
    expect(nextBackupDelay(now - 2 * HOUR, now, 24 * HOUR)).toBe(22 * HOUR);
    expect(nextBackupDelay(now - 30 * HOUR, now, 24 * HOUR)).toBe(60_000);
  });

  it('writes a backup that verifies, and keeps only the newest BACKUP_KEEP', async () => {
    await createUser(ctx.app);
    // Three older backups of earlier days (only files named like backups are ever removed).
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22']) {
      const old = join(dir, `chapitres-${day}T03-00-00Z.tar.gz`);
      writeFileSync(old, 'old');
      const when = new Date(`${day}T03:00:00Z`);
      utimesSync(old, when, when);
    }
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const path = await backupNow({
      database: ctx.database,
      config: { ...ctx.config, backups: { dir, keep: 2, everyHours: 24 } },
      log: ctx.app.log,
    });
    expect(readdirSync(dir).sort()).toEqual(
      ['chapitres-2026-11-22T03-00-00Z.tar.gz', path.slice(dir.length + 1), 'notes.txt'].sort(),
    );
    const manifest = await verifyBackup(path);
    expect(manifest.tables.users).toBe(1);
  });
});

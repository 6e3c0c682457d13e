// Where the embedded server's own backups go: BACKUP_DIR, relative to DATA_DIR (an operator's
// `BACKUP_DIR=backups-nightly` once landed in the repository, beside the code).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'chapitres-backup-dir-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('BACKUP_DIR', () => {
  it('is DATA_DIR/backups when not set', () => {
    const data = dataDir();
    expect(loadConfig({ DATA_DIR: data }).backups.dir).toBe(join(data, 'backups'));
  });

  it('is inside DATA_DIR when relative', () => {
    const data = dataDir();
    expect(loadConfig({ DATA_DIR: data, BACKUP_DIR: 'relbk' }).backups.dir).toBe(
      join(data, 'relbk'),
    );
    expect(loadConfig({ DATA_DIR: data, BACKUP_DIR: '../nightly' }).backups.dir).toBe(
      join(data, '..', 'nightly'),
    );
  });

  it('is taken as it is when absolute', () => {
    const elsewhere = dataDir();
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_DIR: elsewhere }).backups.dir).toBe(elsewhere);
  });
});

// The file a backup is written to (backup.ts partialFile, backupInto): complete under its name, or
// nothing at all — a backup that fails leaves no half archive, for the scheduler or the command line.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupInto, partialFile, type BackupContext } from '../../src/backup/backup.ts';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chapitres-backup-file-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('partialFile', () => {
  it('appears under its name only once closed', async () => {
    const dir = folder();
    const file = partialFile(join(dir, 'a.tar.gz'));
    file.write(Buffer.from('bytes'));
    expect(readdirSync(dir)).toEqual(['a.tar.gz.partial']);
    await file.close();
    expect(readdirSync(dir)).toEqual(['a.tar.gz']);
    expect(readFileSync(join(dir, 'a.tar.gz'), 'utf8')).toBe('bytes');
    file.abort(); // after close: changes nothing
    expect(existsSync(join(dir, 'a.tar.gz'))).toBe(true);
  });

  it('leaves nothing when given up', () => {
    const dir = folder();
    const file = partialFile(join(dir, 'a.tar.gz'));
    file.write(Buffer.from('half'));
    file.abort();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('backupInto', () => {
  it('gives the file up when the backup fails', async () => {
    const dir = folder();
    // With STORAGE=s3 the backup refuses before reading anything.
    const context = {
      database: null,
      config: { dataDir: dir, jwtSecret: 'x'.repeat(32), storage: { kind: 's3' } },
    } as unknown as BackupContext;
    await expect(backupInto(partialFile(join(dir, 'out', 'b.tar.gz')), context)).rejects.toThrow(
      /STORAGE=s3/,
    );
    expect(readdirSync(join(dir, 'out'))).toEqual([]);
  });
});

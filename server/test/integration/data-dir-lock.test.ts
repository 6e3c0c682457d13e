// One process owns an embedded data directory (issue: gift codes printed by the command line beside a
// running server were silently lost). A second opener is refused with a plain message naming the
// owner; the lock goes with a clean close, and one left by a killed process is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { DataDirLockedError, LOCK_FILE } from '../../src/db/lock.ts';
import { repoRoot } from '../../src/config.ts';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'chapitres-lock-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the data directory lock', { timeout: 120_000 }, () => {
  it('refuses a second opener while the first holds it, and lets it in once closed', async () => {
    const dir = join(dataDir(), 'db');
    const first = await openDatabase({ databaseUrl: null, dataDir: dir });
    const lock = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(process.pid);
    const second = openDatabase({ databaseUrl: null, dataDir: dir });
    await expect(second).rejects.toThrow(DataDirLockedError);
    await expect(second).rejects.toThrow(
      new RegExp(
        `in use by another Chapitres process \\(pid ${process.pid} .*stop that server first`,
      ),
    );
    await first.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ databaseUrl: null, dataDir: dir });
    await again.ping();
    await again.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = join(dataDir(), 'db');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const deadPid = Number(gone.stdout);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: deadPid, host: hostname(), since: '2026-01-01T00:00:00Z' }),
    );
    const database = await openDatabase({ databaseUrl: null, dataDir: dir });
    await database.ping();
    await database.close();
  });

  it('makes the command line say the server runs, instead of printing codes it would lose', async () => {
    const root = dataDir();
    const server = await openDatabase({ databaseUrl: null, dataDir: join(root, 'db') });
    try {
      const cli = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/cli.ts',
          'gift-codes',
          'create',
          '--count',
          '2',
          '--expires',
          '2099-12-31',
        ],
        {
          cwd: join(repoRoot, 'server'),
          env: { ...process.env, DATA_DIR: root, DATABASE_URL: '', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(cli.status).toBe(1);
      expect(cli.stdout).not.toMatch(/[A-Z0-9]{4}-[A-Z0-9]{4}/);
      expect(cli.stderr).toMatch(/is in use by another Chapitres process .*stop that server first/);
      expect(cli.stderr).not.toMatch(/at .*\.ts:\d+/); // a sentence, not a stack trace
    } finally {
      await server.close();
    }
  });
});

describe('npm run cli -- --help', () => {
  it('prints the usage on stdout and exits 0; an unknown option is named in one line, exit 2', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: join(repoRoot, 'server'),
        env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run cli -- \[--debug\] <command>/);
    const unknown = run('gift-codes', 'list', '--colour', 'red');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/--colour/);
    expect(unknown.stderr).toMatch(/Usage: npm run cli -- --help/);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
  });
});

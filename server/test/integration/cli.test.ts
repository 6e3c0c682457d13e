// The operators' command line on its own embedded database: every listed command is reachable (the
// analytics report once was not), an unknown one says how to use it, and gift codes made are listed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.ts';
import { openDatabase } from '../../src/db/client.ts';

const saved = { ...process.env };
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chapitres-cli-'));
  // The command line works on a server's database and never creates one (trust-box.test.ts).
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dataDir, 'db') });
  await database.close();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    MAIL_TRANSPORT: 'outbox',
    STORAGE: 'disk',
  });
}, 120_000);
afterAll(() => {
  process.env = saved;
  rmSync(dataDir, { recursive: true, force: true });
});

async function run(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runCli(argv, (line) => lines.push(line));
  return lines;
}

describe('npm run cli', () => {
  it('says how to use it for a command it does not know, before opening anything', async () => {
    await expect(run('analytics', 'explode')).rejects.toThrow(/gift-codes create/);
  });

  it('makes gift codes, lists them, and reports analytics', { timeout: 120_000 }, async () => {
    const codes = await run('gift-codes', 'create', '--count', '2', '--expires', '2099-12-31');
    expect(codes.filter((line) => /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/.test(line))).toHaveLength(2);
    const listed = (await run('gift-codes', 'list')).join('\n');
    expect(listed).toMatch(/2099-12-31/);
    const report = await run('analytics', 'report', '--days', '7');
    expect(report[0]).toBe('day\tactive people\tchapters started\tchapters finished');
    expect(report).toContain('onboarding left at step\tpeople');
  });
});

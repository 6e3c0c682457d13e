// The operators' command line behaves like a tool (issue 32): a path is taken from where the command
// was typed (npm runs it in server/ and says where in INIT_CWD), a mistake is one line and exit code 2,
// a failure one line and exit code 1, `--debug` shows the stack. Beside a running embedded server, either
// side may go away during a backup: the server stays up, the command line says so in one line and
// leaves no half-written archive. The command line is a real process, as an operator runs it; unknown
// ids are asked of PostgreSQL too when TEST_DATABASE_URL is set.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { freePort, processCluster, until } from '../support/processes.ts';

const SECRET = 'behaviour-secret-behaviour-secret-0123456789';
const serverDir = join(repoRoot, 'server');
const pgUrl = process.env.TEST_DATABASE_URL || null;
const dirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `chapitres-${prefix}-`));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `npm run cli -- …` as npm runs it: in server/, with INIT_CWD where it was typed. */
function startCli(argv: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...argv], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      MAIL_TRANSPORT: 'outbox',
      STORAGE: 'disk',
      CHAPITRES_ENV_FILE: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, ...output }));
  return { child, exited };
}

const cli = (argv: string[], env: Record<string, string>) => startCli(argv, env).exited;

function expectOneLine(stderr: string) {
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr.trim().split('\n')).toHaveLength(1);
}

/** A data directory holding a created embedded database, as a server leaves it. */
async function dataDirWithDatabase(): Promise<string> {
  const dir = tempDir('behaviour');
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'db') });
  await database.close();
  return dir;
}

describe('npm run cli, stopped server', { timeout: 180_000 }, () => {
  const cluster = pgUrl ? processCluster(pgUrl, 'clib') : null;
  let env: Record<string, string>;

  beforeAll(async () => {
    await cluster?.setUp();
    env = cluster
      ? { DATA_DIR: cluster.dataDir, DATABASE_URL: cluster.databaseUrl }
      : { DATA_DIR: await dataDirWithDatabase() };
  }, 120_000);
  afterAll(async () => {
    await cluster?.tearDown();
  });

  it('writes a relative --out where the command was typed, not in server/', async () => {
    const typedIn = tempDir('typed');
    const result = await cli(['backup', '--out', './here.tar.gz'], { ...env, INIT_CWD: typedIn });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(join(typedIn, 'here.tar.gz'));
    expect(existsSync(join(typedIn, 'here.tar.gz'))).toBe(true);
    expect(existsSync(join(serverDir, 'here.tar.gz'))).toBe(false);
  });

  it('looks for the archive to restore where the command was typed', async () => {
    const typedIn = tempDir('typed');
    const result = await cli(['restore', 'nope.tar.gz'], { ...env, INIT_CWD: typedIn });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(`There is no file ${join(typedIn, 'nope.tar.gz')}.`);
  });

  it('answers every mistake in one line with exit code 2', async () => {
    const check = (argv: string[], message: RegExp) => async () => {
      const result = await cli(argv, env);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr.trim(), argv.join(' ')).toMatch(message);
      expectOneLine(result.stderr);
    };
    // Refused before anything is opened: side by side.
    await Promise.all([
      check(['gift-codes', 'list', '--colour', 'red'], /^Unknown option '--colour'.*--help/)(),
      check(['orders'], /^Unknown command "orders": gift-codes create, .*--help/)(),
    ]);
    // Asked of the database (one process at a time on the embedded one).
    for (const [argv, message] of [
      [['orders', 'export', '--id', 'nope', '--out', 'x'], /^No order nope$/],
      [['orders', 'mark', '--id', 'nope', '--status', 'shipped'], /^No order nope$/],
      // Shaped like an order's id, so the database is asked.
      [['orders', 'mark', '--id', randomUUID(), '--status', 'shipped'], /^No order [0-9a-f-]{36}$/],
      [['access', 'grant', '--email', 'nobody@x', '--months', '3'], /^No account for nobody@x$/],
      // No such day: once taken as 2099-03-03.
      [['gift-codes', 'create', '--count', '1', '--expires', '2099-02-31'], /--expires must be/],
    ] as [string[], RegExp][])
      await check(argv, message)();
  });

  it('accepts --debug where a command works', async () => {
    const result = await cli(['--debug', 'orders', 'list'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('prints the usage for --help, on stdout, exit code 0', async () => {
    const result = await cli(['--help'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run cli -- \[--debug\] <command>/);
    expect(result.stdout).toContain('backup --out FILE.tar.gz');
  });
});

describe('npm run cli, database down', { timeout: 120_000 }, () => {
  it('says the failure in one line, exit code 1; --debug shows the stack', async () => {
    // Port 1: nothing listens, the connection is refused at once.
    const env = { DATA_DIR: tempDir('down'), DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' };
    const plain = await cli(['orders', 'list'], env);
    expect(plain.code).toBe(1);
    expect(plain.stderr.trim()).toMatch(/^Error: .*ECONNREFUSED/);
    expectOneLine(plain.stderr);

    const debug = await cli(['orders', 'list', '--debug'], env);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/ECONNREFUSED/);
    expect(debug.stderr).toMatch(/^\s+at /m);
  });
});

describe.skipIf(pgUrl)('npm run cli backup beside a running embedded server', () => {
  let dataDir: string;
  let base: string;
  let server: ChildProcess;

  beforeAll(async () => {
    dataDir = tempDir('beside');
    // Enough stored bytes that the archive cannot pass through the socket's buffers at once.
    mkdirSync(join(dataDir, 'files', 'bulk'), { recursive: true });
    for (let index = 0; index < 16; index += 1)
      writeFileSync(join(dataDir, 'files', 'bulk', `${index}.bin`), randomBytes(1_500_000));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        JWT_SECRET: SECRET,
        LOG_LEVEL: 'silent',
        MAIL_TRANSPORT: 'outbox',
        STORAGE: 'disk',
        SERVE_APP: 'false',
        BACKUP_EVERY_HOURS: '0',
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: 'ignore',
    });
    await until(
      'the server',
      async () => ((await fetch(`${base}/readyz`)).ok ? true : null),
      90_000,
    );
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
  });

  /** Starts a backup into a new directory and returns once the archive is being written there. */
  async function backupUnderWay() {
    const typedIn = tempDir('typed');
    const backup = startCli(['backup', '--out', 'b.tar.gz'], {
      DATA_DIR: dataDir,
      INIT_CWD: typedIn,
    });
    await until(
      'the archive to be under way',
      async () => (existsSync(join(typedIn, 'b.tar.gz.partial')) ? true : null),
      60_000,
      20,
    );
    return { typedIn, ...backup };
  }

  it(
    'stays up when the command line is killed during a backup, and answers the next one',
    { timeout: 120_000 },
    async () => {
      const { child, exited } = await backupUnderWay();
      // Stopped first: the server is left waiting to send the rest of the archive when it goes.
      child.kill('SIGSTOP');
      child.kill('SIGKILL');
      await exited;
      const next = await cli(['gift-codes', 'list'], { DATA_DIR: dataDir });
      expect(next.stderr).toBe('');
      expect(next.code).toBe(0);
      expect(server.exitCode).toBeNull();
      expect((await fetch(`${base}/readyz`)).ok).toBe(true);
    },
  );

  it('leaves no half-written archive when interrupted (Ctrl-C)', { timeout: 120_000 }, async () => {
    const { typedIn, child, exited } = await backupUnderWay();
    child.kill('SIGINT');
    expect((await exited).code).toBe(130);
    expect(readdirSync(typedIn)).toEqual([]);
  });

  it(
    'says in one line that the server was killed during a backup, exit code 1, no archive left',
    { timeout: 120_000 },
    async () => {
      const { typedIn, child, exited } = await backupUnderWay();
      // The command line stopped while the server is killed: the server cannot have finished.
      child.kill('SIGSTOP');
      const gone = once(server, 'exit');
      server.kill('SIGKILL');
      await gone;
      child.kill('SIGCONT');
      const result = await exited;
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(
        /^Error: The server closed the connection before the command finished, so .*b\.tar\.gz was not written/,
      );
      expectOneLine(result.stderr);
      expect(readdirSync(typedIn)).toEqual([]);
    },
  );
});

// Issue 28, « the box »: the mailbox answers the operator only (this machine directly, or its key),
// the data directory is the server's user's alone whatever the umask, the command line never makes a
// second database, never writes as another user and never prints a stack trace, crashes leave no
// debris (half backups swept, the « book ready » mail queued with the book's success), mail jobs have
// their own expiry, and processes starting together on PostgreSQL do not deadlock creating queues.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { bookBody, fullAccessUser, writtenChapter } from '../support/books.ts';
import { createUser, mailsTo } from '../support/factories.ts';
import { freePort, until } from '../support/processes.ts';
import { repoRoot } from '../../src/config.ts';
import { executeCommand } from '../../src/cli.ts';
import { checkOwner, CliRefusal, parseEnvFile } from '../../src/cli-environment.ts';
import { openDatabase } from '../../src/db/client.ts';
import { createJobQueue } from '../../src/jobs/queue.ts';
import { MAIL_JOB, MAIL_JOB_EXPIRY_SECONDS } from '../../src/modules/mail/service.ts';
import { mailboxLink, mailboxNotice } from '../../src/modules/system/mailbox-access.ts';
import { scheduleBackups, STALE_PARTIAL_MS, sweepPartials } from '../../src/backup/schedule.ts';

const pgUrl = process.env.TEST_DATABASE_URL || null;
const SECRET = 'box-test-secret-box-test-secret-0123456789';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `npm run cli`'s entry as the operator would; its exit code and both outputs. */
async function cliProcess(argv: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...argv], {
    cwd: join(repoRoot, 'server'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      CHAPITRES_ENV_FILE: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

function expectNoStackTrace(output: string) {
  expect(output).not.toMatch(/^\s+at /m);
  expect(output.trim().split('\n')).toHaveLength(1);
}

/** A data directory holding a created embedded database, as a server leaves it. */
async function dataDirWithDatabase(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'chapitres-box-'));
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'db') });
  await database.close();
  return dir;
}

describe('the mailbox', () => {
  const ctx = useTestApp({ env: { TRUST_PROXY: 'true' } });
  let email: string;
  beforeAll(async () => {
    email = (await createUser(ctx.app)).email;
    await mailsTo(ctx.app, email);
  });

  const get = (
    url: string,
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) => ctx.app.inject({ method: 'GET', url, ...options });
  const urls = ['/dev/mailbox', '/api/v1/dev/mailbox'];

  it('answers this machine asking the server directly (loopback socket, no proxy header)', async () => {
    for (const url of urls) {
      const answer = await get(url, { remoteAddress: '127.0.0.1' });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body).toContain(email);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect((await get('/dev/mailbox', { remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('is a 404 for a request relayed by a proxy, even one claiming 127.0.0.1 with TRUST_PROXY', async () => {
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
      { 'x-forwarded-host': 'localhost' },
      { 'x-forwarded-proto': 'http' },
      { via: '1.1 caddy' },
    ];
    for (const url of urls)
      for (const headers of relayed) {
        const answer = await get(url, { remoteAddress: '127.0.0.1', headers });
        expect(answer.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(answer.body).not.toContain(email);
      }
  });

  it('is a 404 for the home network and the internet: addresses are not trusted', async () => {
    for (const remoteAddress of ['192.168.1.30', '10.0.0.7', 'fd00::5', '203.0.113.5'])
      for (const url of urls) {
        const answer = await get(url, { remoteAddress });
        expect(answer.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(answer.body).not.toContain(email);
      }
  });

  it('answers the operator key from anywhere, and not a wrong one', async () => {
    const link = mailboxLink(ctx.config);
    const key = new URL(link).searchParams.get('key')!;
    expect(link).toBe(`http://chapitres.test/dev/mailbox?key=${key}`);
    for (const url of urls) {
      const answer = await get(`${url}?key=${key}`, {
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body).toContain(email);
    }
    // The page's filter keeps the key.
    expect((await get(`/dev/mailbox?key=${key}`)).body).toContain(`name="key" value="${key}"`);
    for (const wrong of [`${key.slice(0, -1)}x`, 'x', key.toUpperCase()])
      for (const url of urls) {
        // Even from this machine: a wrong key is a wrong key.
        const answer = await get(`${url}?key=${encodeURIComponent(wrong)}`);
        expect(answer.statusCode, `${url} ${wrong}`).toBe(404);
      }
  });

  it('is told by the command line and the start-up log', async () => {
    const lines: string[] = [];
    const output = { print: (l: string) => lines.push(l), writeFile() {}, stream: vi.fn() };
    await executeCommand(['mailbox', 'link'], ctx.app.services, output, {
      database: ctx.database,
      config: ctx.config,
    });
    expect(lines).toEqual([mailboxLink(ctx.config)]);
    const notice = mailboxNotice(ctx.config);
    expect(notice).toContain(mailboxLink(ctx.config));
    expect(notice).toContain('only on this machine');
  });
});

describe('the data directory', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function startWithUmask000(dataDir: string) {
    const port = await freePort();
    const child = spawn(
      '/bin/sh',
      ['-c', 'umask 000 && exec "$0" --import tsx src/server.ts', process.execPath],
      {
        cwd: join(repoRoot, 'server'),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          SERVE_APP: 'false',
          LOG_LEVEL: 'warn',
          BACKUP_EVERY_HOURS: '1',
        },
        stdio: 'ignore',
      },
    );
    await until(
      'the server',
      async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? true : null),
      120_000,
    );
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }

  function openEntries(root: string): string[] {
    const open: string[] = [];
    const walk = (path: string) => {
      const stat = lstatSync(path);
      if (!stat.isSymbolicLink() && stat.mode & 0o077)
        open.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    };
    walk(root);
    return open;
  }

  it('is created for the server user only, whatever the umask', { timeout: 180_000 }, async () => {
    const parent = mkdtempSync(join(tmpdir(), 'chapitres-umask-'));
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    await startWithUmask000(dataDir);
    expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(10);
    expect(openEntries(dataDir)).toEqual([]);
  });

  it(
    'is closed when an earlier start left it open to other users',
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-open-'));
      dirs.push(dataDir);
      mkdirSync(join(dataDir, 'files', 'u1'), { recursive: true });
      writeFileSync(join(dataDir, 'files', 'u1', 'photo.jpg'), 'jpeg');
      chmodSync(join(dataDir, 'files', 'u1', 'photo.jpg'), 0o666);
      chmodSync(join(dataDir, 'files', 'u1'), 0o777);
      chmodSync(join(dataDir, 'files'), 0o755);
      chmodSync(dataDir, 0o755);
      await startWithUmask000(dataDir);
      expect(openEntries(dataDir)).toEqual([]);
    },
  );
});

describe('the command line', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'refuses to make a new database where there is none, plainly',
    { timeout: 60_000 },
    async () => {
      const empty = mkdtempSync(join(tmpdir(), 'chapitres-nodb-'));
      dirs.push(empty);
      const result = await cliProcess(['gift-codes', 'list'], { DATA_DIR: empty });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`There is no database in ${empty}`);
      expectNoStackTrace(result.stderr);
      // Nothing was made: no database, no key.
      expect(readdirSync(empty)).toEqual([]);
    },
  );

  it(
    "finds the server's data directory in the service's settings file",
    { timeout: 120_000 },
    async () => {
      const dataDir = await dataDirWithDatabase();
      dirs.push(dataDir);
      const settings = join(dataDir, '..', `chapitres-${randomBytes(4).toString('hex')}.env`);
      writeFileSync(
        settings,
        `# the service's settings\nDATA_DIR=${dataDir}\nJWT_SECRET="${SECRET}"\n`,
      );
      try {
        const made = await cliProcess(
          ['gift-codes', 'create', '--count', '1', '--expires', '2099-12-31'],
          { CHAPITRES_ENV_FILE: settings },
        );
        expect(made.stderr).toBe('');
        expect(made.code).toBe(0);
        const listed = await cliProcess(['gift-codes', 'list'], { DATA_DIR: dataDir });
        expect(listed.stdout).toContain('2099-12-31');
      } finally {
        rmSync(settings, { force: true });
      }
      expect(parseEnvFile('A=1\n; c\nexport B = "two words"\nC=\'x\'\n#D=4')).toEqual({
        A: '1',
        B: 'two words',
        C: 'x',
      });
    },
  );

  it('answers an unknown order in one line, no stack trace', { timeout: 120_000 }, async () => {
    const dataDir = await dataDirWithDatabase();
    dirs.push(dataDir);
    for (const argv of [
      ['orders', 'export', '--id', 'nope', '--out', join(dataDir, 'out')],
      ['orders', 'mark', '--id', 'nope', '--status', 'shipped'],
    ]) {
      const result = await cliProcess(argv, { DATA_DIR: dataDir });
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr.trim()).toBe('No order nope');
    }
  });

  it('says a broken connection to the server in one line', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-sock-'));
    dirs.push(dataDir);
    mkdirSync(join(dataDir, 'db'));
    writeFileSync(join(dataDir, 'db', 'PG_VERSION'), '17\n');
    // A "server" that takes the command and closes without an answer.
    const server = createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => server.listen(join(dataDir, 'admin.sock'), resolve));
    try {
      const result = await cliProcess(['gift-codes', 'list'], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^Error: The (server closed|connection to the server broke)/);
      expectNoStackTrace(result.stderr);
    } finally {
      server.close();
    }
  });

  it(
    "refuses to write as another user than the data directory's owner",
    { timeout: 120_000 },
    async () => {
      // As root: a data directory given to nobody; otherwise root's own /.
      const root = process.getuid!() === 0;
      const owner = root ? 'nobody' : 'root';
      const dir = root ? await dataDirWithDatabase() : '/';
      if (root) {
        dirs.push(dir);
        const chownTree = (path: string) => {
          chownSync(path, 65534, 65534);
          if (lstatSync(path).isDirectory())
            for (const name of readdirSync(path)) chownTree(join(path, name));
        };
        chownTree(dir);
      }
      const attempt = () => checkOwner({ DATA_DIR: dir }, ['gift-codes', 'list']);
      expect(attempt).toThrow(CliRefusal);
      expect(attempt).toThrow(
        `Run it as the user ${owner}, e.g. sudo -u ${owner} npm run -s cli -- gift-codes list`,
      );
      if (!root) return;
      // The real command line, as root on nobody's data: refused, and not one file of root's left.
      const result = await cliProcess(['gift-codes', 'list'], { DATA_DIR: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('sudo -u nobody npm run -s cli -- gift-codes list');
      expectNoStackTrace(result.stderr);
      const rootOwned: string[] = [];
      const walk = (path: string) => {
        if (lstatSync(path).uid === 0) rootOwned.push(path);
        if (lstatSync(path).isDirectory())
          for (const name of readdirSync(path)) walk(join(path, name));
      };
      walk(dir);
      expect(rootOwned).toEqual([]);
    },
  );
});

describe('crash debris', () => {
  const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' }, workers: false });

  it('sweeps half-written backups at start, not one being written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chapitres-partials-'));
    try {
      const name = (hour: string) => `chapitres-2026-01-01T${hour}-00-00Z.tar.gz`;
      writeFileSync(join(dir, name('01')), 'complete');
      writeFileSync(join(dir, `${name('02')}.partial`), 'half');
      writeFileSync(join(dir, `${name('03')}.partial`), 'being written');
      const old = (Date.now() - STALE_PARTIAL_MS - 60_000) / 1000;
      utimesSync(join(dir, `${name('02')}.partial`), old, old);
      const warn = vi.fn();
      const schedule = scheduleBackups({
        database: ctx.database,
        config: { ...ctx.config, backups: { dir, keep: 7, everyHours: 24 } },
        log: { info: vi.fn(), warn, error: vi.fn() } as never,
      });
      schedule.stop();
      expect(readdirSync(dir).sort()).toEqual([name('01'), `${name('03')}.partial`]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`${name('02')}.partial`));
      expect(sweepPartials(dir, Date.now() + STALE_PARTIAL_MS)).toEqual([`${name('03')}.partial`]);
      expect(existsSync(join(dir, name('01')))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('queues the « book ready » mail with the book success: a worker killed between them loses neither', async () => {
    const user = await fullAccessUser(ctx.app);
    const chapters = [];
    for (let i = 0; i < 4; i++)
      chapters.push(await writtenChapter(ctx.app, user, `Souvenir ${i + 1}`, 1));
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      headers: user.auth,
      payload: bookBody(chapters.map((c) => c.id)),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const status = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/books/${id}`, headers: user.auth })
      ).json().generation_status as string;
    const readyMails = async () => {
      const { rows } = await ctx.database.sql.executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and data->>'to' = $2 and data->>'subject' like '%prêt%'`,
        [MAIL_JOB, user.email],
      );
      return (rows[0] as { n: number }).n;
    };

    // The process dies as the mail is queued, after the book's row was marked done.
    const queue = ctx.app.services.queue;
    const send = queue.send.bind(queue);
    vi.spyOn(queue, 'send').mockImplementationOnce(async (name, data, options) => {
      if (name === MAIL_JOB) throw new Error('worker killed');
      return send(name, data, options);
    });
    await expect(ctx.app.services.books.generate(id, 0)).rejects.toThrow('worker killed');
    expect(await status()).toBe('ongoing');
    expect(await readyMails()).toBe(0);

    // The job's retry finishes the book and queues its mail, once.
    vi.restoreAllMocks();
    await ctx.app.services.books.generate(id, 1);
    expect(await status()).toBe('success');
    expect(await readyMails()).toBe(1);
    await ctx.app.services.books.generate(id, 2);
    expect(await readyMails()).toBe(1);
  });

  it('gives mail jobs their own expiry and backed-off retries, not the 15-minute default', async () => {
    const { rows } = await ctx.database.sql.executeSql(
      `select expire_seconds, retry_limit, retry_delay, retry_backoff from pgboss.queue where name = $1`,
      [MAIL_JOB],
    );
    expect(rows[0]).toMatchObject({ expire_seconds: MAIL_JOB_EXPIRY_SECONDS, retry_backoff: true });
    expect(MAIL_JOB_EXPIRY_SECONDS).toBeLessThan(15 * 60);
    expect((rows[0] as { retry_limit: number }).retry_limit).toBeGreaterThanOrEqual(5);
    await ctx.app.services.mail.send('fr', 'expiry@example.org', {
      kind: 'book_ready',
      link: 'http://chapitres.test/book/x',
      name: 'Jeanne',
      title: 'Livre',
    });
    const job = await ctx.database.sql.executeSql(
      `select extract(epoch from expire_in)::int as seconds from pgboss.job where name = $1 and data->>'to' = $2`,
      [MAIL_JOB, 'expiry@example.org'],
    );
    expect((job.rows[0] as { seconds: number }).seconds).toBe(MAIL_JOB_EXPIRY_SECONDS);
  });
});

describe.runIf(pgUrl)('processes starting together on PostgreSQL', () => {
  it('create their queues without deadlock', { timeout: 300_000 }, async () => {
    const { default: pg } = await import('pg');
    const failures: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const name = `chapitres_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl! });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const target = new URL(pgUrl!);
      target.pathname = `/${name}`;
      try {
        const databases = await Promise.all(
          [0, 1, 2, 3].map(() =>
            openDatabase({ databaseUrl: target.toString(), dataDir: null, migrate: false }),
          ),
        );
        const results = await Promise.allSettled(
          databases.map(async (database) => {
            const queue = createJobQueue(database);
            // The app's queues and a few more: what a start of every process defines.
            for (const job of ['mail.send', 'book.generate', 'images.process', 'chat.reply'].concat(
              Array.from({ length: 8 }, (_, i) => `extra.q${i}`),
            ))
              queue.define(job, async () => {});
            await queue.start();
            await queue.stop();
          }),
        );
        for (const result of results)
          if (result.status === 'rejected') failures.push(String(result.reason));
        for (const database of databases) await database.close();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
    expect(failures).toEqual([]);
  });
});

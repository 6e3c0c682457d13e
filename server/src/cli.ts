// The operators' command line: `npm run cli -- <command>` (from the repository root or server/).
//   gift-codes create --count N --months 12 --expires 2027-12-31   prints new gift codes (kept hashed)
//   gift-codes list                                                 their state (hint, months, expiry, used)
//   access grant --email a@b.c --months 12                         gives someone full access
//   orders list                                                     printed-book orders and their state
//   orders export --id ID --out DIR                                 the order's frozen PDFs and address
//   orders mark --id ID --status sent_to_printer|shipped           records what the printer did
//   analytics report [--days 30]                                    daily active people, chapters started and
//                                                                   finished, onboarding drop-off by step
//   images renditions                                               makes the cards' display rendition of
//                                                                   pictures stored before it existed
//   mailbox link                                                    the kept mails' address for the operator
// It uses the same configuration as the server (DATABASE_URL, DATA_DIR…, read from the service's settings
// file too: cli-environment.ts), refuses to make a new database or to write files as another user than
// the data directory's owner, and works whether the server runs or not. PGlite is one process's
// database (db/lock.ts): beside a running embedded server the command is sent to that server, which
// runs it (admin-socket.ts); with the server stopped, or on PostgreSQL, the command line opens the
// database itself.
// It behaves like a tool: paths are taken from where the command was typed (npm's INIT_CWD), a mistake
// (usage, unknown id, bad value) is one line and exit code 2, a failure (database down, server gone,
// disk full) one line and exit code 1; `--debug` shows the whole error with its stack instead.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, type AppServices } from './app.ts';
import { ADMIN_SOCKET, askRunningServer, serverListens } from './admin-socket.ts';
import { ConfigError, loadConfig, resolveDataDir, type Config } from './config.ts';
import { checkDataDir, checkOwner, cliEnvironment, CliRefusal } from './cli-environment.ts';
import { lockDownDatabaseFiles, lockDownDataDir, PRIVATE_UMASK } from './data-dir.ts';
import { mailboxLink } from './modules/system/mailbox-access.ts';
import { unsupportedNode } from './node-version.ts';
import { restoreArchive, RESTORE_PAUSE_POINTS } from './backup/restore.ts';
import {
  BackupError,
  backupInto,
  describeBackup,
  partialFile,
  type BackupContext,
} from './backup/backup.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { addressLine, formatEuros, SIMULATED } from './modules/premium/service.ts';

const USAGE = `Usage: npm run cli -- [--debug] <command>
  gift-codes create --count N [--months 12] --expires YYYY-MM-DD
  gift-codes list
  access grant --email ADDRESS --months N
  orders list
  orders export --id ORDER_ID --out DIRECTORY
  orders mark --id ORDER_ID --status sent_to_printer|shipped
  analytics report [--days 30]
  images renditions                 makes the cards' rendition of pictures stored before it existed
  mailbox link                      the address of the kept mails (MAIL_TRANSPORT=outbox), for you alone
  backup --out FILE.tar.gz          the database, every stored file and the key, in one archive
  restore FILE.tar.gz               into an empty data directory (or database), server stopped
Paths are taken from the directory the command is typed in. --debug: a failure's whole error and stack.`;

/** Where a mistake sends the person: one line, never the whole usage. */
const SEE_HELP = 'Usage: npm run cli -- --help';

export class UsageError extends Error {}

function positiveInteger(value: string | undefined, name: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 10_000)
    throw new UsageError(`--${name} must be a whole number from 1 to 10000`);
  return number;
}

const COMMANDS = [
  'gift-codes create',
  'gift-codes list',
  'access grant',
  'orders list',
  'orders export',
  'orders mark',
  'analytics report',
  'images renditions',
  'mailbox link',
  'backup',
  'restore',
] as const;
type Command = (typeof COMMANDS)[number];

function parse(argv: string[]) {
  if (argv.includes('--help') || argv.includes('-h')) throw new UsageError(USAGE);
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        count: { type: 'string' },
        months: { type: 'string' },
        expires: { type: 'string' },
        email: { type: 'string' },
        id: { type: 'string' },
        out: { type: 'string' },
        status: { type: 'string' },
        days: { type: 'string' },
        debug: { type: 'boolean' }, // read by the entry point below
      },
    });
  } catch (error) {
    // An unknown option or one without its value: say which (node's first sentence), then where to look.
    const [which] = (error as Error).message.split(/\.\s/);
    throw new UsageError(`${which!.replace(/\.$/, '')}. ${SEE_HELP}`);
  }
}

/** A path as the person typed it: npm runs the command in server/ and says where it was typed. */
export function typedPath(path: string): string {
  return resolve(process.env.INIT_CWD || process.cwd(), path);
}

/** YYYY-MM-DD as a real day (2027-02-31 is not one), else null. */
function day(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T23:59:59Z`);
  return date.toISOString().slice(0, 10) === value ? date : null;
}

/** Where a command's output goes: lines to print, files to write (on the machine that asked). */
export interface CliOutput {
  print(line: string): void;
  writeFile(path: string, bytes: Buffer): void | Promise<void>;
  /** A file written piece by piece (a backup); it appears under `path` only once closed. */
  stream(path: string): {
    write(chunk: Buffer): void | Promise<void>;
    close(): Promise<void>;
    /** Gives up the file: nothing is left under its path (absent where the other side cleans up). */
    abort?(): void;
  };
}

/** What the backup and the mailbox link read besides the services. */
export type CliContext = BackupContext & {
  config: BackupContext['config'] & Pick<Config, 'publicUrl' | 'mail'>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An --id that cannot be an order's is no order (rather than a database error). */
const orderId = (id: string | undefined): string | null => (id && UUID.test(id) ? id : null);

/** Parses and checks a command line; UsageError before anything is opened. */
export function parseCommand(argv: string[]) {
  const { positionals, values } = parse(argv);
  const [group, action] = positionals;
  // The compiler checks that the switch of executeCommand has each one.
  const command = (
    group === 'backup' || group === 'restore' ? group : `${group} ${action}`
  ) as Command;
  if (!COMMANDS.includes(command))
    throw new UsageError(
      `${positionals.length ? `Unknown command "${positionals.join(' ')}"` : 'No command'}: ${COMMANDS.join(', ')}. ${SEE_HELP}`,
    );
  if (command === 'backup' && !values.out) throw new UsageError('backup needs --out FILE');
  if (command === 'restore' && !action)
    throw new UsageError('restore needs the archive: restore FILE');
  return { command, values, file: action };
}

/**
 * Runs a command on the services of an app: the command line's own (server stopped, or PostgreSQL), or
 * the running embedded server's, asked over its admin socket (admin-socket.ts).
 */
export async function executeCommand(
  argv: string[],
  services: Pick<AppServices, 'premium' | 'accounts' | 'storage' | 'analytics' | 'images'>,
  output: CliOutput,
  context: CliContext,
): Promise<void> {
  const { command, values } = parseCommand(argv);
  const { premium, accounts, storage, analytics, images } = services;
  const print = (line: string) => output.print(line);
  switch (command) {
    case 'gift-codes create': {
      const count = positiveInteger(values.count, 'count');
      const months = positiveInteger(values.months, 'months', 12);
      const expires = day(values.expires);
      if (!expires || expires.getTime() <= Date.now())
        throw new UsageError('--expires must be a future date, YYYY-MM-DD');
      for (const code of await premium.createGiftCodes(count, months, expires)) print(code);
      break;
    }
    case 'gift-codes list':
      for (const code of await premium.listGiftCodes())
        print(
          [
            `…${code.hint}`,
            `${code.months} months`,
            `expires ${code.expiresAt.toISOString().slice(0, 10)}`,
            code.redeemedAt
              ? `used ${code.redeemedAt.toISOString().slice(0, 10)}`
              : code.expiresAt.getTime() < Date.now()
                ? 'expired'
                : 'unused',
          ].join('\t'),
        );
      break;
    case 'access grant': {
      const months = positiveInteger(values.months, 'months');
      const user = values.email ? await accounts.findByEmail(values.email) : null;
      if (!user) throw new UsageError(`No account for ${values.email ?? '(no --email)'}`);
      await premium.grant(user.id, months);
      print(`${user.email}: ${months} more months of full access`);
      break;
    }
    case 'orders list':
      for (const order of await premium.listAllOrders())
        print(
          [
            order.id,
            order.status,
            order.createdAt.toISOString().slice(0, 10),
            // The simulator took no money: said on every line it paid (issue 28).
            order.provider === 'demo'
              ? `${formatEuros(order.amount, 'fr')} (${SIMULATED.fr})`
              : formatEuros(order.amount, 'fr'),
            order.bookTitle,
            addressLine(order.shipping),
          ].join('\t'),
        );
      break;
    case 'orders export': {
      const order = orderId(values.id) ? await premium.findOrder(values.id!) : null;
      if (!order) throw new UsageError(`No order ${values.id ?? '(no --id)'}`);
      if (!values.out) throw new UsageError('--out DIRECTORY is required');
      const dir = typedPath(values.out);
      for (const name of ['interior.pdf', 'cover.pdf']) {
        const file = await storage.get(`${order.filesPrefix}/${name}`);
        if (!file) throw new Error(`The order's ${name} is missing from storage`);
        await output.writeFile(join(dir, name), file.bytes);
      }
      await output.writeFile(
        join(dir, 'order.json'),
        Buffer.from(
          JSON.stringify(
            {
              id: order.id,
              title: order.bookTitle,
              pages: order.pageCount,
              format: 'A5 (148 × 210 mm)',
              shipping: order.shipping,
              paid_at: order.createdAt,
              amount_cents: order.amount,
              currency: order.currency.toUpperCase(),
              paid_with_credit: order.paidWithCredit,
              // true: paid through the built-in simulator, no money was received for it.
              simulated: order.provider === 'demo',
              ...(order.provider === 'demo' ? { payment: SIMULATED.fr } : {}),
            },
            null,
            2,
          ),
        ),
      );
      print(`Exported to ${dir}: interior.pdf, cover.pdf, order.json`);
      break;
    }
    case 'analytics report': {
      const days = positiveInteger(values.days, 'days', 30);
      print(`day\tactive people\tchapters started\tchapters finished`);
      for (const row of await analytics.daily(days))
        print([row.day, row.activePeople, row.chaptersStarted, row.chaptersFinished].join('\t'));
      print('');
      print('onboarding left at step\tpeople');
      for (const row of await analytics.wizardDropOff(days)) print(`${row.step}\t${row.count}`);
      break;
    }
    case 'images renditions': {
      const { checked, made, unreadable } = await images.addMissingRenditions();
      print(
        `${checked} pictures checked: ${made} display renditions made` +
          (unreadable ? `, ${unreadable} pictures unreadable (see the warnings above)` : ''),
      );
      break;
    }
    case 'orders mark': {
      const status = values.status;
      if (status !== 'sent_to_printer' && status !== 'shipped')
        throw new UsageError('--status must be sent_to_printer or shipped');
      if (!orderId(values.id) || !(await premium.setOrderStatus(values.id!, status)))
        throw new UsageError(`No order ${values.id ?? '(no --id)'}`);
      print(`${values.id}: ${status}`);
      break;
    }
    case 'mailbox link':
      if (context.config.mail.transport !== 'outbox')
        throw new UsageError('Mails are sent (MAIL_TRANSPORT=smtp): there is no mailbox.');
      print(mailboxLink(context.config));
      break;
    case 'backup': {
      const out = typedPath(values.out!);
      print(describeBackup(out, await backupInto(output.stream(out), context)));
      break;
    }
    case 'restore':
      // Reached only through a running server's socket (runCli restores directly otherwise).
      throw new UsageError(
        'The server is running on this data directory: stop it first. A backup is restored into an empty data directory.',
      );
    default: {
      const missing: never = command;
      throw new UsageError(`${String(missing)} has no handler`);
    }
  }
}

/**
 * `npm run cli -- …`. With the embedded database and the server running, the server runs the command
 * itself (its admin socket in DATA_DIR), so what it does is seen at once and nothing is written beside
 * it; otherwise the command line opens the database itself (PostgreSQL: always, beside any server).
 */
export async function runCli(argv: string[], print: (line: string) => void = console.log) {
  if (argv.includes('--help') || argv.includes('-h')) return print(USAGE);
  const { command, file } = parseCommand(argv); // a usage error before anything is opened
  const { env } = cliEnvironment(process.env);
  if (command === 'restore') {
    checkOwner(env, argv);
    const archive = typedPath(file!);
    if (!existsSync(archive)) throw new UsageError(`There is no file ${archive}.`);
    return restore(archive, print, env);
  }
  checkDataDir(env);
  const output: CliOutput = {
    print,
    writeFile(path, bytes) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
    },
    stream: unfinishedRemoved,
  };
  const config = loadConfig({
    ...env,
    SERVE_APP: 'false',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  });
  if (
    !config.databaseUrl &&
    (await askRunningServer(config.dataDir, withAbsolutePaths(argv), output))
  )
    return;
  checkOwner(env, argv);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
  });
  if (database.kind === 'pglite') lockDownDatabaseFiles(config.dataDir);
  const app = await buildApp(config, { database, logger: false });
  try {
    await executeCommand(argv, app.services, output, { database, config });
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * `npm run cli -- restore FILE`: the server stopped, restores all or nothing (backup/restore.ts); run
 * again after an interruption, it starts over.
 */
async function restore(
  file: string,
  print: (line: string) => void,
  env: Record<string, string | undefined>,
) {
  const path = resolve(file);
  const dataDir = resolveDataDir(env);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (!databaseUrl && existsSync(join(dataDir, ADMIN_SOCKET)) && (await serverListens(dataDir)))
    throw new UsageError(
      'The server is running on this data directory: stop it first. A backup is restored into an empty data directory.',
    );
  // The settings are checked before anything changes; the key is read after the restore put it back.
  loadConfig({ ...env, SERVE_APP: 'false', JWT_SECRET: env.JWT_SECRET || 'x'.repeat(32) });
  const pauseAt = env.CHAPITRES_RESTORE_PAUSE_AT?.trim() || null;
  const manifest = await restoreArchive(
    path,
    { dataDir, databaseUrl },
    { pauseAt: RESTORE_PAUSE_POINTS.find((point) => point === pauseAt) ?? null },
  );
  const config = loadConfig({ ...env, SERVE_APP: 'false' });
  lockDownDataDir(config.dataDir);
  lockDownDatabaseFiles(config.dataDir);
  print(
    `Restored ${describeBackup(path, manifest)} into ${config.databaseUrl ? 'the database' : config.dataDir}`,
  );
  if (createHash('sha256').update(config.jwtSecret).digest('hex') !== manifest.secret_sha256)
    print(
      "The signing key differs from the backed-up server's (JWT_SECRET): people must sign in again, and links shared before the backup (stories, files) no longer open. Set JWT_SECRET to the old value to keep them.",
    );
}

/**
 * What is sent to the running server: `--out DIR` resolved here, where the person typed it, not in the
 * server's working directory; `--debug` kept here (the failure's stack comes back with its answer).
 */
function withAbsolutePaths(argv: string[]): string[] {
  return argv
    .filter((arg) => arg !== '--debug')
    .map((arg, index, args) =>
      args[index - 1] === '--out'
        ? typedPath(arg)
        : arg.startsWith('--out=')
          ? `--out=${typedPath(arg.slice(6))}`
          : arg,
    );
}

/** Archives being written by this process (partialFile), given up if it is interrupted. */
const unfinished = new Set<ReturnType<typeof partialFile>>();

/** A file written under a temporary name (backup.ts partialFile), given up if it is not finished. */
function unfinishedRemoved(path: string): ReturnType<CliOutput['stream']> {
  const file = partialFile(path);
  unfinished.add(file);
  return {
    write: (chunk) => file.write(chunk),
    async close() {
      unfinished.delete(file);
      await file.close();
    },
    abort() {
      unfinished.delete(file);
      file.abort();
    },
  };
}

/**
 * What the command line prints for an error: its message, never a stack trace. A usage message is
 * shown whole; anything else in one line (a database error: its own message, not the query).
 */
export function plainError(error: unknown): string {
  const firstLine = (message: string) => message.split('\n')[0]!.trim();
  if (
    error instanceof UsageError ||
    error instanceof CliRefusal ||
    error instanceof DataDirLockedError ||
    error instanceof BackupError
  )
    return firstLine(error.message);
  if (error instanceof ConfigError) return `Configuration error: ${firstLine(error.message)}`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const message =
    error instanceof Error
      ? cause && error.message.startsWith('Failed query')
        ? cause.message
        : error.message
      : String(error);
  return `Error: ${firstLine(message) || 'the command failed'}`;
}

/** Exit code 2 for a mistake in the command, 1 for a failure. */
export const exitCode = (error: unknown): 1 | 2 => (error instanceof UsageError ? 2 : 1);

if (import.meta.url === `file://${process.argv[1]}`) {
  // What the command line creates (a restored data directory, exported files) is for this user only.
  process.umask(PRIVATE_UMASK);
  const debug = process.argv.includes('--debug');
  const say = (error: unknown) => console.error(debug ? error : plainError(error));
  const fail = (error: unknown) => {
    say(error);
    for (const file of unfinished) file.abort();
    process.exit(exitCode(error));
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  // Interrupted (Ctrl-C): no half-written archive is left behind; a server asked keeps running.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      for (const file of unfinished) file.abort();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  const tooOld = unsupportedNode(process.versions.node);
  if (tooOld) fail(new CliRefusal(tooOld));
  runCli(process.argv.slice(2)).catch((error: unknown) => {
    say(error);
    process.exitCode = exitCode(error);
  });
}

// What the command line works on: the server's own data, never a new empty one beside it.
//   - Settings: the environment, over the service's settings file (deploy/chapitres.service reads
//     /etc/chapitres/chapitres.env; CHAPITRES_ENV_FILE names another), so `npm run cli` on the box finds
//     the DATA_DIR and DATABASE_URL the service uses without repeating them.
//   - The embedded database must already be there: the command line never creates one (only `restore`
//     fills an empty data directory).
//   - Files are written as their owner: a command run by another account (root) would leave files the
//     server cannot open afterwards, so it is refused with the command to type instead.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resolveDataDir } from './config.ts';

export const SERVICE_ENV_FILE = '/etc/chapitres/chapitres.env';

type Env = Record<string, string | undefined>;

/** A refusal the command line prints as it is (exit code 1), with no stack trace. */
export class CliRefusal extends Error {}

/** systemd's EnvironmentFile format: VARIABLE=value a line, # or ; comments, optional quotes. */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!.trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]!))
      value = value.slice(1, -1);
    values[match[1]!] = value;
  }
  return values;
}

/** The environment the command line runs with: the process's own over the service's settings file. */
export function cliEnvironment(env: Env = process.env): { env: Env; file: string | null } {
  const named = env.CHAPITRES_ENV_FILE?.trim();
  const file = named || (existsSync(SERVICE_ENV_FILE) ? SERVICE_ENV_FILE : null);
  if (!file) return { env, file: null };
  let text: string;
  try {
    accessSync(file, constants.R_OK);
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CliRefusal(
      existsSync(file)
        ? `Cannot read the server's settings in ${file}. Run the command as the service's user, with the file readable by its group: sudo chgrp chapitres ${file} && sudo chmod 640 ${file}`
        : `There is no settings file ${file} (CHAPITRES_ENV_FILE).`,
    );
  }
  const fromFile = parseEnvFile(text);
  // A variable set (even empty) in the environment wins over the file.
  return { env: { ...fromFile, ...env }, file };
}

/** The name of the account with this uid (/etc/passwd), or the number. */
function userName(uid: number): string {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (name && Number(id) === uid) return name;
    }
  } catch {
    // no passwd file: the number will do
  }
  return String(uid);
}

/**
 * Refuses a command line that would write into the data directory as another account than its owner
 * (root's files there would stop the server), with the command to type instead. Asked before the
 * command line opens the database itself; a command handed to the running server is run by the server.
 */
export function checkOwner(env: Env, argv: string[]) {
  const dataDir = resolveDataDir(env);
  if (!existsSync(dataDir) || typeof process.getuid !== 'function') return;
  const owner = statSync(dataDir).uid;
  const me = process.getuid();
  if (owner === me) return;
  const name = userName(owner);
  throw new CliRefusal(
    `The data directory ${dataDir} belongs to the user ${name}, and this command runs as ${userName(me)}: files it wrote there would be unreadable by the server. Run it as the user ${name}, e.g. sudo -u ${name} npm run -s cli -- ${argv.join(' ')}`,
  );
}

/**
 * Refuses, with what to do instead, a command line that would work on something else than the server's
 * data: no database there (it would make a new, empty one).
 */
export function checkDataDir(env: Env) {
  const dataDir = resolveDataDir(env);
  const databaseUrl = env.DATABASE_URL?.trim();
  const where = `${dataDir} (DATA_DIR${env.DATA_DIR?.trim() ? '' : ', not set: the default'})`;
  const s3WithSecret = env.STORAGE?.trim() === 's3' && Boolean(env.JWT_SECRET?.trim());
  if (databaseUrl) {
    if (!existsSync(dataDir) && !s3WithSecret)
      throw new CliRefusal(
        `There is no data directory ${where}. Point DATA_DIR at the server's (or CHAPITRES_ENV_FILE at its settings file): the command line does not make a new one.`,
      );
    return;
  }
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION')))
    throw new CliRefusal(
      `There is no database in ${where}. Point DATA_DIR at the server's data directory (or CHAPITRES_ENV_FILE at its settings file, ${SERVICE_ENV_FILE} by default), or start the server once to create it: the command line does not make a new, empty one.`,
    );
}

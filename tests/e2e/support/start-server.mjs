// Starts the real API server (serving the built app) on a fresh data directory for the browser journeys.
// Before it starts, the operators' command line makes a few gift codes in that data directory (the embedded
// database is one process's: the command must run first) and writes them to .tmp/e2e-gift-codes-<port>.txt.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedServerEnv } from './server-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
// One data folder per port, so two runs on different ports (E2E_PORT) never share a database.
const dataDir = join(root, '.tmp', `e2e-data-${process.env.E2E_PORT ?? '3100'}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

if (
  !existsSync(join(root, 'dist', 'index.html')) ||
  !existsSync(join(root, 'server', 'dist', 'server.js'))
) {
  console.error('dist/ or server/dist/ is missing: run `npm run build` before the journeys.');
  process.exit(1);
}

const port = process.env.E2E_PORT ?? '3100';
const serverDir = join(root, 'server');
const env = embeddedServerEnv({ port, publicUrl: `http://127.0.0.1:${port}`, dataDir });

// Gift codes for the premium journeys, valid for two more years.
const GIFT_CODES = 5;
const giftCodesFile = join(root, '.tmp', `e2e-gift-codes-${process.env.E2E_PORT ?? '3100'}.txt`);
rmSync(giftCodesFile, { force: true });
const expires = new Date(Date.now() + 2 * 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
const cli = spawnSync(
  process.execPath,
  [
    'dist/cli.js',
    'gift-codes',
    'create',
    '--count',
    String(GIFT_CODES),
    '--months',
    '12',
    '--expires',
    expires,
  ],
  { cwd: serverDir, env, encoding: 'utf8', timeout: 60_000 },
);
const codes = (cli.stdout ?? '')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/.test(line));
if (cli.error || cli.status !== 0 || codes.length !== GIFT_CODES) {
  console.error(
    `Creating the gift codes failed (status ${cli.status}, ${cli.error ?? 'no spawn error'}):\n` +
      `${cli.stdout ?? ''}\n${cli.stderr ?? ''}`,
  );
  process.exit(1);
}
writeFileSync(giftCodesFile, `${codes.join('\n')}\n`);

// The compiled server, as `npm start` runs it.
const child = spawn(process.execPath, ['dist/server.js', '--role=all'], {
  cwd: serverDir,
  stdio: 'inherit',
  env,
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => process.exit(code ?? 0));

// Starts the real API server (serving the built app) on a fresh data directory for the browser journeys.
// The server starts once to create its database and stops; the operators' command line then makes a few gift
// codes in that data directory (the embedded database is one process's) and writes them to
// .tmp/e2e-gift-codes-<port>.txt; then the server starts for the journeys.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
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

/** Starts the compiled server, as `npm start` runs it (on another port: `PORT`). */
function startServer(overrides = {}) {
  return spawn(process.execPath, ['dist/server.js', '--role=all'], {
    cwd: serverDir,
    stdio: 'inherit',
    env: { ...env, ...overrides },
  });
}

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

// The command line never creates a database of its own (it would not be the server's): the server's
// first start creates it, then stops, so that the command line can open it alone. That first start
// listens on another port, so that Playwright, waiting for the journeys' port, never takes it for the
// server the journeys use.
{
  const firstPort = await freePort();
  const first = startServer({ PORT: String(firstPort) });
  const exited = new Promise((resolve) => first.once('exit', resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${firstPort}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (first.exitCode !== null || Date.now() > deadline) {
      console.error('The server did not start to create its database.');
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  first.kill('SIGTERM');
  await exited;
}

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

const child = startServer();
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => process.exit(code ?? 0));

// Starts the real API server (serving the built app) on a fresh data directory for the browser journeys.
import { spawn } from 'node:child_process';
import { existsSync, rmSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = join(root, '.tmp', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

if (!existsSync(join(root, 'dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` before the journeys.');
  process.exit(1);
}

const port = process.env.E2E_PORT ?? '3100';
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts', '--role=all'], {
  cwd: join(root, 'server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'outbox',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
    STRIPE_SECRET_KEY: '',
    REDIS_URL: '',
    // Journeys sign up many accounts from one address: loosen the per-IP limits, keep them enforced.
    RATE_LIMIT_MULTIPLIER: '50',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => process.exit(code ?? 0));

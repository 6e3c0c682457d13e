// The environment of a server the journeys and the offline bench start for themselves: the compiled
// server on embedded defaults (PGlite, files on disk, the mail outbox), nothing remote, on its own
// port and data folder, with the allocator settings `npm start` uses (server/src/malloc-env.ts).
// Plain JavaScript so that start-server.mjs and scripts/ can use it as well as the TypeScript specs.
import { readFileSync } from 'node:fs';

const mallocEnv = Object.fromEntries(
  [
    ...readFileSync(new URL('../../../server/src/malloc-env.ts', import.meta.url), 'utf8').matchAll(
      /^\s+(MALLOC_\w+): '([^']+)',$/gm,
    ),
  ].map(([, name, value]) => [name, value]),
);
if (Object.keys(mallocEnv).length === 0)
  throw new Error('server/src/malloc-env.ts: MALLOC_ENV was not found');

/**
 * @param {{ port: number | string, publicUrl: string, dataDir: string }} where
 * @returns {NodeJS.ProcessEnv}
 */
export function embeddedServerEnv({ port, publicUrl, dataDir }) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
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
    // No automatic backup in the middle of a journey (server/test/integration/backup-schedule.test.ts).
    BACKUP_EVERY_HOURS: '0',
    ...mallocEnv,
  };
}

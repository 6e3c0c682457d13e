// Builds the whole app for a test file on its own fresh database: a copy of the migrated PGlite
// template, or a new PostgreSQL database when TEST_DATABASE_URL is set (dropped afterwards).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { createInterviewer } from '../../src/providers/interviewer/index.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { templatePath } from './global-setup.ts';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
}

export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `chapitres_test_${randomBytes(6).toString('hex')}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), dataDir: null });
    return {
      database,
      drop: async () => {
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite({ loadDataDir: new Blob([readFileSync(templatePath())]) });
  const database = await openDatabase({ databaseUrl: null, dataDir: null, pglite });
  return { database, drop: async () => {} };
}

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-test-'));
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://chapitres.test',
    LOG_LEVEL: 'silent',
    SERVE_APP: 'false',
    MAIL_TRANSPORT: 'outbox',
    // Tests create many people from one address; rate-limit.test.ts sets it back to 1.
    RATE_LIMIT_MULTIPLIER: '100',
    ...env,
  });
}

/** Registers beforeAll/afterAll for a whole app; the returned object is filled once it is built. */
export function useTestApp(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps>; workers?: boolean } = {},
): TestContext {
  const context = {} as TestContext;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const config = testConfig(options.env);
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const app = await buildApp(config, {
      logger: false,
      ...options.deps,
      database: fresh.database,
    });
    await app.ready();
    if (options.workers !== false) await app.services.queue.work();
    Object.assign(context, { app, config, database: fresh.database });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    await drop();
    if (context.config) rmSync(context.config.dataDir, { recursive: true, force: true });
  });
  return context;
}

/**
 * A whole app whose biographer is the model-server one, pointed at a local fake (support/fake-openai.ts):
 * no retries and a short budget, so a scripted failure shows at once.
 */
export function useTestAppWithRemoteInterviewer(
  fakeUrl: string,
  env: Record<string, string> = { FREE_CHAPTERS: '1000' },
): TestContext {
  return useTestApp({
    env,
    deps: {
      interviewer: createInterviewer({
        openaiBaseUrl: fakeUrl,
        openaiApiKey: 'test',
        timeoutMs: 3000,
        maxRetries: 0,
      }),
    },
  });
}

// Two `--role=api` and two `--role=worker` processes started at the same instant on a new, empty
// PostgreSQL database, ten times over: every one of them comes up (the APIs' /readyz, the workers'
// health check on HEALTH_PORT) and none exits. They race each other into the app's migrations and
// pg-boss's schema and queues. Runs with the PostgreSQL suite (TEST_DATABASE_URL).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { freePort, until } from '../support/processes.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 10;

interface Started {
  role: 'api' | 'worker';
  port: number;
  child: ChildProcess;
  /** What the process wrote on stderr, shown when it fails. */
  stderr: string[];
}

async function admin(query: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function start(
  role: 'api' | 'worker',
  port: number,
  databaseUrl: string,
  dataDir: string,
): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts', `--role=${role}`], {
    cwd: join(repoRoot, 'server'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      ...(role === 'api' ? { PORT: String(port) } : { HEALTH_PORT: String(port) }),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: 'parallel-start-test-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      SERVE_APP: 'false',
      RATE_LIMIT_MULTIPLIER: '100',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (text: string) => stderr.push(text));
  return { role, port, child, stderr };
}

async function stop({ child }: Started): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

function describeProcess(started: Started): string {
  const exit = started.child.exitCode ?? started.child.signalCode;
  return `${started.role} on ${started.port} (exit ${exit ?? 'none'}): ${started.stderr.join('').trim() || 'no stderr'}`;
}

describe.runIf(adminUrl)('processes started together on one PostgreSQL database', () => {
  let dataDir = '';
  // The round under way, stopped and dropped here too if the test times out in the middle of it.
  let current: { name: string; processes: Started[] } | null = null;
  const cleanUp = async () => {
    if (!current) return;
    const { name, processes } = current;
    current = null;
    await Promise.all(processes.map(stop));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'chapitres-parallel-start-'));
  });
  afterAll(async () => {
    await cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`two APIs and two workers all come up, ${ROUNDS} times on a new database`, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const name = `parallel_start_${randomBytes(6).toString('hex')}`;
      await admin(`CREATE DATABASE ${name}`);
      current = { name, processes: [] };
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      const ports = [await freePort(), await freePort(), await freePort(), await freePort()];
      const processes = [
        start('api', ports[0]!, url.toString(), dataDir),
        start('api', ports[1]!, url.toString(), dataDir),
        start('worker', ports[2]!, url.toString(), dataDir),
        start('worker', ports[3]!, url.toString(), dataDir),
      ];
      current.processes = processes;
      try {
        await Promise.all(
          processes.map((started) =>
            Promise.race([
              until(
                `round ${round}: ${started.role} on ${started.port} to be ready`,
                async () => {
                  const response = await fetch(`http://127.0.0.1:${started.port}/readyz`);
                  return response.ok ? ((await response.json()) as { checks: object }) : null;
                },
                60_000,
              ),
              // A process that exits fails the round at once, with what it said.
              once(started.child, 'exit').then(() => {
                throw new Error(`round ${round}: ${describeProcess(started)}`);
              }),
            ]),
          ),
        ).then((answers) => {
          // An API checks its database and sends jobs; a worker checks its database and works them.
          expect(answers.slice(0, 2)).toEqual(
            Array(2).fill(
              expect.objectContaining({
                checks: expect.objectContaining({ database: 'ok', queue: 'not in this process' }),
              }),
            ),
          );
          expect(answers.slice(2)).toEqual(
            Array(2).fill(expect.objectContaining({ checks: { database: 'ok', queue: 'ok' } })),
          );
        });
        // `until` returns as soon as a probe answers: a process that died meanwhile is caught here.
        for (const started of processes)
          expect(started.child.exitCode, describeProcess(started)).toBeNull();
      } finally {
        await cleanUp();
      }
    }
  }, 300_000);
});

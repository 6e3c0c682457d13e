// Start-up of the real, compiled server (`node dist/server.js`, on PGlite, as `npm start` runs it): time until /readyz
// answers on an empty DATA_DIR (a new database cluster) and on a restart, with the process's RSS then
// and at its peak, with the allocator settings `npm start` gives it (src/malloc-env.ts). `npx tsx bench/startup.ts`, also run at the end of `npm run bench`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../src/config.ts';
import { MALLOC_ENV } from '../src/malloc-env.ts';
import { freePort, memoryOf } from './support.ts';

const IDLE_WAIT_MS = 5000;

async function startOnce(dataDir: string, label: string) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: join(repoRoot, 'server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...MALLOC_ENV,
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() - started > 120_000) throw new Error('the server did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const readyMs = Date.now() - started;
    const atReady = memoryOf(child.pid!);
    // Idle: the queue's first polls and the maintenance done, nothing asked of it.
    await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
    const idle = memoryOf(child.pid!);
    console.log(
      `${label.padEnd(12)} ready in ${String(readyMs).padStart(5)} ms | RSS at ready ${atReady.rssMb} MB, idle ${IDLE_WAIT_MS / 1000} s later ${idle.rssMb} MB (peak ${idle.peakMb} MB)`,
    );
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function measureStartup(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapitres-start-'));
  try {
    await startOnce(dataDir, 'first start');
    await startOnce(dataDir, 'restart');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await measureStartup();

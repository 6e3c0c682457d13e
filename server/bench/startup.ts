// Start-up of the real, compiled server (`node dist/server.js`, on PGlite, as `npm start` runs it): time until /readyz
// answers on an empty DATA_DIR (a new database cluster) and on a restart, with the process's RSS then
// and at its peak, with the allocator settings `npm start` gives it (src/malloc-env.ts). `npx tsx bench/startup.ts`, also run at the end of `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { memoryOf, startCompiledServer } from './support.ts';

const IDLE_WAIT_MS = 5000;

async function startOnce(dataDir: string, label: string) {
  const { child, readyMs } = await startCompiledServer(dataDir);
  try {
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

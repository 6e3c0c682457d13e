// One process owns an embedded database directory. PGlite is a whole PostgreSQL inside one process: a
// second process opening the same files (a second server, or the command line beside a running one)
// works on its own copy in memory, and one of the two loses its writes, or both damage the files.
// The owner writes its pid in a lock file created exclusively; a lock whose process is gone (killed,
// power cut) is stale and taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'chapitres.lock';

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

interface LockContent {
  pid: number;
  host: string;
  since: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockContent;
  } catch {
    return null; // gone meanwhile, or half-written by a process that died writing it
  }
}

export interface DataDirLock {
  release(): void;
}

/** Takes the lock on `dir` for this process, or throws DataDirLockedError naming the owner. */
export function lockDataDir(dir: string): DataDirLock {
  const path = join(dir, LOCK_FILE);
  const content: LockContent = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(content));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readLock(path);
    const stale =
      owner === null ||
      (owner.host === content.host && owner.pid !== process.pid && !alive(owner.pid));
    if (!stale) {
      throw new DataDirLockedError(
        `${dir} is in use by another Chapitres process (pid ${owner.pid} on ${owner.host}, since ${owner.since}). ` +
          'The embedded database belongs to one process at a time: stop that server first. ' +
          `If you are sure none runs, delete ${path}.`,
      );
    }
    rmSync(path, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock ${path}: another process keeps taking it.`);
}

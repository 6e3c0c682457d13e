// A restore in progress leaves a marker in the data directory, written before anything is changed and
// removed only once every row and file is in place. A server never starts while it is there: the
// directory may be half restored (server.ts), and `npm run cli -- restore FILE` run again clears what
// the interrupted one left and starts over (backup/restore.ts).
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** The marker's name in DATA_DIR. */
export const RESTORE_MARKER = 'RESTORE-IN-PROGRESS.json';

export interface RestoreMarker {
  /** The archive being restored (an absolute path). */
  archive: string;
  started_at: string;
  /**
   * DATA_DIR/secrets.json was there before the restore began, so it is the operator's and is kept; when
   * false, one found by a restore run again was put there by the interrupted one. Unknown counts as true.
   */
  secrets_before: boolean;
}

/** The marker of an interrupted restore, or null. An unreadable marker still counts as one. */
export function readRestoreMarker(dataDir: string): RestoreMarker | null {
  const path = join(dataDir, RESTORE_MARKER);
  if (!existsSync(path)) return null;
  try {
    const marker = JSON.parse(readFileSync(path, 'utf8')) as Partial<RestoreMarker>;
    return {
      archive: typeof marker.archive === 'string' ? marker.archive : 'FILE.tar.gz',
      started_at: typeof marker.started_at === 'string' ? marker.started_at : 'unknown',
      secrets_before: marker.secrets_before !== false,
    };
  } catch {
    return { archive: 'FILE.tar.gz', started_at: 'unknown', secrets_before: true };
  }
}

/** Flushes a directory's entries (a file created, renamed or removed in it) to the disk. */
export function fsyncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes the marker, on the disk before anything else of the restore is. */
export function writeRestoreMarker(dataDir: string, marker: RestoreMarker): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const fd = openSync(join(dataDir, RESTORE_MARKER), 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(marker, null, 2));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  fsyncDirectory(dataDir);
}

/** Removes the marker: the restore is over, done or undone. */
export function clearRestoreMarker(dataDir: string): void {
  rmSync(join(dataDir, RESTORE_MARKER), { force: true });
  if (existsSync(dataDir)) fsyncDirectory(dataDir);
}

/** What a server says, and does not start, when a restore of its data directory did not finish. */
export function interruptedRestoreMessage(dataDir: string): string | null {
  const marker = readRestoreMarker(dataDir);
  if (!marker) return null;
  return (
    `A restore of ${marker.archive} into ${dataDir} started at ${marker.started_at} and did not finish: ` +
    `the data may be incomplete, so the server does not start. Run the restore again ` +
    `(npm run cli -- restore ${marker.archive}); it starts over and finishes the job.`
  );
}

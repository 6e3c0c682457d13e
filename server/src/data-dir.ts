// The data directory belongs to the server's user alone: the database, photos, voices, books and the
// secret key are never readable by another local account, whatever the umask of whoever started it
// (README « Run it » by hand, systemd's UMask=0077, a container).
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Files and folders created from here on: for this user only (group and others get nothing). */
export const PRIVATE_UMASK = 0o077;

/**
 * Creates DATA_DIR for this user only, and takes group and other permissions away from everything in
 * it when the directory itself is open (made by hand, or by a version that did not do this): one walk,
 * once, after which the directory is 700 and later starts look at it alone.
 */
export function lockDownDataDir(dataDir: string): { fixed: number } {
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    return { fixed: 0 };
  }
  if ((statSync(dataDir).mode & 0o077) === 0) return { fixed: 0 };
  return { fixed: closeTree(dataDir) };
}

/**
 * The embedded database's files: PGlite (its WebAssembly file system) sets them 666 whatever the umask.
 * The folders above are 700, so no other account can reach them anyway; they are closed too, after the
 * database is opened (about a thousand files, a few milliseconds), so what is on disk says the truth.
 */
export function lockDownDatabaseFiles(dataDir: string): number {
  const db = join(dataDir, 'db');
  return existsSync(db) ? closeTree(db) : 0;
}

/** Takes group and other permissions away from `root` and everything under it; how many it changed. */
function closeTree(root: string): number {
  let fixed = 0;
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return; // its target is not ours to change
    if (stat.mode & 0o077) {
      chmodSync(path, stat.mode & 0o700);
      fixed += 1;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return fixed;
}

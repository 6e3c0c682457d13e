// Backup against restore on the embedded database: a data directory holding ~100 MB of photo-like
// files (random bytes, which compress no better than JPEG), backed up to a .tar.gz, then restored into
// an empty data directory the way `npm run cli -- restore` does it (staged, checked, switched). Prints
// the seconds and MB/s of each. `cd server && npx tsx bench/restore.ts [MB]`.
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyBackup, writeBackup } from '../src/backup/backup.ts';
import { restoreArchive } from '../src/backup/restore.ts';
import { openDatabase } from '../src/db/client.ts';

const PHOTO_BYTES = 2_500_000;
const THUMBNAIL_BYTES = 40_000;

/** Pictures as the app stores them: an original and a thumbnail each, with their type sidecars. */
function fillFiles(dataDir: string, megabytes: number): number {
  const images = join(dataDir, 'files', 'images');
  mkdirSync(images, { recursive: true });
  let bytes = 0;
  for (let i = 0; bytes < megabytes * 1_000_000; i++) {
    const id = randomBytes(8).toString('hex');
    for (const [name, size] of [
      [`${id}.jpg`, PHOTO_BYTES],
      [`${id}.thumb.jpg`, THUMBNAIL_BYTES],
    ] as const) {
      writeFileSync(join(images, name), randomBytes(size));
      writeFileSync(join(images, `${name}.type`), 'image/jpeg');
      bytes += size;
    }
  }
  return bytes;
}

async function main() {
  const megabytes = Number(process.argv[2] ?? 100);
  const work = mkdtempSync(join(tmpdir(), 'chapitres-bench-restore-'));
  try {
    const source = join(work, 'source');
    const database = await openDatabase({ databaseUrl: null, dataDir: join(source, 'db') });
    const bytes = fillFiles(source, megabytes);
    const archive = join(work, 'backup.tar.gz');

    const backupStart = performance.now();
    const out = createWriteStream(archive);
    const manifest = await writeBackup(
      { database, dataDir: source, storageKind: 'disk', jwtSecret: 'x'.repeat(48) },
      (chunk) =>
        new Promise<void>((resolve, reject) =>
          out.write(chunk, (error) => (error ? reject(error) : resolve())),
        ),
    );
    await new Promise<void>((resolve) => out.end(resolve));
    const backupSeconds = (performance.now() - backupStart) / 1000;
    await database.close();

    // Reading the archive once and checking it, alone: what a restore costs besides its new database.
    const readStart = performance.now();
    await verifyBackup(archive);
    const readSeconds = (performance.now() - readStart) / 1000;

    const restoreStart = performance.now();
    await restoreArchive(archive, { dataDir: join(work, 'target'), databaseUrl: null });
    const restoreSeconds = (performance.now() - restoreStart) / 1000;

    const mb = bytes / 1_000_000;
    const archiveMb = statSync(archive).size / 1_000_000;
    console.log(
      `${manifest.files} files, ${mb.toFixed(0)} MB of pictures, archive ${archiveMb.toFixed(0)} MB`,
    );
    console.log(
      `backup  ${backupSeconds.toFixed(1).padStart(6)} s  ${(mb / backupSeconds).toFixed(0).padStart(4)} MB/s`,
    );
    console.log(
      `read    ${readSeconds.toFixed(1).padStart(6)} s  ${(mb / readSeconds).toFixed(0).padStart(4)} MB/s  (the archive read once and checked against its manifest)`,
    );
    console.log(
      `restore ${restoreSeconds.toFixed(1).padStart(6)} s  ${(mb / restoreSeconds).toFixed(0).padStart(4)} MB/s  (staged, a new database made and migrated meanwhile, checked, switched)`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

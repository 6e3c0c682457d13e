// Migrates one PGlite database once per run and saves it, so each test file starts from a copy in
// a fraction of the time a new cluster takes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/client.ts';

// One file per run (the workers learn its path from the environment), so that two runs in the same
// checkout do not delete each other's template.
export function templatePath(): string {
  const path = process.env.TEST_TEMPLATE_PATH;
  if (!path) throw new Error('TEST_TEMPLATE_PATH is set by the global setup');
  return path;
}

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const path = join(
    dirname(fileURLToPath(import.meta.url)),
    `../../../.tmp/test-template-${process.pid}.tar.gz`,
  );
  process.env.TEST_TEMPLATE_PATH = path;
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  const dump = await database.pglite!.dumpDataDir('gzip');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return () => rmSync(path, { force: true });
}

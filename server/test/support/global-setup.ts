// Migrates one PGlite database once per run and saves it, so each test file starts from a copy in
// a fraction of the time a new cluster takes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/client.ts';

export const templatePath = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../.tmp/test-template.tar.gz',
);

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  const dump = await database.pglite!.dumpDataDir('gzip');
  mkdirSync(dirname(templatePath), { recursive: true });
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return () => rmSync(templatePath, { force: true });
}

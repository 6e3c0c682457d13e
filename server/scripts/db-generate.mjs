// Runs `drizzle-kit generate`. npm hoists drizzle-kit to the root node_modules but keeps drizzle-orm
// nested in server/node_modules, where drizzle-kit's own imports cannot see it: link it for the run.
import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = join(dirname(fileURLToPath(import.meta.url)), '..');
const hoisted = join(server, '..', 'node_modules', 'drizzle-orm');
const nested = join(server, 'node_modules', 'drizzle-orm');
const link = !existsSync(hoisted) && existsSync(nested);
if (link) symlinkSync(nested, hoisted, 'dir');
try {
  const run = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], {
    cwd: server,
    stdio: 'inherit',
  });
  process.exitCode = run.status ?? 1;
} finally {
  if (link) unlinkSync(hoisted);
}

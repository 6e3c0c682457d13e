// `npm run build --workspace server`: compiles the server's TypeScript to JavaScript in dist/ (types are
// checked by `npm run typecheck`, not here) and copies the files the code reads beside itself (the book's
// Typst templates, the model prompts), so `node dist/server.js` runs with no loader and no compiler.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const server = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(server, 'src');
const out = join(server, 'dist');

rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(server, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

let copied = 0;
for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || entry.name.endsWith('.ts')) continue;
  const from = join(entry.parentPath, entry.name);
  cpSync(from, join(out, relative(src, from)));
  copied += 1;
}
console.log(
  `server compiled to ${relative(process.cwd(), out) || '.'} (${copied} data files copied)`,
);

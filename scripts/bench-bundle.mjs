// The first load's weight (issue 18): the JS and CSS that dist/index.html's tags load (the entry, its
// preloads, the stylesheet), gzip -9 and brotli (what the server sends); then what a signed-in visit to
// the home page adds from the page's early script (its code list, French). What each page loads in all
// is printed by bench-lighthouse.mjs. Needs `npm run build` first. Prints numbers only.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(process.env.DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const named = [
  ...new Set(
    [
      ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g),
    ].map((m) => m[1]),
  ),
];
const earlyCode = JSON.parse(/var code = (\{.*?\});/.exec(html)?.[1] ?? '{"fr":[]}').fr;

function sizes(files) {
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return { gzip, brotli };
}

const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
const entry = sizes(named);
console.log(
  `first load (named by index.html, ${named.length} files): ${kB(entry.gzip)} gzip, ${kB(entry.brotli)} brotli`,
);
const home = sizes(earlyCode);
console.log(
  `signed-in home page, fetched by the early script (${earlyCode.length} files): + ${kB(home.gzip)} gzip, + ${kB(home.brotli)} brotli`,
);

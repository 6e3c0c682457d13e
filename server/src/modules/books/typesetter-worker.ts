// Worker thread owning one Typst compiler (fonts loaded once). Each job maps its files (data JSON, images,
// templates) into the compiler's virtual file system, compiles each asked document and returns its PDF
// and/or SVG. Typst's compile blocks for ~0.1–0.5 s, which is why it never runs on the API's thread.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { serveJobs } from '../../workers/protocol.ts';
import type { TypesetJob, TypesetResult } from './typesetter.ts';

/** The project root inside the compiler: every file of a job lives under it. */
export const ROOT = '/book';

const FONT_FILES = [
  '400Regular/EBGaramond_400Regular.ttf',
  '400Regular_Italic/EBGaramond_400Regular_Italic.ttf',
  '500Medium/EBGaramond_500Medium.ttf',
  '700Bold/EBGaramond_700Bold.ttf',
  '700Bold_Italic/EBGaramond_700Bold_Italic.ttf',
];

function loadFonts(): Buffer[] {
  const require = createRequire(import.meta.url);
  const base = dirname(require.resolve('@expo-google-fonts/eb-garamond/package.json'));
  return FONT_FILES.map((file) => readFileSync(join(base, file)));
}

// Only the bundled fonts: without `fontArgs` paths Typst still embeds its own fallback fonts, never the
// machine's, so a book looks the same wherever it is made.
const compiler = NodeCompiler.create({ workspace: ROOT, fontArgs: [{ fontBlobs: loadFonts() }] });

function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'shortDiagnostics' in error) {
    const diagnostics = (error as { shortDiagnostics: { message?: string }[] }).shortDiagnostics;
    return diagnostics.map((d) => d.message ?? JSON.stringify(d)).join('; ');
  }
  return String(error);
}

serveJobs<TypesetJob, TypesetResult>(async (job) => {
  let mapStarted: number | null = performance.now();
  compiler.resetShadow();
  for (const [path, bytes] of Object.entries(job.files))
    compiler.mapShadow(
      `${ROOT}/${path}`,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );
  const result: TypesetResult = {};
  const transfer: ArrayBuffer[] = [];
  for (const document of job.documents) {
    const started = performance.now();
    const map = mapStarted === null ? {} : { map: started - mapStarted };
    mapStarted = null;
    const compiled = compiler.compile({
      mainFilePath: `${ROOT}/${document.main}`,
      inputs: { data: document.data },
    });
    const error = compiled.takeError();
    if (error || !compiled.result) throw new Error(`Typst: ${describe(error)}`);
    const doc = compiled.result;
    const compiledAt = performance.now();
    const output: TypesetResult[string] = {
      pages: doc.numOfPages,
      ms: { ...map, compile: compiledAt - started, export: 0, evict: 0 },
    };
    if (document.pdf) {
      const pdf = compiler.pdf(doc, {
        ...(document.pdfStandard ? { pdfStandard: document.pdfStandard } : {}),
        creationTimestamp: document.timestamp,
      });
      const copy = new Uint8Array(pdf).buffer;
      output.pdf = copy;
      transfer.push(copy);
    }
    if (document.svg) output.svg = compiler.svg(doc);
    output.ms!.export = performance.now() - compiledAt;
    result[document.name] = output;
    // Typst's memoised results hold the document's decoded pictures (a 1600-px photo is 6 MB once
    // decoded: 300 MB for a book of 50): dropped after each document, so the print interior's are gone
    // before the screen one is made and nothing of a book stays in memory once it is done. Fonts stay.
    const evictStarted = performance.now();
    compiler.evictCache(0);
    output.ms!.evict = performance.now() - evictStarted;
  }
  compiler.resetShadow();
  return { result, transfer };
});

// What the process's memory is made of, for the operator (`MEMORY_LOG_SECONDS`, README « What it needs »)
// and the benches: the resident total, the JavaScript heap, the buffers outside it, the embedded
// database's WebAssembly memory (which only grows), and the rest — native libraries' own allocations
// (libvips, Typst), thread stacks, code.
import { getHeapSpaceStatistics } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';

export interface MemoryReport {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** Of the heap, the young generation's share (V8 keeps it at its largest size until the process idles). */
  youngMb: number;
  /** ArrayBuffers and Buffers outside the heap. */
  externalMb: number;
  /** PGlite's WebAssembly memory; null on PostgreSQL. */
  databaseMb: number | null;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The WebAssembly memory of an embedded database: its size never goes down (PGlite cannot shrink it). */
export function databaseMemoryBytes(pglite: PGlite | null): number | null {
  // `mod` is PGlite's Emscripten module, not part of its typed interface.
  const heap = (pglite as unknown as { mod?: { HEAPU8?: Uint8Array } } | null)?.mod?.HEAPU8;
  return heap ? heap.byteLength : null;
}

export function memoryReport(pglite: PGlite | null): MemoryReport {
  const usage = process.memoryUsage();
  const database = databaseMemoryBytes(pglite);
  return {
    rssMb: mb(usage.rss),
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    youngMb: mb(
      getHeapSpaceStatistics()
        .filter((space) => space.space_name.startsWith('new_'))
        .reduce((sum, space) => sum + space.space_size, 0),
    ),
    externalMb: mb(usage.external),
    databaseMb: database === null ? null : mb(database),
  };
}

export function formatMemory(report: MemoryReport): string {
  const database = report.databaseMb === null ? '' : `, database ${report.databaseMb} MB`;
  return `memory: resident ${report.rssMb} MB (JavaScript heap ${report.heapUsedMb} of ${report.heapTotalMb} MB, young ${report.youngMb} MB, buffers ${report.externalMb} MB${database})`;
}

/** Logs the report every `seconds` until stopped; the timer does not keep the process alive. */
export function logMemoryEvery(
  seconds: number,
  pglite: PGlite | null,
  log: (line: string) => void,
): { stop(): void } {
  const timer = setInterval(() => log(formatMemory(memoryReport(pglite))), seconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

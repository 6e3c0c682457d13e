// Worker thread owning one espeak-ng WASM instance. The build exposes only the command line's main(), so the
// instance is initialised once (unpacking 18 MB of voice data into its file system takes ~150 ms), its memory
// is snapshotted before main() ever runs, and each job restores that snapshot and runs main() again: ~20 ms
// per reply instead of ~200 ms for a fresh instance, with byte-identical audio.
import { readFile } from 'node:fs/promises';
import ESpeakNg, { type ESpeakNgModule } from 'espeak-ng';
import { serveJobs } from '../../workers/protocol.ts';

export interface EspeakJob {
  text: string;
  /** espeak-ng voice, with an optional variant: `fr+m3`. */
  voice: string;
  wordsPerMinute: number;
  /** 0–99, 50 is the voice's own pitch. */
  pitch: number;
  wordGapMs: number;
}

export interface EspeakResult {
  wav: ArrayBuffer;
}

// The server's TypeScript libs (ES2023 + Node 20 types) do not declare WebAssembly; this is all we use of it.
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<{ exports: object }>;
}

interface EspeakExports {
  memory: { buffer: ArrayBuffer };
  stackSave(): number;
  stackRestore(pointer: number): void;
  stackAlloc(size: number): number;
  __main_argc_argv(argc: number, argv: number): number;
}

interface Engine {
  module: ESpeakNgModule;
  exports: EspeakExports;
  /** Linear memory as it was before main() first ran: C globals (getopt's optind, espeak's state) and heap. */
  pristine: Uint8Array;
  errors: string[];
}

const INPUT = '/input.txt';
const OUTPUT = '/output.wav';
const WAV_HEADER_BYTES = 44;
// Emscripten reports that the runtime stays alive after main() returns; that is expected, not a failure.
const RUNTIME_NOTICE = /keepRuntimeAlive|program exited \(with status: 0\)/u;

const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
// Compiled once per worker; a broken instance is rebuilt from it without recompiling.
const wasmModule = await wasm.compile(
  await readFile(new URL('espeak-ng.wasm', import.meta.resolve('espeak-ng'))),
);

let engine: Promise<Engine> | undefined;

async function createEngine(): Promise<Engine> {
  const errors: string[] = [];
  let instanceExports: EspeakExports | undefined;
  let failInstantiation: (error: unknown) => void = () => {};
  // The Emscripten glue never settles its promise when instantiation fails, so that failure is raced in.
  const instantiationFailed = new Promise<never>((_, reject) => {
    failInstantiation = reject;
  });
  const module = await Promise.race([
    ESpeakNg({
      noInitialRun: true,
      print: () => {},
      printErr: (line) => {
        if (!RUNTIME_NOTICE.test(line)) errors.push(line);
      },
      instantiateWasm: (imports, receiveInstance) => {
        wasm.instantiate(wasmModule, imports).then((instance) => {
          instanceExports = instance.exports as EspeakExports;
          receiveInstance(instance, wasmModule);
        }, failInstantiation);
        return {};
      },
    }),
    instantiationFailed,
  ]);
  if (!instanceExports) throw new Error('espeak-ng started without its WASM exports');
  return {
    module,
    exports: instanceExports,
    pristine: new Uint8Array(instanceExports.memory.buffer).slice(),
    errors,
  };
}

/** Lays out a C argv (NUL-terminated UTF-8 strings and a NULL-terminated pointer array) on the WASM stack. */
function writeArgv(exports: EspeakExports, args: string[]): number {
  const encoder = new TextEncoder();
  const pointers = args.map((arg) => {
    const bytes = encoder.encode(arg);
    const pointer = exports.stackAlloc(bytes.length + 1);
    const heap = new Uint8Array(exports.memory.buffer);
    heap.set(bytes, pointer);
    heap[pointer + bytes.length] = 0;
    return pointer;
  });
  const argv = exports.stackAlloc((pointers.length + 1) * 4);
  const view = new DataView(exports.memory.buffer);
  pointers.forEach((pointer, index) => view.setUint32(argv + index * 4, pointer, true));
  view.setUint32(argv + pointers.length * 4, 0, true);
  return argv;
}

function isExitStatus(error: unknown): error is { status: number } {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ExitStatus'
  );
}

/** Runs the espeak-ng command line on a memory reset to its pristine state; returns its exit status. */
function runMain(current: Engine, args: string[]): number {
  const { exports } = current;
  new Uint8Array(exports.memory.buffer).set(current.pristine);
  const stack = exports.stackSave();
  try {
    return exports.__main_argc_argv(args.length + 1, writeArgv(exports, ['espeak-ng', ...args]));
  } catch (error) {
    if (!isExitStatus(error)) throw error;
    // exit() unwinds as an ExitStatus and the glue also marks the thread's exit code; the worker lives on.
    process.exitCode = 0;
    return error.status;
  } finally {
    exports.stackRestore(stack);
  }
}

/** Streams a failed run left open live in JS, outside the restored memory; without this they would pile up. */
function closeStrayStreams(module: ESpeakNgModule): void {
  for (const stream of module.FS.streams) {
    if (stream && stream.fd > 2) module.FS.close(stream);
  }
}

async function synthesize(job: EspeakJob): Promise<EspeakResult> {
  engine ??= createEngine();
  let current: Engine;
  try {
    current = await engine;
  } catch (error) {
    engine = undefined;
    throw error;
  }
  const { FS } = current.module;
  current.errors.length = 0;
  // Text goes through a file: no argument-length limit on the WASM stack, and a leading "-" is not an option.
  FS.writeFile(INPUT, job.text);
  try {
    FS.unlink(OUTPUT);
  } catch {
    // Nothing from an earlier job.
  }
  const args = [
    '-b',
    '1',
    '-v',
    job.voice,
    '-s',
    String(job.wordsPerMinute),
    '-p',
    String(job.pitch),
    '-g',
    String(Math.round(job.wordGapMs / 10)),
    '-w',
    OUTPUT,
    '-f',
    INPUT,
  ];
  let status: number;
  try {
    status = runMain(current, args);
  } catch (error) {
    // A trap (out of memory, abort) may leave the glue unusable: the next job starts from a new instance.
    engine = undefined;
    throw new Error(`espeak-ng crashed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    closeStrayStreams(current.module);
  }
  let bytes: Uint8Array | undefined;
  try {
    bytes = FS.readFile(OUTPUT);
  } catch {
    bytes = undefined;
  }
  if (status !== 0 || !bytes || bytes.length <= WAV_HEADER_BYTES) {
    const detail = current.errors.join(' ').trim();
    throw new Error(
      `espeak-ng produced no audio (exit status ${status})${detail ? `: ${detail}` : ''}`,
    );
  }
  // A copy, so the buffer can be moved to the pool thread without taking the file system's storage along.
  return { wav: bytes.slice().buffer };
}

serveJobs<EspeakJob, EspeakResult>(async (job) => {
  const result = await synthesize(job);
  return { result, transfer: [result.wav] };
});

// Types for the espeak-ng package (an Emscripten build of the espeak-ng command line), which ships none.
declare module 'espeak-ng' {
  interface EmscriptenStream {
    fd: number;
  }

  interface EmscriptenFS {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
    close(stream: EmscriptenStream): void;
    /** Open streams indexed by file descriptor (holes are null). */
    streams: Array<EmscriptenStream | null | undefined>;
  }

  interface ESpeakNgModule {
    FS: EmscriptenFS;
  }

  interface ESpeakNgOptions {
    /** The command line, without the program name; main() runs once at start unless noInitialRun is set. */
    arguments?: string[];
    noInitialRun?: boolean;
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    preRun?: Array<(module: ESpeakNgModule) => void>;
    /** Lets the caller instantiate an already compiled module (WebAssembly types are not in this project's libs). */
    instantiateWasm?: (
      imports: object,
      receiveInstance: (instance: object, module: object) => void,
    ) => Record<string, never>;
  }

  export default function ESpeakNg(options: ESpeakNgOptions): Promise<ESpeakNgModule>;
}

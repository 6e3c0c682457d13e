// Stand-ins for MediaRecorder and getUserMedia: the test says which formats the "browser" makes,
// whether the microphone is allowed, and hands sound over piece by piece; it reads back how the page
// drove the recorder (started, paused, stopped) and whether the microphone was freed.
import { vi } from 'vitest';

export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static supported = new Set<string>([
    'audio/webm;codecs=opus',
    'audio/ogg;codecs=opus',
    'audio/mp4',
  ]);

  static isTypeSupported(type: string): boolean {
    return FakeMediaRecorder.supported.has(type);
  }

  static get current(): FakeMediaRecorder {
    const last = FakeMediaRecorder.instances[FakeMediaRecorder.instances.length - 1];
    if (!last) throw new Error('No MediaRecorder was made');
    return last;
  }

  readonly stream: FakeStream;
  readonly mimeType: string;
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  /** Sound handed over when stop() is called (the last piece). */
  tail = 'fin';

  constructor(stream: FakeStream, options?: { mimeType?: string }) {
    this.stream = stream;
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }

  start(timeslice?: number): void {
    this.timeslice = timeslice;
    this.state = 'recording';
  }

  pause(): void {
    if (this.state === 'recording') this.state = 'paused';
  }

  resume(): void {
    if (this.state === 'paused') this.state = 'recording';
  }

  stop(): void {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    // Like the browser: the last piece, then `stop`, a moment later.
    setTimeout(() => {
      if (this.tail)
        this.ondataavailable?.({ data: new Blob([this.tail], { type: this.mimeType }) });
      this.onstop?.();
    }, 0);
  }

  /** The browser hands over a piece of sound of `size` bytes (or this text). */
  emit(piece: number | string): void {
    const data = typeof piece === 'number' ? new Blob([new Uint8Array(piece)]) : new Blob([piece]);
    this.ondataavailable?.({ data });
  }
}

export class FakeStream {
  readonly track = { stop: vi.fn() };
  getTracks() {
    return [this.track];
  }
}

export interface FakeMedia {
  getUserMedia: ReturnType<typeof vi.fn>;
  streams: FakeStream[];
}

/** Installs MediaRecorder and navigator.mediaDevices; `allow: false` refuses the microphone. */
export function installFakeMedia({ allow = true }: { allow?: boolean } = {}): FakeMedia {
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.supported = new Set([
    'audio/webm;codecs=opus',
    'audio/ogg;codecs=opus',
    'audio/mp4',
  ]);
  const streams: FakeStream[] = [];
  const getUserMedia = vi.fn(async () => {
    if (!allow) throw new DOMException('Permission denied', 'NotAllowedError');
    const stream = new FakeStream();
    streams.push(stream);
    return stream;
  });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  return { getUserMedia, streams };
}

export function removeFakeMedia(): void {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
}

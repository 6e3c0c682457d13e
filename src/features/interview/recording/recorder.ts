// The sound of a spoken answer (issue 20): the microphone recorded with MediaRecorder beside the
// dictation, in the first format the browser can make among those the server keeps, stopped when the
// answer is sent, and cut at the server's limits (size and length) so it is never refused for them.

/** Tried in this order: Opus in WebM (Chrome, Firefox, Android), Opus in Ogg, then MP4 (Safari). */
export const RECORDING_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4',
] as const;

/** The server's limits (server/src/limits.ts) when GET /config does not say them. */
export const DEFAULT_RECORDING_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_RECORDING_MAX_MS = 10 * 60 * 1000;
/** Pieces of sound are handed over every second, so the size is known while recording. */
const TIMESLICE_MS = 1000;
/** Room kept under the size limit for the last piece, which arrives after the stop. */
const SIZE_MARGIN = 64 * 1024;

export interface RecordedAnswer {
  blob: Blob;
  mimeType: string;
  durationMs: number;
}

export interface RecorderLimits {
  maxBytes: number;
  maxMs: number;
}

type MediaRecorderClass = typeof MediaRecorder;

/** Whether this browser can record sound at all. */
export function canRecord(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** The first format of RECORDING_MIME_TYPES this browser makes, or null. */
export function pickRecordingMime(
  Recorder: MediaRecorderClass | undefined = globalThis.MediaRecorder,
): string | null {
  if (!Recorder || typeof Recorder.isTypeSupported !== 'function') return null;
  return RECORDING_MIME_TYPES.find((type) => Recorder.isTypeSupported(type)) ?? null;
}

/** The type as the server names it: without the codec. */
export function baseMimeType(mimeType: string): string {
  return mimeType.split(';')[0]!.trim() || 'audio/webm';
}

/**
 * One recording at a time: start, pause, resume, stop (which gives the sound), cancel (which drops it).
 * Never throws to the caller: a refused or missing microphone gives no sound, the answer goes on.
 */
export class AnswerRecorder {
  private recorder: MediaRecorder | null = null;
  private stream: MediaStream | null = null;
  private chunks: Blob[] = [];
  private bytes = 0;
  private mimeType = '';
  /** Time spent recording, pauses left out. */
  private elapsedMs = 0;
  private runningSince: number | null = null;
  private limitTimer: ReturnType<typeof setTimeout> | undefined;
  private stopping: Promise<RecordedAnswer | null> | null = null;
  private generation = 0;
  /** A limit stopped the sound: resuming the dictation no longer resumes it. */
  private limited = false;
  private limits: RecorderLimits = {
    maxBytes: DEFAULT_RECORDING_MAX_BYTES,
    maxMs: DEFAULT_RECORDING_MAX_MS,
  };
  /** Called when a limit stopped the recording by itself. */
  onLimit: (() => void) | null = null;

  get active(): boolean {
    return this.recorder !== null;
  }

  /** Opens the microphone and records. Resolves false when it could not (no support, refused). */
  async start(limits: RecorderLimits): Promise<boolean> {
    this.cancel();
    const generation = ++this.generation;
    this.limits = limits;
    const mime = pickRecordingMime();
    if (!canRecord() || !mime) return false;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      console.warn('No microphone for the recording', error);
      return false;
    }
    // Cancelled or started again while the microphone was being opened.
    if (generation !== this.generation) {
      stopTracks(stream);
      return false;
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType: mime });
    } catch (error) {
      console.warn('MediaRecorder refused the format', error);
      stopTracks(stream);
      return false;
    }
    this.stream = stream;
    this.recorder = recorder;
    this.chunks = [];
    this.bytes = 0;
    this.mimeType = recorder.mimeType || mime;
    this.elapsedMs = 0;
    this.limited = false;
    recorder.ondataavailable = (event: BlobEvent) => {
      if (!event.data || event.data.size === 0) return;
      this.chunks.push(event.data);
      this.bytes += event.data.size;
      if (this.bytes >= this.limits.maxBytes - SIZE_MARGIN) this.reachLimit();
    };
    try {
      recorder.start(TIMESLICE_MS);
    } catch (error) {
      console.warn('MediaRecorder did not start', error);
      this.release();
      return false;
    }
    this.run();
    return true;
  }

  pause(): void {
    if (this.recorder?.state !== 'recording') return;
    this.recorder.pause();
    this.hold();
  }

  resume(): void {
    if (this.recorder?.state !== 'paused' || this.limited) return;
    this.recorder.resume();
    this.run();
  }

  /** Stops and gives the sound (null when nothing was recorded). Calling it twice gives the same. */
  stop(): Promise<RecordedAnswer | null> {
    if (this.stopping) return this.stopping;
    const recorder = this.recorder;
    if (!recorder) return Promise.resolve(null);
    this.hold();
    const durationMs = Math.min(this.elapsedMs, this.limits.maxMs);
    this.stopping = new Promise<RecordedAnswer | null>((resolve) => {
      const finish = () => {
        const mimeType = this.mimeType;
        const chunks = this.chunks;
        this.release();
        const blob = new Blob(chunks, { type: mimeType });
        resolve(blob.size > 0 ? { blob, mimeType, durationMs } : null);
      };
      if (recorder.state === 'inactive') {
        finish();
        return;
      }
      recorder.onstop = finish;
      recorder.onerror = finish;
      try {
        recorder.stop();
      } catch {
        finish();
      }
    }).finally(() => {
      this.stopping = null;
    });
    return this.stopping;
  }

  /** Drops the recording and frees the microphone. */
  cancel(): void {
    this.generation += 1;
    const recorder = this.recorder;
    if (!recorder) return;
    recorder.ondataavailable = null;
    recorder.onstop = null;
    try {
      if (recorder.state !== 'inactive') recorder.stop();
    } catch {
      // Already stopped.
    }
    this.release();
  }

  private run(): void {
    this.runningSince = Date.now();
    if (this.limitTimer !== undefined) clearTimeout(this.limitTimer);
    this.limitTimer = setTimeout(
      () => this.reachLimit(),
      Math.max(0, this.limits.maxMs - this.elapsedMs),
    );
  }

  private hold(): void {
    if (this.runningSince !== null) this.elapsedMs += Date.now() - this.runningSince;
    this.runningSince = null;
    if (this.limitTimer !== undefined) clearTimeout(this.limitTimer);
    this.limitTimer = undefined;
  }

  /** A limit was reached: the recording stops here (the sound so far is kept by the next stop()). */
  private reachLimit(): void {
    const recorder = this.recorder;
    if (!recorder || recorder.state === 'inactive' || this.limited) return;
    this.limited = true;
    this.hold();
    if (recorder.state === 'recording') recorder.pause();
    this.onLimit?.();
  }

  private release(): void {
    this.hold();
    if (this.stream) stopTracks(this.stream);
    this.stream = null;
    this.recorder = null;
    this.chunks = [];
    this.bytes = 0;
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

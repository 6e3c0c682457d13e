// Dictation through the browser's Web Speech API: continuous with interim results, restarted after a
// 200 ms pause whenever the browser ends it while the person is still talking, Android's
// phrase-by-phrase sessions stitched together, pause/resume appending after the earlier text, and
// errors that stop listening without a word to the person (spec §4, §8, §9).

/** The part of `SpeechRecognition` this controller uses (TypeScript's DOM types do not declare it). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: SpeechResultEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export interface SpeechResultEventLike {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; length: number; [index: number]: { transcript: string } }>;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's recognition class, or null where there is none (Firefox…). */
export function findSpeechRecognition(
  scope: object | undefined = typeof window === 'undefined' ? undefined : window,
): SpeechRecognitionConstructor | null {
  if (!scope) return null;
  const holder = scope as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
    isSecureContext?: boolean;
  };
  // The microphone is only given to secure pages (HTTPS, or this very machine): opened over plain HTTP
  // from a phone, recognition exists but can never hear, so the typed path is the honest one.
  if (holder.isSecureContext === false) return null;
  return holder.SpeechRecognition ?? holder.webkitSpeechRecognition ?? null;
}

export const RESTART_DELAY_MS = 200;

/**
 * Why listening stopped without being asked to: the microphone was refused, there is no microphone (or
 * another app holds it), or anything else (no connection to the recognizer, a browser error).
 */
export type SpeechFailure = 'not-allowed' | 'no-microphone' | 'error';

export interface SpeechControllerOptions {
  Recognition: SpeechRecognitionConstructor;
  /** fr-FR, or en-US for English users. */
  lang: string;
  /** Android's recognizer ends after each phrase and repeats earlier words in its results. */
  android: boolean;
  /** The whole text so far (kept text plus what is being heard), on every change. */
  onText: (text: string) => void;
  onFailure: (failure: SpeechFailure) => void;
  restartDelayMs?: number;
}

/** Silence and our own abort are not failures: the end handler decides what follows. */
const HARMLESS_ERRORS = new Set(['no-speech', 'aborted']);
const REFUSED_ERRORS = new Set(['not-allowed', 'service-not-allowed']);
const NO_MICROPHONE_ERRORS = new Set(['audio-capture']);

/** Joins two pieces of dictation with one space (recognizers often start a piece with a space). */
export function joinSpeech(before: string, after: string): string {
  const head = before.replace(/\s+$/, '');
  const tail = after.replace(/^\s+/, '');
  if (!head) return tail;
  if (!tail) return head;
  return `${head} ${tail}`;
}

export class SpeechController {
  private readonly options: SpeechControllerOptions;
  /** Text kept from before this recognition session (earlier sessions, or what was there on resume). */
  private kept = '';
  /** What the current session has heard so far, finals and interim. */
  private heard = '';
  private session: SpeechRecognitionLike | null = null;
  private listening = false;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: SpeechControllerOptions) {
    this.options = options;
  }

  get text(): string {
    return joinSpeech(this.kept, this.heard);
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** Starts listening; new speech is appended after `baseText` ('' for a fresh answer). */
  start(baseText = ''): void {
    this.halt();
    this.kept = baseText;
    this.heard = '';
    this.listening = true;
    this.open();
  }

  /** Resuming after a pause is starting again after the current (possibly corrected) text. */
  resume(baseText: string): void {
    this.start(baseText);
  }

  /** Stops listening and keeps everything heard, including words not yet final. Returns the text. */
  stop(): string {
    const text = this.text;
    this.halt();
    this.kept = text;
    this.heard = '';
    return text;
  }

  pause(): string {
    return this.stop();
  }

  dispose(): void {
    this.halt();
  }

  private halt(): void {
    this.listening = false;
    if (this.restartTimer !== undefined) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const session = this.session;
    this.session = null;
    if (session) {
      // Detached first: whatever the recognizer still sends belongs to no session any more.
      session.onresult = null;
      session.onerror = null;
      session.onend = null;
      try {
        session.abort();
      } catch {
        // Already ended.
      }
    }
  }

  private open(): void {
    const recognition = new this.options.Recognition();
    recognition.lang = this.options.lang;
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      if (this.session !== recognition) return;
      this.heard = this.transcriptOf(event);
      this.options.onText(this.text);
    };
    recognition.onerror = (event) => {
      if (this.session !== recognition || HARMLESS_ERRORS.has(event.error)) return;
      this.fail(
        REFUSED_ERRORS.has(event.error)
          ? 'not-allowed'
          : NO_MICROPHONE_ERRORS.has(event.error)
            ? 'no-microphone'
            : 'error',
      );
    };
    recognition.onend = () => {
      if (this.session !== recognition) return;
      this.session = null;
      // The browser ended the session (silence, a phrase done on Android, a time limit) while the
      // person is still talking: keep what was heard and listen again shortly.
      this.kept = this.text;
      this.heard = '';
      if (!this.listening) return;
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        if (this.listening) this.open();
      }, this.options.restartDelayMs ?? RESTART_DELAY_MS);
    };
    this.session = recognition;
    try {
      recognition.start();
    } catch {
      this.fail('error');
    }
  }

  private transcriptOf(event: SpeechResultEventLike): string {
    const results = Array.from(event.results);
    // Android repeats the earlier words of the phrase in each newer result: the newest one is the
    // whole phrase. Elsewhere each result is a new piece (finals first, then the current guess).
    if (this.options.android) return results[results.length - 1]?.[0]?.transcript.trim() ?? '';
    return results.reduce((text, result) => joinSpeech(text, result[0]?.transcript ?? ''), '');
  }

  private fail(failure: SpeechFailure): void {
    this.kept = this.text;
    this.heard = '';
    this.halt();
    this.options.onFailure(failure);
  }
}

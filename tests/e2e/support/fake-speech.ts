// A scripted stand-in for the browser's speech recognition, injected with `page.addInitScript` before
// the app loads: the journey says what the "microphone" heard (interim or final), ends a session as
// the browser would, or fails it, through `window.__fakeSpeech`, and reads back how the app drove it.
import type { Page } from '@playwright/test';

export interface FakeSpeechSession {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  started: boolean;
  aborted: boolean;
}

export interface FakeSpeechControl {
  /** Every recognition object the app made, oldest first. */
  sessions: FakeSpeechSession[];
  /** The newest session is listening (started, not ended). */
  listening(): boolean;
  /** The newest session hears `transcript`; an interim guess is replaced by the next result. */
  hear(transcript: string, final?: boolean): void;
  /** The browser ends the newest session on its own (silence, end of a phrase on Android). */
  end(): void;
  fail(error: string): void;
}

declare global {
  interface Window {
    __fakeSpeech?: FakeSpeechControl;
  }
}

/** Runs in the page: must not use anything from this module's scope. */
export function installFakeSpeech(): void {
  interface Heard {
    transcript: string;
    isFinal: boolean;
  }
  type Handler<E> = ((event: E) => void) | null;
  const sessions: FakeRecognition[] = [];

  class FakeRecognition {
    lang = '';
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    onresult: Handler<unknown> = null;
    onerror: Handler<{ error: string }> = null;
    onend: Handler<void> = null;
    started = false;
    aborted = false;
    ended = false;
    heard: Heard[] = [];

    constructor() {
      sessions.push(this);
    }

    start(): void {
      if (this.started) throw new DOMException('already started', 'InvalidStateError');
      this.started = true;
    }

    stop(): void {
      this.finish();
    }

    abort(): void {
      this.aborted = true;
      this.finish();
    }

    finish(): void {
      if (this.ended) return;
      this.ended = true;
      // Like the real thing, the end event comes a moment later.
      setTimeout(() => this.onend?.(), 0);
    }

    hear(transcript: string, isFinal: boolean): void {
      const last = this.heard[this.heard.length - 1];
      if (last && !last.isFinal) this.heard.pop();
      this.heard.push({ transcript, isFinal });
      const results = this.heard.map((h) => ({
        isFinal: h.isFinal,
        length: 1,
        0: { transcript: h.transcript, confidence: 0.9 },
      }));
      this.onresult?.({ resultIndex: results.length - 1, results });
    }
  }

  const newest = () => {
    const session = sessions[sessions.length - 1];
    if (!session) throw new Error('The app has not started speech recognition');
    return session;
  };

  const control = {
    get sessions() {
      return sessions.map(({ lang, continuous, interimResults, started, aborted }) => ({
        lang,
        continuous,
        interimResults,
        started,
        aborted,
      }));
    },
    listening: () => {
      const session = sessions[sessions.length - 1];
      return Boolean(session && session.started && !session.ended);
    },
    hear: (transcript: string, final = false) => newest().hear(transcript, final),
    end: () => newest().finish(),
    fail: (error: string) => {
      const session = newest();
      session.onerror?.({ error });
      session.finish();
    },
  };

  Object.defineProperty(window, '__fakeSpeech', { value: control, configurable: true });
  Object.defineProperty(window, 'SpeechRecognition', {
    value: FakeRecognition,
    configurable: true,
    writable: true,
  });
  Object.defineProperty(window, 'webkitSpeechRecognition', {
    value: FakeRecognition,
    configurable: true,
    writable: true,
  });
}

/** Runs in the page: a browser without speech recognition (Firefox, for instance). */
export function removeSpeechRecognition(): void {
  for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) {
    delete (window as unknown as Record<string, unknown>)[name];
    delete (Window.prototype as unknown as Record<string, unknown>)[name];
  }
}

/** Drives the fake from the journey. */
export function fakeSpeech(page: Page) {
  return {
    hear: (transcript: string, final = false) =>
      page.evaluate(([t, f]) => window.__fakeSpeech!.hear(t as string, f as boolean), [
        transcript,
        final,
      ] as const),
    end: () => page.evaluate(() => window.__fakeSpeech!.end()),
    fail: (error: string) => page.evaluate((e) => window.__fakeSpeech!.fail(e), error),
    sessions: () => page.evaluate(() => window.__fakeSpeech!.sessions),
    listening: () => page.evaluate(() => window.__fakeSpeech!.listening()),
  };
}

// A scripted stand-in for the browser's SpeechRecognition: the test says what is heard (interim or
// final), ends the session or fails it, and reads back how the page configured and drove it.
import type {
  SpeechRecognitionLike,
  SpeechResultEventLike,
} from '../../../../src/features/interview/speech/speech-controller';

interface Heard {
  transcript: string;
  isFinal: boolean;
}

export class FakeRecognition implements SpeechRecognitionLike {
  static instances: FakeRecognition[] = [];

  static reset(): void {
    FakeRecognition.instances = [];
  }

  /** The session the page opened last. */
  static get current(): FakeRecognition {
    const last = FakeRecognition.instances[FakeRecognition.instances.length - 1];
    if (!last) throw new Error('No recognition was started');
    return last;
  }

  lang = '';
  continuous = false;
  interimResults = false;
  maxAlternatives = 0;
  onresult: ((event: SpeechResultEventLike) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  aborted = false;
  private heard: Heard[] = [];

  constructor() {
    FakeRecognition.instances.push(this);
  }

  start(): void {
    if (this.started) throw new DOMException('already started', 'InvalidStateError');
    this.started = true;
  }

  stop(): void {
    this.end();
  }

  abort(): void {
    this.aborted = true;
    this.end();
  }

  /** The current guess (interim) replaces the previous guess; a final result is kept. */
  hear(transcript: string, isFinal = false): void {
    const last = this.heard[this.heard.length - 1];
    if (last && !last.isFinal) this.heard.pop();
    this.heard.push({ transcript, isFinal });
    const results = this.heard.map((h) => ({
      isFinal: h.isFinal,
      length: 1,
      0: { transcript: h.transcript },
    }));
    this.onresult?.({ resultIndex: results.length - 1, results });
  }

  end(): void {
    this.onend?.();
  }

  fail(error: string): void {
    this.onerror?.({ error });
    this.end();
  }
}

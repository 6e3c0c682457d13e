// Dictation with a fake recognizer: configuration, interim and final text, the 200 ms restart when
// the browser ends a session while the person talks, Android's phrase-by-phrase sessions, pause and
// resume appending after the earlier text, and errors that stop listening quietly.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RESTART_DELAY_MS,
  SpeechController,
  findSpeechRecognition,
  joinSpeech,
  type SpeechFailure,
} from '../../../src/features/interview/speech/speech-controller';
import { FakeRecognition } from './support/fake-recognition';

function controller(android = false, lang = 'fr-FR') {
  const texts: string[] = [];
  const failures: SpeechFailure[] = [];
  const speech = new SpeechController({
    Recognition: FakeRecognition,
    lang,
    android,
    onText: (text) => texts.push(text),
    onFailure: (failure) => failures.push(failure),
  });
  return { speech, texts, failures, last: () => texts[texts.length - 1] };
}

beforeEach(() => {
  FakeRecognition.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('findSpeechRecognition', () => {
  it('takes SpeechRecognition, else webkitSpeechRecognition, else nothing', () => {
    class A {}
    class B {}
    expect(findSpeechRecognition({ SpeechRecognition: A, webkitSpeechRecognition: B })).toBe(A);
    expect(findSpeechRecognition({ webkitSpeechRecognition: B })).toBe(B);
    expect(findSpeechRecognition({})).toBeNull();
    // Over plain HTTP on a network address the microphone is refused: no recognition, the typed path.
    expect(
      findSpeechRecognition({ webkitSpeechRecognition: B, isSecureContext: false }),
    ).toBeNull();
    expect(findSpeechRecognition({ webkitSpeechRecognition: B, isSecureContext: true })).toBe(B);
  });
});

describe('SpeechController', () => {
  it('listens continuously, with interim results, in the given language', () => {
    const { speech } = controller(false, 'en-US');
    speech.start();
    const recognition = FakeRecognition.current;
    expect(recognition).toMatchObject({
      lang: 'en-US',
      continuous: true,
      interimResults: true,
      started: true,
    });
    expect(speech.isListening).toBe(true);
  });

  it('shows the guess as it comes and keeps final pieces in order', () => {
    const { speech, texts } = controller();
    speech.start();
    const recognition = FakeRecognition.current;
    recognition.hear('je suis');
    recognition.hear('je suis né');
    recognition.hear('je suis né à Lyon', true);
    recognition.hear(' en 1942');
    recognition.hear(' en 1942', true);
    expect(texts).toEqual([
      'je suis',
      'je suis né',
      'je suis né à Lyon',
      'je suis né à Lyon en 1942',
      'je suis né à Lyon en 1942',
    ]);
    expect(speech.text).toBe('je suis né à Lyon en 1942');
  });

  it('restarts 200 ms after the browser ends the session while still talking, keeping the text', () => {
    const { speech, last } = controller();
    speech.start();
    const first = FakeRecognition.current;
    first.hear('Mon père', true);
    first.hear('était');
    first.end();
    expect(FakeRecognition.instances).toHaveLength(1);
    vi.advanceTimersByTime(RESTART_DELAY_MS - 1);
    expect(FakeRecognition.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeRecognition.instances).toHaveLength(2);
    const second = FakeRecognition.current;
    expect(second.started).toBe(true);
    second.hear('boulanger', true);
    // Even the words that never became final before the end are kept.
    expect(last()).toBe('Mon père était boulanger');
  });

  it('does not restart once stopped, and ignores what the old session still sends', () => {
    const { speech, texts } = controller();
    speech.start();
    const recognition = FakeRecognition.current;
    recognition.hear('Bonjour');
    expect(speech.stop()).toBe('Bonjour');
    expect(recognition.aborted).toBe(true);
    expect(speech.isListening).toBe(false);
    recognition.hear('trop tard', true);
    recognition.end();
    vi.advanceTimersByTime(1000);
    expect(FakeRecognition.instances).toHaveLength(1);
    expect(texts).toEqual(['Bonjour']);
  });

  it('on Android, reads each phrase from its newest result and stitches the phrases together', () => {
    const { speech, last } = controller(true);
    speech.start();
    const first = FakeRecognition.current;
    // Android repeats the earlier words of the phrase in each newer result.
    first.hear('nous habitions', true);
    first.hear('nous habitions près de la gare', true);
    expect(last()).toBe('nous habitions près de la gare');
    // …and ends the session after each phrase.
    first.end();
    vi.advanceTimersByTime(RESTART_DELAY_MS);
    const second = FakeRecognition.current;
    expect(second).not.toBe(first);
    second.hear('à Roanne');
    expect(last()).toBe('nous habitions près de la gare à Roanne');
    second.hear('à Roanne', true);
    second.end();
    vi.advanceTimersByTime(RESTART_DELAY_MS);
    FakeRecognition.current.hear('avec mes soeurs', true);
    expect(speech.text).toBe('nous habitions près de la gare à Roanne avec mes soeurs');
  });

  it('pause keeps the text; resume appends new speech after it (even after a correction)', () => {
    const { speech, last } = controller();
    speech.start();
    FakeRecognition.current.hear('Ma mère chantait', true);
    expect(speech.pause()).toBe('Ma mère chantait');
    expect(speech.isListening).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(FakeRecognition.instances).toHaveLength(1);
    // The person corrected the text while paused; the new speech goes after the correction.
    speech.resume('Ma mère chantait souvent');
    expect(FakeRecognition.instances).toHaveLength(2);
    FakeRecognition.current.hear('le dimanche', true);
    expect(last()).toBe('Ma mère chantait souvent le dimanche');
  });

  it('a refused microphone or a broken service stops listening and says why, without restarting', () => {
    const refused = controller();
    refused.speech.start();
    FakeRecognition.current.hear('Je', true);
    FakeRecognition.current.fail('not-allowed');
    vi.advanceTimersByTime(1000);
    expect(refused.failures).toEqual(['not-allowed']);
    expect(refused.speech.isListening).toBe(false);
    expect(refused.speech.text).toBe('Je');
    expect(FakeRecognition.instances).toHaveLength(1);

    FakeRecognition.reset();
    const broken = controller();
    broken.speech.start();
    FakeRecognition.current.fail('network');
    vi.advanceTimersByTime(1000);
    expect(broken.failures).toEqual(['error']);
    expect(FakeRecognition.instances).toHaveLength(1);

    FakeRecognition.reset();
    const deaf = controller();
    deaf.speech.start();
    FakeRecognition.current.fail('audio-capture');
    vi.advanceTimersByTime(1000);
    expect(deaf.failures).toEqual(['no-microphone']);
    expect(FakeRecognition.instances).toHaveLength(1);
  });

  it('silence is not a failure: listening goes on', () => {
    const { speech, failures } = controller();
    speech.start();
    FakeRecognition.current.fail('no-speech');
    vi.advanceTimersByTime(RESTART_DELAY_MS);
    expect(failures).toEqual([]);
    expect(FakeRecognition.instances).toHaveLength(2);
    expect(speech.isListening).toBe(true);
  });

  it('a recognizer that refuses to start is a quiet failure', () => {
    const failures: SpeechFailure[] = [];
    class Broken extends FakeRecognition {
      override start(): void {
        throw new DOMException('busy', 'InvalidStateError');
      }
    }
    const speech = new SpeechController({
      Recognition: Broken,
      lang: 'fr-FR',
      android: false,
      onText: () => {},
      onFailure: (f) => failures.push(f),
    });
    speech.start('déjà là');
    expect(failures).toEqual(['error']);
    expect(speech.isListening).toBe(false);
    expect(speech.text).toBe('déjà là');
  });
});

describe('joinSpeech', () => {
  it('joins pieces with one space', () => {
    expect(joinSpeech('', ' bonjour')).toBe('bonjour');
    expect(joinSpeech('bonjour ', '  madame')).toBe('bonjour madame');
    expect(joinSpeech('bonjour', '')).toBe('bonjour');
  });
});

// The answer's recorder: the format chosen in order, start/pause/resume/stop giving the sound and its
// length without the pauses, the size and length limits, a refused microphone, and the microphone
// freed when it ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AnswerRecorder,
  baseMimeType,
  pickRecordingMime,
} from '../../../src/features/interview/recording/recorder';
import { FakeMediaRecorder, installFakeMedia, removeFakeMedia } from './support/fake-media';

const LIMITS = { maxBytes: 10 * 1024 * 1024, maxMs: 10 * 60 * 1000 };

beforeEach(() => {
  installFakeMedia();
});

afterEach(() => {
  vi.useRealTimers();
  removeFakeMedia();
});

describe('the recording format', () => {
  it('takes Opus in WebM first, then Ogg, then MP4, else none', () => {
    expect(pickRecordingMime()).toBe('audio/webm;codecs=opus');
    FakeMediaRecorder.supported = new Set(['audio/ogg;codecs=opus', 'audio/mp4']);
    expect(pickRecordingMime()).toBe('audio/ogg;codecs=opus');
    FakeMediaRecorder.supported = new Set(['audio/mp4']);
    expect(pickRecordingMime()).toBe('audio/mp4');
    FakeMediaRecorder.supported = new Set(['audio/wav']);
    expect(pickRecordingMime()).toBeNull();
    expect(baseMimeType('audio/webm;codecs=opus')).toBe('audio/webm');
  });
});

describe('AnswerRecorder', () => {
  it('records the microphone until stopped, and gives the sound with its length without pauses', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const media = installFakeMedia();
    const recorder = new AnswerRecorder();
    await expect(recorder.start(LIMITS)).resolves.toBe(true);
    expect(media.getUserMedia).toHaveBeenCalledWith({ audio: true });
    const fake = FakeMediaRecorder.current;
    expect(fake.mimeType).toBe('audio/webm;codecs=opus');
    expect(fake.state).toBe('recording');
    expect(fake.timeslice).toBe(1000);
    fake.emit('abc');
    vi.advanceTimersByTime(2000);
    recorder.pause();
    expect(fake.state).toBe('paused');
    vi.advanceTimersByTime(5000);
    recorder.resume();
    expect(fake.state).toBe('recording');
    vi.advanceTimersByTime(1000);
    const stopping = recorder.stop();
    vi.advanceTimersByTime(1);
    const recorded = await stopping;
    expect(recorded).not.toBeNull();
    expect(recorded!.mimeType).toBe('audio/webm;codecs=opus');
    expect(recorded!.durationMs).toBe(3000);
    expect(await recorded!.blob.text()).toBe('abcfin');
    expect(media.streams[0]!.track.stop).toHaveBeenCalled();
    expect(recorder.active).toBe(false);
  });

  it('stops keeping sound at the size limit and says so', async () => {
    const recorder = new AnswerRecorder();
    const onLimit = vi.fn();
    recorder.onLimit = onLimit;
    await recorder.start({ maxBytes: 200 * 1024, maxMs: LIMITS.maxMs });
    const fake = FakeMediaRecorder.current;
    fake.emit(100 * 1024);
    expect(onLimit).not.toHaveBeenCalled();
    fake.emit(60 * 1024);
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect(fake.state).toBe('paused');
    // The dictation may resume; the sound does not.
    recorder.resume();
    expect(fake.state).toBe('paused');
    const recorded = await recorder.stop();
    expect(recorded!.blob.size).toBe(160 * 1024 + 3);
  });

  it('stops keeping sound at the length limit', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const recorder = new AnswerRecorder();
    const onLimit = vi.fn();
    recorder.onLimit = onLimit;
    await recorder.start({ maxBytes: LIMITS.maxBytes, maxMs: 60_000 });
    vi.advanceTimersByTime(59_000);
    expect(onLimit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onLimit).toHaveBeenCalledTimes(1);
    const stopping = recorder.stop();
    vi.advanceTimersByTime(1);
    expect((await stopping)!.durationMs).toBe(60_000);
  });

  it('gives nothing when the microphone is refused or the browser makes no usable format', async () => {
    installFakeMedia({ allow: false });
    const recorder = new AnswerRecorder();
    await expect(recorder.start(LIMITS)).resolves.toBe(false);
    expect(recorder.active).toBe(false);
    await expect(recorder.stop()).resolves.toBeNull();

    installFakeMedia();
    FakeMediaRecorder.supported = new Set();
    await expect(recorder.start(LIMITS)).resolves.toBe(false);
  });

  it('cancel drops the sound and frees the microphone', async () => {
    const media = installFakeMedia();
    const recorder = new AnswerRecorder();
    await recorder.start(LIMITS);
    FakeMediaRecorder.current.emit('abc');
    recorder.cancel();
    expect(media.streams[0]!.track.stop).toHaveBeenCalled();
    expect(recorder.active).toBe(false);
    await expect(recorder.stop()).resolves.toBeNull();
  });
});

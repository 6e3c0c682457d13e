// Recording of visits: every word is taken out of rrweb's events before they leave (the scrubber), the
// recorder batches them like analytics and stops dead when consent goes, and the app only starts it for
// someone who ticked it on a server that offers it (PostHog with POSTHOG_SESSION_RECORDING).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportRouteChange } from '../../../src/lib/analytics';
import { reloadConsent, saveConsent } from '../../../src/lib/consent';
import { clearSession } from '../../../src/lib/session';
import { startAnalytics } from '../../../src/features/privacy/analytics';
import { resetAnalyticsDestination } from '../../../src/features/privacy/api/get-analytics-destination';
import { postHogSnapshot } from '../../../src/features/privacy/api/send-recording-batch';
import type {
  RecordingEvent,
  SessionRecordingDestination,
} from '../../../src/features/privacy/recording-types';
import {
  MASK,
  RECORDING_BATCH_SIZE,
  RECORDING_MAX_QUEUED,
  createSessionRecorder,
  scrubRecordingEvent,
  type RecordFunction,
  type SessionRecorder,
} from '../../../src/features/privacy/session-recording';
import { jsonReply, mockFetch } from '../support/fetch-mock';

const STORY = 'Ma grand-mère Louise chantait au lavoir';

function fullSnapshot(): RecordingEvent {
  return {
    type: 2,
    timestamp: 1,
    data: {
      node: {
        type: 0,
        id: 1,
        childNodes: [
          {
            type: 2,
            id: 2,
            tagName: 'html',
            attributes: { lang: 'fr' },
            childNodes: [
              {
                type: 2,
                id: 3,
                tagName: 'head',
                attributes: {},
                childNodes: [
                  {
                    type: 2,
                    id: 4,
                    tagName: 'title',
                    attributes: {},
                    childNodes: [{ type: 3, id: 5, textContent: `${STORY} – Chapitres` }],
                  },
                  {
                    type: 2,
                    id: 6,
                    tagName: 'style',
                    attributes: {},
                    childNodes: [{ type: 3, id: 7, textContent: 'body{color:red}', isStyle: true }],
                  },
                  {
                    type: 2,
                    id: 8,
                    tagName: 'link',
                    attributes: { rel: 'stylesheet', href: '/assets/index.css' },
                    childNodes: [],
                  },
                  {
                    type: 2,
                    id: 9,
                    tagName: 'meta',
                    attributes: { name: 'description', content: STORY },
                    childNodes: [],
                  },
                ],
              },
              {
                type: 2,
                id: 10,
                tagName: 'body',
                attributes: { class: 'page' },
                childNodes: [
                  { type: 3, id: 11, textContent: '\n  ' },
                  {
                    type: 2,
                    id: 12,
                    tagName: 'p',
                    attributes: { title: STORY, 'aria-label': STORY },
                    childNodes: [{ type: 3, id: 13, textContent: STORY }],
                  },
                  {
                    type: 2,
                    id: 14,
                    tagName: 'img',
                    attributes: { alt: STORY, src: '/api/v1/images/x.jpg', rr_width: '300px' },
                    childNodes: [],
                  },
                  {
                    type: 2,
                    id: 15,
                    tagName: 'a',
                    attributes: {
                      href: 'https://chapitres.example/s/secret-token',
                      onclick: 'x()',
                    },
                    childNodes: [{ type: 3, id: 16, textContent: 'Lire' }],
                  },
                  {
                    type: 2,
                    id: 17,
                    tagName: 'textarea',
                    attributes: { value: STORY, placeholder: 'Votre souvenir' },
                    childNodes: [],
                  },
                  { type: 5, id: 18, textContent: STORY },
                ],
              },
            ],
          },
        ],
      },
      initialOffset: { top: 0, left: 0 },
    },
  };
}

describe('scrubRecordingEvent', () => {
  it('takes every word out of a full snapshot, keeping the layout and the CSS', () => {
    const event = fullSnapshot();
    const scrubbed = scrubRecordingEvent(event);
    const json = JSON.stringify(scrubbed);
    expect(json).not.toContain('Louise');
    expect(json).not.toContain('Votre souvenir');
    expect(json).not.toContain('secret-token');
    expect(json).not.toContain('x.jpg');
    expect(json).not.toContain('x()');
    // Kept: the structure, the styles, the stylesheet's address, whitespace, sizes, classes.
    expect(json).toContain('body{color:red}');
    expect(json).toContain('/assets/index.css');
    expect(json).toContain('"class":"page"');
    expect(json).toContain('"rr_width":"300px"');
    expect(json).toContain('"textContent":"\\n  "');
    expect(json.split(MASK).length - 1).toBeGreaterThanOrEqual(10);
    // The original is left alone (rrweb may still hold it).
    expect(JSON.stringify(event)).toContain('Louise');
  });

  it('masks text and attribute changes, added nodes and typed input', () => {
    const mutation = scrubRecordingEvent({
      type: 3,
      timestamp: 2,
      data: {
        source: 0,
        texts: [
          { id: 13, value: STORY },
          { id: 11, value: ' ' },
        ],
        attributes: [{ id: 14, attributes: { alt: STORY, style: { width: '10px' }, title: null } }],
        removes: [],
        adds: [
          {
            parentId: 10,
            nextId: null,
            node: {
              type: 2,
              id: 30,
              tagName: 'li',
              attributes: {},
              childNodes: [{ type: 3, id: 31, textContent: STORY }],
            },
          },
        ],
      },
    });
    expect(JSON.stringify(mutation)).not.toContain('Louise');
    expect(mutation.data).toMatchObject({
      texts: [
        { id: 13, value: MASK },
        { id: 11, value: ' ' },
      ],
      attributes: [{ id: 14, attributes: { alt: MASK, style: { width: '10px' }, title: null } }],
    });
    const input = scrubRecordingEvent({
      type: 3,
      timestamp: 3,
      data: { source: 5, id: 17, text: STORY, isChecked: false },
    });
    expect(input.data).toEqual({ source: 5, id: 17, text: MASK, isChecked: false });
    // Mouse movements and scrolling go as they are.
    const scroll = { type: 3, timestamp: 4, data: { source: 3, id: 1, x: 0, y: 120 } };
    expect(scrubRecordingEvent(scroll)).toEqual(scroll);
  });

  it('keeps only the shape of the page address, and drops custom events', () => {
    const meta = scrubRecordingEvent({
      type: 4,
      timestamp: 5,
      data: {
        href: 'https://chapitres.example/reset-password?token=abc123#x',
        width: 390,
        height: 844,
      },
    });
    expect(meta.data).toEqual({
      href: 'https://chapitres.example/reset-password',
      width: 390,
      height: 844,
    });
    const chapter = scrubRecordingEvent({
      type: 4,
      timestamp: 6,
      data: {
        href: 'https://chapitres.example/conversations/6f1c2f7e-0000-4000-8000-000000000001',
        width: 1,
        height: 1,
      },
    });
    expect((chapter.data as { href: string }).href).toBe(
      'https://chapitres.example/conversations/:id',
    );
    expect(
      scrubRecordingEvent({ type: 5, timestamp: 7, data: { tag: 'x', payload: STORY } }).data,
    ).toEqual({});
  });
});

const destination: SessionRecordingDestination = {
  host: 'https://ph.example',
  apiKey: 'phc_test',
  distinctId: () => 'visit-1',
  sessionId: 'session-1',
  windowId: 'window-1',
};

/** A stand-in for rrweb's record(): the test emits events through it. */
function fakeRecord() {
  let emit: ((event: RecordingEvent) => void) | null = null;
  const stopped = vi.fn();
  const record = vi.fn((options: { emit: (event: RecordingEvent) => void }) => {
    emit = options.emit;
    return stopped;
  }) as unknown as RecordFunction & ReturnType<typeof vi.fn>;
  const takeFullSnapshot = vi.fn(() => emit?.(fullSnapshot()));
  record.takeFullSnapshot = takeFullSnapshot;
  return {
    record,
    stopped,
    takeFullSnapshot,
    emit: (event: RecordingEvent) => emit?.(event),
    get started() {
      return emit !== null;
    },
  };
}

function scroll(y: number): RecordingEvent {
  return { type: 3, timestamp: 100 + y, data: { source: 3, id: 1, x: 0, y } };
}

describe('the recorder', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends scrubbed events in batches of 50 or every 5 s, as PostHog $snapshot events', async () => {
    const fake = fakeRecord();
    const sent: RecordingEvent[][] = [];
    const recorder = createSessionRecorder({
      loadRecord: async () => fake.record,
      send: async (_destination, events) => {
        sent.push(events);
      },
    });
    recorder.start(destination);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.started).toBe(true);
    expect(fake.record.mock.calls[0][0]).toMatchObject({
      maskAllInputs: true,
      maskTextSelector: '*',
      recordCanvas: false,
      inlineImages: false,
    });
    fake.emit(fullSnapshot());
    for (let i = 1; i < RECORDING_BATCH_SIZE; i += 1) fake.emit(scroll(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(RECORDING_BATCH_SIZE);
    expect(JSON.stringify(sent)).not.toContain('Louise');
    fake.emit(scroll(500));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual([scroll(500)]);

    expect(postHogSnapshot(destination, sent[1])).toEqual({
      api_key: 'phc_test',
      batch: [
        {
          event: '$snapshot',
          properties: {
            distinct_id: 'visit-1',
            $session_id: 'session-1',
            $window_id: 'window-1',
            $snapshot_source: 'web',
            $snapshot_data: [scroll(500)],
            $lib: 'chapitres-web',
          },
          timestamp: new Date(600).toISOString(),
        },
      ],
    });
    recorder.stop();
  });

  it('keeps a batch that did not arrive, and starts afresh with a full snapshot past 500', async () => {
    const fake = fakeRecord();
    let online = false;
    const sent: RecordingEvent[][] = [];
    const recorder = createSessionRecorder({
      loadRecord: async () => fake.record,
      send: async (_destination, events) => {
        if (!online) throw Object.assign(new Error('offline'), { status: null });
        sent.push(events);
      },
    });
    recorder.start(destination);
    await vi.advanceTimersByTimeAsync(0);
    fake.emit(fullSnapshot());
    fake.emit(scroll(1));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(recorder.queued).toBe(2);
    for (let i = 0; i < RECORDING_MAX_QUEUED; i += 1) fake.emit(scroll(i));
    await vi.advanceTimersByTimeAsync(0);
    // Over the bound: everything dropped, and rrweb asked for a new full snapshot to start from.
    expect(fake.takeFullSnapshot).toHaveBeenCalledWith(true);
    expect(recorder.queued).toBeLessThan(RECORDING_BATCH_SIZE);
    online = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent.flat()[0].type).toBe(2);
    recorder.stop();
  });

  it('stops at once: the recorder, the timer, what waits and what is on its way', async () => {
    const fake = fakeRecord();
    let aborted = false;
    const sends = vi.fn(
      (
        _destination: SessionRecordingDestination,
        _events: RecordingEvent[],
        options: { signal: AbortSignal },
      ) =>
        new Promise<void>((_resolve, reject) => {
          options.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    const recorder = createSessionRecorder({ loadRecord: async () => fake.record, send: sends });
    recorder.start(destination);
    await vi.advanceTimersByTimeAsync(0);
    fake.emit(fullSnapshot());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sends).toHaveBeenCalledTimes(1);
    fake.emit(scroll(1));
    recorder.stop();
    expect(fake.stopped).toHaveBeenCalled();
    expect(aborted).toBe(true);
    expect(recorder.queued).toBe(0);
    fake.emit(scroll(2));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sends).toHaveBeenCalledTimes(1);
    expect(recorder.recording).toBe(false);
  });

  it('a recorder that cannot start leaves the page alone and records nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const send = vi.fn();
    const broken = (() => {
      throw new Error('MutationObserver missing');
    }) as unknown as RecordFunction;
    const recorder = createSessionRecorder({ loadRecord: async () => broken, send });
    recorder.start(destination);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(recorder.recording).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });

  it('never starts rrweb when stopped while its chunk was loading', async () => {
    const fake = fakeRecord();
    let resolve: (record: RecordFunction) => void = () => {};
    const recorder = createSessionRecorder({
      loadRecord: () => new Promise<RecordFunction>((r) => (resolve = r)),
      send: vi.fn(),
    });
    recorder.start(destination);
    recorder.stop();
    resolve(fake.record);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.record).not.toHaveBeenCalled();
  });
});

describe('the app starts recording only for someone who ticked it, where it is offered', () => {
  const posthogConfig = (sessionRecording: boolean) => ({
    analytics: {
      provider: 'posthog',
      posthog_host: 'https://ph.example/',
      posthog_key: 'phc_test',
      session_recording: sessionRecording,
    },
  });

  function fakeRecorder(): SessionRecorder & { starts: SessionRecordingDestination[] } {
    const starts: SessionRecordingDestination[] = [];
    let recording = false;
    return {
      starts,
      get recording() {
        return recording;
      },
      queued: 0,
      start(next) {
        if (recording) return;
        recording = true;
        starts.push(next);
      },
      stop() {
        recording = false;
      },
      flush: async () => {},
    };
  }

  let stop: (() => void) | null = null;
  beforeEach(() => {
    vi.useFakeTimers();
    clearSession();
    window.localStorage.clear();
    reloadConsent();
    resetAnalyticsDestination();
    reportRouteChange('/');
  });
  afterEach(() => {
    stop?.();
    stop = null;
    vi.useRealTimers();
  });

  it.each([
    ['analytics only', { recording: false }, true],
    ['a server that does not offer it', { recording: true }, false],
  ])('does not record with %s', async (_label, choice, offered) => {
    mockFetch({
      'GET /api/v1/config': jsonReply(posthogConfig(offered)),
      'POST /batch/': jsonReply({ status: 1 }),
    });
    const recorder = fakeRecorder();
    stop = startAnalytics({ recorder });
    saveConsent(true, choice);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(recorder.starts).toHaveLength(0);
  });

  it('records after the ticked acceptance, to the PostHog host, and stops when it is withdrawn', async () => {
    mockFetch({
      'GET /api/v1/config': jsonReply(posthogConfig(true)),
      'POST /batch/': jsonReply({ status: 1 }),
    });
    const recorder = fakeRecorder();
    stop = startAnalytics({ recorder });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(recorder.starts).toHaveLength(0);
    saveConsent(true, { recording: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(recorder.recording).toBe(true);
    expect(recorder.starts[0]).toMatchObject({ host: 'https://ph.example', apiKey: 'phc_test' });
    expect(recorder.starts[0].sessionId).not.toBe(recorder.starts[0].windowId);
    saveConsent(true, { recording: false });
    expect(recorder.recording).toBe(false);
    saveConsent(true, { recording: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(recorder.recording).toBe(true);
    saveConsent(false, { recording: true });
    expect(recorder.recording).toBe(false);
    expect(JSON.parse(window.localStorage.getItem('chapitres.consent')!)).toMatchObject({
      analytics: false,
      recording: false,
    });
  });
});

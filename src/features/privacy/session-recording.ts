// Recording of visits (issue 8): only with the PostHog provider, only when the operator turned it on
// (POSTHOG_SESSION_RECORDING) and only for a person who ticked it in the privacy choice, on top of
// audience measurement. rrweb records the screens; before anything leaves the device every text, every
// input, every picture and every attribute that can carry words is replaced, so no story, name or
// caption is ever recorded: what remains is the layout, the clicks and the scrolling.
//
// Events wait in memory only and leave like analytics do: in batches of at most 50, every 5 s, one
// request at a time with a 90 s timeout, the rest with a keepalive request when the page is hidden.
// Withdrawing consent stops the recorder, drops what waits and cancels what is on its way.
import type { RecordingEvent, SessionRecordingDestination } from './recording-types';
import { normalisePath } from './page-path';
import { requestSignal } from './request-signal';

export const RECORDING_BATCH_SIZE = 50;
export const RECORDING_FLUSH_INTERVAL_MS = 5_000;
export const RECORDING_REQUEST_TIMEOUT_MS = 90_000;
/** Beyond this many waiting events (a long time offline) they are dropped and a new full snapshot taken. */
export const RECORDING_MAX_QUEUED = 500;

/** What stands in for every text and input value. Fixed, so that not even a length is recorded. */
export const MASK = '***';

/** rrweb's record(), or a stand-in in tests: starts recording, returns the function that stops it. */
export type RecordFunction = ((options: {
  emit: (event: RecordingEvent) => void;
  [option: string]: unknown;
}) => (() => void) | undefined) & { takeFullSnapshot?: (isCheckout?: boolean) => void };

export type RecordingSender = (
  destination: SessionRecordingDestination,
  events: RecordingEvent[],
  options: { keepalive: boolean; signal: AbortSignal },
) => Promise<void>;

// rrweb's event and node kinds (from @rrweb/types and rrweb-snapshot).
const EVENT_FULL_SNAPSHOT = 2;
const EVENT_INCREMENTAL = 3;
const EVENT_META = 4;
const SOURCE_MUTATION = 0;
const SOURCE_INPUT = 5;
const NODE_ELEMENT = 2;
const NODE_TEXT = 3;
const NODE_CDATA = 4;
const NODE_COMMENT = 5;

/** Attributes that can hold words someone wrote or read (a caption as alt text, a title, a link). */
const WORDY_ATTRIBUTES = new Set([
  'alt',
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'aria-placeholder',
  'placeholder',
  'value',
  'content',
  'label',
  'download',
  'href',
  'src',
  'srcset',
  'poster',
  'action',
  'data',
]);

/** The options given to rrweb's record(): mask everything it can, record nothing heavy. */
export const RECORD_OPTIONS = {
  maskAllInputs: true,
  maskTextSelector: '*',
  maskTextFn: () => MASK,
  maskInputFn: () => MASK,
  // Pictures (a person's photos, drawn illustrations, book covers and pages) are never recorded: a
  // grey box of the same size stands in for each.
  blockSelector: 'img, picture, video, audio, canvas, iframe, object, embed, svg image',
  recordCanvas: false,
  collectFonts: false,
  inlineImages: false,
  inlineStylesheet: true,
  sampling: { mousemove: false, mouseInteraction: true, scroll: 150, input: 'last' },
  slimDOMOptions: 'all',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scrubAttributes(attributes: unknown, tagName: string | null): void {
  if (!isRecord(attributes)) return;
  for (const name of Object.keys(attributes)) {
    const lower = name.toLowerCase();
    // A stylesheet's address is the app's own file, needed to draw the replay; every other link goes.
    if (lower === 'href' && tagName === 'link') continue;
    if (WORDY_ATTRIBUTES.has(lower) || lower.startsWith('on')) {
      if (attributes[name] !== null) attributes[name] = MASK;
    }
  }
}

/** Masks one serialized node and everything inside it. */
function scrubNode(node: unknown): void {
  if (!isRecord(node)) return;
  const type = node.type;
  if (type === NODE_TEXT || type === NODE_CDATA || type === NODE_COMMENT) {
    // Style text (the app's CSS) is kept so the replay looks right; every other text is masked.
    if (!(type === NODE_TEXT && node.isStyle === true) && typeof node.textContent === 'string')
      node.textContent = node.textContent.trim() === '' ? node.textContent : MASK;
    return;
  }
  if (type === NODE_ELEMENT)
    scrubAttributes(node.attributes, String(node.tagName ?? '').toLowerCase());
  if (Array.isArray(node.childNodes)) for (const child of node.childNodes) scrubNode(child);
}

/** The address without its query, fragment or ids (a reset link's token, a chapter's id). */
function scrubHref(href: unknown): unknown {
  if (typeof href !== 'string') return href;
  try {
    const url = new URL(href);
    return `${url.origin}${normalisePath(url.pathname)}`;
  } catch {
    return MASK;
  }
}

/**
 * A copy of the event with every word taken out: text nodes, input values, the attributes that can
 * carry words, and the page address's identifying parts. rrweb masks too; this is the guarantee.
 */
export function scrubRecordingEvent(event: RecordingEvent): RecordingEvent {
  const copy = structuredClone(event);
  const data = copy.data;
  if (!isRecord(data)) return copy;
  if (copy.type === EVENT_META) {
    data.href = scrubHref(data.href);
  } else if (copy.type === EVENT_FULL_SNAPSHOT) {
    scrubNode(data.node);
  } else if (copy.type === EVENT_INCREMENTAL) {
    if (data.source === SOURCE_MUTATION) {
      if (Array.isArray(data.texts))
        for (const text of data.texts)
          if (isRecord(text) && typeof text.value === 'string' && text.value.trim() !== '')
            text.value = MASK;
      if (Array.isArray(data.attributes))
        for (const change of data.attributes)
          if (isRecord(change)) scrubAttributes(change.attributes, null);
      if (Array.isArray(data.adds))
        for (const add of data.adds) if (isRecord(add)) scrubNode(add.node);
    } else if (data.source === SOURCE_INPUT) {
      if (typeof data.text === 'string') data.text = MASK;
    }
  } else if (copy.type > EVENT_META) {
    // Custom, plugin and asset events are never recorded (DOMContentLoaded and Load hold nothing).
    copy.data = {};
  }
  return copy;
}

export interface SessionRecorder {
  /** Starts recording to this destination (does nothing when already recording). */
  start(destination: SessionRecordingDestination): void;
  /** Stops recording, drops what waits and cancels a batch on its way. */
  stop(): void;
  readonly recording: boolean;
  /** Number of events waiting (not counting a batch on its way). */
  readonly queued: number;
  /** Sends what is waiting. `keepalive` (page hidden) sends it all at once and does not wait. */
  flush(options?: { keepalive?: boolean }): Promise<void>;
}

function isRetryable(error: unknown): boolean {
  const status = (error as { status?: number | null } | null)?.status;
  return (
    status === undefined || status === null || status === 408 || status === 429 || status >= 500
  );
}

export function createSessionRecorder(options: {
  /** Loads rrweb's record() (a chunk of its own, fetched only when a person opted in). */
  loadRecord: () => Promise<RecordFunction>;
  send: RecordingSender;
}): SessionRecorder {
  let running = false;
  // Raised at each start and stop: a record() still loading for an earlier start is not used.
  let generation = 0;
  let destination: SessionRecordingDestination | null = null;
  let stopRecording: (() => void) | undefined;
  let recordFunction: RecordFunction | null = null;
  let queue: RecordingEvent[] = [];
  let inFlight: Promise<void> | null = null;
  let cancel = new AbortController();
  let timer: ReturnType<typeof setInterval> | undefined;

  function overflowed() {
    // Incremental events mean nothing without the snapshot before them: start afresh.
    queue = [];
    recordFunction?.takeFullSnapshot?.(true);
  }

  async function drain(everything: boolean): Promise<void> {
    while (
      running &&
      destination &&
      (queue.length >= RECORDING_BATCH_SIZE || (everything && queue.length > 0))
    ) {
      const batch = queue.splice(0, RECORDING_BATCH_SIZE);
      const { signal, done } = requestSignal(cancel.signal, RECORDING_REQUEST_TIMEOUT_MS);
      try {
        await options.send(destination, batch, { keepalive: false, signal });
      } catch (error) {
        if (running && isRetryable(error)) {
          queue = [...batch, ...queue];
          if (queue.length > RECORDING_MAX_QUEUED) overflowed();
        }
        return;
      } finally {
        done();
      }
    }
  }

  function flush({ keepalive = false } = {}): Promise<void> {
    if (!running || !destination || queue.length === 0) return inFlight ?? Promise.resolve();
    if (keepalive) {
      const target = destination;
      while (queue.length > 0) {
        const batch = queue.splice(0, RECORDING_BATCH_SIZE);
        const { signal, done } = requestSignal(cancel.signal, RECORDING_REQUEST_TIMEOUT_MS);
        options
          .send(target, batch, { keepalive: true, signal })
          .catch(() => {
            // The page is going away: a lost batch of screen movements is not worth keeping.
          })
          .finally(done);
      }
      return Promise.resolve();
    }
    if (inFlight) return inFlight;
    const run = drain(true).then(() => {
      inFlight = null;
    });
    inFlight = run;
    return run;
  }

  function onEvent(event: RecordingEvent) {
    if (!running) return;
    queue.push(scrubRecordingEvent(event));
    if (queue.length > RECORDING_MAX_QUEUED) overflowed();
    else if (queue.length >= RECORDING_BATCH_SIZE && !inFlight) void flush();
  }

  return {
    get recording() {
      return running;
    },
    get queued() {
      return queue.length;
    },
    start(next) {
      if (running) return;
      running = true;
      destination = next;
      cancel = new AbortController();
      const mine = ++generation;
      options.loadRecord().then(
        (record) => {
          if (mine !== generation || !running) return;
          try {
            stopRecording = record({ ...RECORD_OPTIONS, emit: onEvent }) ?? undefined;
          } catch (error) {
            // Recording must never break what the person was doing: this visit is not recorded.
            console.warn('Session recording failed to start', error);
            running = false;
            return;
          }
          recordFunction = record;
          timer = setInterval(() => void flush(), RECORDING_FLUSH_INTERVAL_MS);
        },
        (error: unknown) => {
          // The recorder's chunk could not load (offline): nothing is recorded this visit.
          console.warn('Session recording unavailable', error);
          if (mine === generation) running = false;
        },
      );
    },
    stop() {
      generation += 1;
      running = false;
      stopRecording?.();
      stopRecording = undefined;
      recordFunction = null;
      clearInterval(timer);
      timer = undefined;
      queue = [];
      cancel.abort();
      destination = null;
    },
    flush,
  };
}

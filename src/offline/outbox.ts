// The outbox: every change made on this device is written here first, then replayed to the server
// one at a time, oldest first, by the sender a feature registered for its (entity, field).
//
// Guarantees, and how they are kept:
// - Merging: a newer change to the same (entity, entityId, field) replaces an older one that was never
//   handed to the network (keeping its place in the queue and its oldest baseUpdatedAt). Once an op
//   has been attempted the server may hold it, so a newer change becomes a new op behind it: an opId
//   is therefore only ever sent with one payload, and a resend after a crash reuses the same opId as
//   Idempotency-Key, which the server answers once.
// - Ordering: a temporary failure (no network, 5xx, 429, 401) stops the run with a backoff; an op
//   that cannot go now (conflict waiting for the person, sender not registered yet) holds back only
//   the later ops of the same entity.
// - Conflicts are kept with both versions (the person chooses), never overwritten silently.
// - One replay at a time: a promise in this tab, and the Web Locks API across tabs when present.
// - Only its owner's: a change left by a person whose session expired never goes out under the next
//   person's session; it waits for the sign-in's claim (device-owner.ts), which wipes it.
import i18next from 'i18next';
import { toast } from 'react-hot-toast/headless';
import { db, type Conflict, type OutboxOp } from '../db/db';
import { getSession } from '../lib/session';
import { deviceDataReadyFor } from './device-owner';
import { createDeviceState } from './device-state';
import { isOnline, onConnectivityChange, reportNetworkFailure } from './connectivity';

export interface ChangeInput<Payload = unknown> {
  entity: string;
  entityId: string;
  field: string;
  payload: Payload;
  baseUpdatedAt: string | null;
}

/** What a sender may report back: the entity's new `updated_at`, so later edits are rebased on it. */
export interface SendResult {
  updatedAt?: string | null;
}

export type OutboxSender<Payload = unknown> = (
  op: OutboxOp<Payload>,
  context: { idempotencyKey: string },
) => Promise<SendResult | void>;

export type SenderRegistry = ReadonlyMap<string, OutboxSender>;

/**
 * Thrown by a sender that found, before writing, that the server's copy changed since
 * `op.baseUpdatedAt` (or built from a 409 the server answered). Carries the server's version.
 */
export class OutboxConflictError extends Error {
  constructor(
    readonly serverVersion: unknown,
    readonly serverUpdatedAt: string | null,
  ) {
    super('edit_conflict');
    this.name = 'OutboxConflictError';
  }
}

const LOCK_NAME = 'chapitres-outbox-replay';
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 5 * 60_000;
/** How soon the outbox looks again when a new session has not yet claimed the device's data. */
const CLAIM_WAIT_MS = 1_000;
/** 409 codes of the API that are not edit conflicts (api.md). */
const RETRYABLE_409 = new Set(['generation_in_progress']);

const senders = new Map<string, OutboxSender>();
const senderKey = (entity: string, field: string) => `${entity}/${field}`;
const entityKey = (op: Pick<OutboxOp, 'entity' | 'entityId'>) => `${op.entity}/${op.entityId}`;

/** Features register how to send their changes; `field` '*' covers every field of the entity. */
export function registerOutboxSender<Payload>(
  entity: string,
  field: string,
  sender: OutboxSender<Payload>,
): () => void {
  const key = senderKey(entity, field);
  senders.set(key, sender as OutboxSender);
  return () => {
    if (senders.get(key) === sender) senders.delete(key);
  };
}

function findSender(registry: SenderRegistry, op: OutboxOp): OutboxSender | undefined {
  return registry.get(senderKey(op.entity, op.field)) ?? registry.get(senderKey(op.entity, '*'));
}

/** Whether a replay is running in this tab (drives the "Envoi…" status). */
const replaying = createDeviceState(false);
export const outboxReplayingAtom = replaying.atom;

/** Exponential backoff with jitter, so that many devices coming back at once do not stampede. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

function newOpId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID only exists in secure contexts (https or localhost); a LAN address over http has not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Writes a change to the outbox (merging with a never-sent one for the same field); returns its opId. */
export async function enqueueChange<Payload>(change: ChangeInput<Payload>): Promise<string> {
  const opId = await db.transaction('rw', db.outbox, async () => {
    const unsent = await db.outbox
      .where('[entity+entityId+field]')
      .equals([change.entity, change.entityId, change.field])
      .filter((op) => op.status === 'pending' && op.attempts === 0)
      .first();
    if (unsent) {
      await db.outbox.update(unsent.opId, { payload: change.payload });
      return unsent.opId;
    }
    // Strictly increasing even within one millisecond, so "oldest first" is a total order.
    const last = await db.outbox.orderBy('createdAt').last();
    const createdAt = Math.max(Date.now(), (last?.createdAt ?? 0) + 1);
    const op: OutboxOp = {
      opId: newOpId(),
      entity: change.entity,
      entityId: change.entityId,
      field: change.field,
      payload: change.payload,
      baseUpdatedAt: change.baseUpdatedAt,
      createdAt,
      attempts: 0,
      // Due now: createdAt may run ahead of the clock by a few ms to keep the order strict.
      nextAttemptAt: Date.now(),
      status: 'pending',
      lastError: null,
    };
    await db.outbox.add(op);
    return op.opId;
  });
  if (isOnline()) requestReplay();
  return opId;
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'retry'; delayMs?: number; message: string }
  | { kind: 'conflict'; serverVersion: unknown; serverUpdatedAt: string | null }
  | { kind: 'drop'; message: string }
  | { kind: 'fail'; message: string };

interface ErrorLike {
  status?: unknown;
  reason?: unknown;
  type?: unknown;
  code?: unknown;
  message?: unknown;
  retryAfter?: unknown;
  detail?: unknown;
  body?: unknown;
  data?: unknown;
}

function errorType(error: ErrorLike): string | undefined {
  for (const candidate of [error.type, error.code])
    if (typeof candidate === 'string') return candidate;
  for (const holder of [error, error.body, error.data] as ErrorLike[]) {
    const detail = holder?.detail;
    if (Array.isArray(detail) && typeof detail[0]?.type === 'string')
      return detail[0].type as string;
  }
  return undefined;
}

const STATUS_BY_REASON: Record<string, number> = {
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  validation: 422,
  rate_limited: 429,
  payment_required: 402,
  server: 500,
};

/** Maps what a sender threw (ApiError from the api-client, a fetch TypeError, a conflict) to a decision. */
export function classifySendError(error: unknown): Exclude<Outcome, { kind: 'sent' }> {
  if (error instanceof OutboxConflictError) {
    return {
      kind: 'conflict',
      serverVersion: error.serverVersion,
      serverUpdatedAt: error.serverUpdatedAt,
    };
  }
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const message = typeof e.message === 'string' && e.message ? e.message : String(error);
  // fetch() rejects with a TypeError when no response came back.
  if (error instanceof TypeError || e.reason === 'network')
    return { kind: 'retry', message: 'network' };
  const status =
    typeof e.status === 'number'
      ? e.status
      : typeof e.reason === 'string'
        ? STATUS_BY_REASON[e.reason]
        : undefined;
  if (status === undefined) return { kind: 'retry', message };
  if (status === 409) {
    const type = errorType(e);
    if (type && RETRYABLE_409.has(type)) return { kind: 'retry', message: type };
    if (type && type !== 'edit_conflict' && type !== 'conflict') return { kind: 'fail', message };
    const server = e.body ?? e.data ?? null;
    const serverUpdatedAt =
      typeof server === 'object' &&
      server !== null &&
      typeof (server as { updated_at?: unknown }).updated_at === 'string'
        ? (server as { updated_at: string }).updated_at
        : null;
    return { kind: 'conflict', serverVersion: server, serverUpdatedAt };
  }
  if (status === 404 || status === 422) return { kind: 'drop', message };
  if (status === 429) {
    const seconds = typeof e.retryAfter === 'number' ? e.retryAfter : undefined;
    return { kind: 'retry', delayMs: seconds !== undefined ? seconds * 1000 : undefined, message };
  }
  // 401: the session is being renewed or ended elsewhere; keep the change and try later.
  if (status === 401 || status >= 500) return { kind: 'retry', message };
  return { kind: 'fail', message };
}

const FIELD_LABELS = {
  title: 'offline:outbox.fields.title',
  summary: 'offline:outbox.fields.summary',
  conv_author: 'offline:outbox.fields.conv_author',
  legend: 'offline:outbox.fields.legend',
  position: 'offline:outbox.fields.position',
  content: 'offline:outbox.fields.content',
  answers: 'offline:outbox.fields.answers',
  // The fields as the features name them: `legend:<image id>`, the image order, an onboarding answer.
  'image-order': 'offline:outbox.fields.position',
  answer: 'offline:outbox.fields.answers',
} as const;

function fieldLabel(field: string): string {
  const name = field.split(':')[0]!;
  const key = FIELD_LABELS[name as keyof typeof FIELD_LABELS] ?? 'offline:outbox.fields.other';
  return i18next.t(key);
}

function notify(op: OutboxOp, outcome: { kind: 'drop' | 'fail'; message: string }): void {
  const text = i18next.t(
    outcome.kind === 'drop' ? 'offline:outbox.dropped' : 'offline:outbox.failed',
    {
      what: fieldLabel(op.field),
      reason: outcome.message,
      // React renders text, and toasts are text: HTML-escaping the server's message would show entities.
      interpolation: { escapeValue: false },
    },
  );
  // One toast per op: a re-render or a second pass never piles them up.
  toast.error(text, { id: `outbox-${op.opId}` });
}

/** Hands the op to the network: increments `attempts` first, in the same transaction that reads it. */
async function claim(opId: string): Promise<OutboxOp | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const op = await db.outbox.get(opId);
    if (!op || op.status !== 'pending') return undefined;
    const claimed = { ...op, attempts: op.attempts + 1 };
    await db.outbox.put(claimed);
    return claimed;
  });
}

async function settle(op: OutboxOp, outcome: Outcome, result?: SendResult | void): Promise<void> {
  const now = Date.now();
  await db.transaction('rw', db.outbox, db.conflicts, async () => {
    // Gone meanwhile (local data cleared on logout, op discarded): nothing to record.
    if (!(await db.outbox.get(op.opId))) return;
    switch (outcome.kind) {
      case 'sent': {
        await db.outbox.delete(op.opId);
        const updatedAt = result?.updatedAt;
        if (updatedAt) {
          // Later edits of this entity were made against the version this op just replaced; without
          // this they would all look like conflicts with our own change.
          await db.outbox
            .where('[entity+entityId]')
            .equals([op.entity, op.entityId])
            .filter(
              (other) => other.status === 'pending' && other.baseUpdatedAt === op.baseUpdatedAt,
            )
            .modify({ baseUpdatedAt: updatedAt });
        }
        break;
      }
      case 'retry':
        await db.outbox.update(op.opId, {
          nextAttemptAt: now + (outcome.delayMs ?? retryDelayMs(op.attempts)),
          lastError: outcome.message,
        });
        break;
      case 'conflict': {
        await db.outbox.update(op.opId, { status: 'conflict', lastError: 'conflict' });
        const conflict: Conflict = {
          opId: op.opId,
          entity: op.entity,
          entityId: op.entityId,
          field: op.field,
          localPayload: op.payload,
          serverVersion: outcome.serverVersion,
          baseUpdatedAt: op.baseUpdatedAt,
          serverUpdatedAt: outcome.serverUpdatedAt,
          createdAt: now,
        };
        await db.conflicts.put(conflict);
        break;
      }
      case 'drop':
        await db.outbox.delete(op.opId);
        break;
      case 'fail':
        await db.outbox.update(op.opId, { status: 'failed', lastError: outcome.message });
        break;
    }
  });
  if (outcome.kind === 'drop' || outcome.kind === 'fail') notify(op, outcome);
}

export interface ReplayOptions {
  /** Ignore the backoff (the connection just came back). */
  force?: boolean;
}

export interface ReplayReport {
  sent: number;
  /** When the next attempt is due, if some ops are waiting on a backoff. */
  nextAttemptAt: number | null;
  /** True when another tab holds the replay lock. */
  skipped: boolean;
}

async function runOnce(registry: SenderRegistry, options: ReplayOptions): Promise<ReplayReport> {
  const report: ReplayReport = { sent: 0, nextAttemptAt: null, skipped: false };
  // Ops that cannot go now hold back the later ops of their entity only.
  const held = new Set<string>();
  const passed = new Set<string>();
  for (;;) {
    if (!isOnline()) return report;
    const queue = await db.outbox.orderBy('createdAt').toArray();
    let next: OutboxOp | undefined;
    for (const op of queue) {
      if (passed.has(op.opId)) continue;
      if (op.status === 'conflict' || !findSender(registry, op)) held.add(entityKey(op));
      if (op.status !== 'pending' || held.has(entityKey(op))) continue;
      next = op;
      break;
    }
    if (!next) return report;
    if (!options.force && next.nextAttemptAt > Date.now()) {
      report.nextAttemptAt = next.nextAttemptAt;
      return report;
    }
    // Someone else just signed in where another person's work waits unsent: it must not go out under
    // the new session (it would land in her account, or be refused and dropped). The claim that wipes
    // it runs at sign-in (and here, for a session that began without it); the outbox looks again once
    // it has.
    const user = getSession()?.user?.id;
    if (user && !(await deviceDataReadyFor(user))) {
      report.nextAttemptAt = Date.now() + CLAIM_WAIT_MS;
      return report;
    }
    const sender = findSender(registry, next)!;
    const op = await claim(next.opId);
    if (!op) {
      passed.add(next.opId);
      continue;
    }
    let outcome: Outcome;
    let result: SendResult | void = undefined;
    try {
      result = await sender(op, { idempotencyKey: op.opId });
      outcome = { kind: 'sent' };
    } catch (error) {
      outcome = classifySendError(error);
    }
    await settle(op, outcome, result);
    if (outcome.kind === 'sent') report.sent += 1;
    if (outcome.kind === 'conflict') held.add(entityKey(op));
    if (outcome.kind === 'retry') {
      if (outcome.message === 'network') reportNetworkFailure();
      const refreshed = await db.outbox.get(op.opId);
      report.nextAttemptAt = refreshed?.nextAttemptAt ?? null;
      return report;
    }
  }
}

let running: Promise<ReplayReport> | null = null;
let rerun: { registry: SenderRegistry; options: ReplayOptions } | null = null;

async function runLocked(registry: SenderRegistry, options: ReplayOptions): Promise<ReplayReport> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return runOnce(registry, options);
  const report = await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) =>
    lock ? runOnce(registry, options) : null,
  );
  return report ?? { sent: 0, nextAttemptAt: null, skipped: true };
}

/**
 * Sends the pending changes. Only one replay runs at a time: a call made while one runs returns the
 * running replay's promise, and one more pass follows it so changes queued meanwhile are not missed.
 */
export function replayOutbox(
  registry: SenderRegistry = senders,
  options: ReplayOptions = {},
): Promise<ReplayReport> {
  if (running) {
    rerun = { registry, options: { force: Boolean(rerun?.options.force || options.force) } };
    return running;
  }
  replaying.set(true);
  const run = (async () => {
    try {
      let report = await runLocked(registry, options);
      while (rerun) {
        const again = rerun;
        rerun = null;
        const more = await runLocked(again.registry, again.options);
        report = {
          sent: report.sent + more.sent,
          nextAttemptAt: more.nextAttemptAt,
          skipped: more.skipped,
        };
      }
      return report;
    } finally {
      // In the same turn as the last `rerun` check: a call made from now on starts its own replay
      // instead of joining one that will not look at the outbox again.
      running = null;
      rerun = null;
      replaying.set(false);
    }
  })();
  running = run;
  return run;
}

// ---- Triggers: app start, the connection coming back, a timer with backoff, each enqueue ----

let syncStarted = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const IDLE_CHECK_MS = 60_000;
/** A tab that lost the lock checks again later: the other tab may have closed. */
const LOCK_RETRY_MS = 30_000;

function schedule(at: number | null): void {
  if (!syncStarted) return;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (at === null) return;
  timer = setTimeout(() => requestReplay(), Math.max(1_000, at - Date.now()));
}

function requestReplay(options: ReplayOptions = {}): void {
  void replayOutbox(senders, options)
    .then(async (report) => {
      if (report.skipped) return schedule(Date.now() + LOCK_RETRY_MS);
      if (report.nextAttemptAt !== null) return schedule(report.nextAttemptAt);
      // Ops held for a sender that is not registered yet (lazy feature) get another look later.
      const waiting = await db.outbox.where('status').equals('pending').count();
      schedule(waiting > 0 ? Date.now() + IDLE_CHECK_MS : null);
    })
    .catch((error: unknown) => {
      console.error('outbox replay failed', error);
      schedule(Date.now() + IDLE_CHECK_MS);
    });
}

/**
 * Starts replaying: now, whenever the connection comes back (forcing past the backoff), when the app
 * becomes visible again, and on a backoff timer while changes wait. Call once at app start.
 */
export function startOutboxSync(): () => void {
  if (syncStarted) return () => {};
  syncStarted = true;
  const offConnectivity = onConnectivityChange(({ online }) => {
    if (online) requestReplay({ force: true });
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible' && isOnline()) requestReplay();
  };
  document.addEventListener('visibilitychange', onVisible);
  requestReplay();
  return () => {
    syncStarted = false;
    offConnectivity();
    document.removeEventListener('visibilitychange', onVisible);
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}

// ---- What the person can do about changes that could not go ----

/**
 * The person chose between their version and the server's. Keeping theirs sends it again against
 * the server version they saw; keeping the server's drops the local change.
 */
export async function resolveConflict(opId: string, keep: 'local' | 'server'): Promise<void> {
  await db.transaction('rw', db.outbox, db.conflicts, async () => {
    const conflict = await db.conflicts.get(opId);
    await db.conflicts.delete(opId);
    if (keep === 'server') {
      await db.outbox.delete(opId);
    } else {
      // The person has seen the saved version and chosen theirs: it is now made against that version,
      // so it must not meet the same conflict again (payloads that carry a `base` value lose it).
      const op = await db.outbox.get(opId);
      const payload = op?.payload;
      const rebased =
        payload && typeof payload === 'object' && 'base' in payload
          ? { ...(payload as Record<string, unknown>), base: null }
          : payload;
      await db.outbox.update(opId, {
        status: 'pending',
        payload: rebased,
        baseUpdatedAt: conflict?.serverUpdatedAt ?? null,
        nextAttemptAt: Date.now(),
        lastError: null,
      });
    }
  });
  if (isOnline()) requestReplay({ force: true });
}

/** Tries a failed change again (e.g. after the person fixed what the server refused). */
export async function retryOp(opId: string): Promise<void> {
  await db.outbox.update(opId, { status: 'pending', nextAttemptAt: Date.now(), lastError: null });
  if (isOnline()) requestReplay({ force: true });
}

export async function discardOp(opId: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.conflicts, async () => {
    await db.outbox.delete(opId);
    await db.conflicts.delete(opId);
  });
}

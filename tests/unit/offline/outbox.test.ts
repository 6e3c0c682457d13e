// The outbox: ordering, merging, retry with backoff, conflicts, dropped changes, idempotency, one replay at a time.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('react-hot-toast/headless', () => ({ toast: { error: toastError } }));
// Who is signed in, as the outbox sees it (the tests below switch person; the others have nobody).
const signedIn = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock('../../../src/lib/session', () => ({
  getSession: () =>
    signedIn.userId ? { token: `token-${signedIn.userId}`, user: { id: signedIn.userId } } : null,
}));

import { db, type OutboxOp } from '../../../src/db/db';
import { claimDeviceData, rememberDeviceOwner } from '../../../src/offline/device-owner';
import {
  isOnline,
  reportNetworkFailure,
  reportNetworkSuccess,
} from '../../../src/offline/connectivity';
import {
  OutboxConflictError,
  classifySendError,
  enqueueChange,
  registerOutboxSender,
  replayOutbox,
  resolveConflict,
  retryDelayMs,
  type OutboxSender,
  type SenderRegistry,
} from '../../../src/offline/outbox';
import { setUpI18n } from './support/i18n';

interface Sent {
  opId: string;
  key: string;
  entity: string;
  entityId: string;
  field: string;
  payload: unknown;
  baseUpdatedAt: string | null;
}

function recorder() {
  const sent: Sent[] = [];
  const sender: OutboxSender = async (op, { idempotencyKey }) => {
    sent.push({
      opId: op.opId,
      key: idempotencyKey,
      entity: op.entity,
      entityId: op.entityId,
      field: op.field,
      payload: op.payload,
      baseUpdatedAt: op.baseUpdatedAt,
    });
  };
  return { sent, sender };
}

function registry(entries: Record<string, OutboxSender>): SenderRegistry {
  return new Map(Object.entries(entries));
}

/** Enqueue while offline so the automatic replay after each enqueue does not interfere. */
async function enqueueOffline(
  ...changes: Parameters<typeof enqueueChange>[0][]
): Promise<string[]> {
  reportNetworkFailure();
  const ids: string[] = [];
  for (const change of changes) ids.push(await enqueueChange(change));
  reportNetworkSuccess();
  return ids;
}

const T0 = '2025-03-01T10:00:00.000Z';
const T1 = '2025-03-01T11:00:00.000Z';
const T2 = '2025-03-01T12:00:00.000Z';

beforeAll(async () => {
  await setUpI18n('fr');
  // Probes for /healthz after a network failure must not reach anything. They answer "reachable": a
  // probe started by one test and landing during a later one must not turn that one offline.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 200 })),
  );
});

beforeEach(async () => {
  signedIn.userId = null;
  reportNetworkSuccess();
  toastError.mockClear();
  await Promise.all(db.tables.map((table) => table.clear()));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('enqueueChange', () => {
  it('keeps one pending op per field: the newest payload with the oldest base', async () => {
    const [first, second] = await enqueueOffline(
      {
        entity: 'chapter',
        entityId: 'c1',
        field: 'title',
        payload: { title: 'Mon enfance' },
        baseUpdatedAt: T0,
      },
      {
        entity: 'chapter',
        entityId: 'c1',
        field: 'title',
        payload: { title: 'Mon enfance à Lyon' },
        baseUpdatedAt: T1,
      },
    );
    expect(second).toBe(first);
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      payload: { title: 'Mon enfance à Lyon' },
      baseUpdatedAt: T0,
      attempts: 0,
      status: 'pending',
    });
  });

  it('does not merge different fields or different entities', async () => {
    await enqueueOffline(
      { entity: 'chapter', entityId: 'c1', field: 'title', payload: 'a', baseUpdatedAt: T0 },
      { entity: 'chapter', entityId: 'c1', field: 'summary', payload: 'b', baseUpdatedAt: T0 },
      { entity: 'chapter', entityId: 'c2', field: 'title', payload: 'c', baseUpdatedAt: T0 },
    );
    expect(await db.outbox.count()).toBe(3);
  });

  it('gives strictly increasing positions even within one millisecond', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
    await enqueueOffline(
      { entity: 'chapter', entityId: 'c1', field: 'title', payload: 1, baseUpdatedAt: T0 },
      { entity: 'chapter', entityId: 'c2', field: 'title', payload: 2, baseUpdatedAt: T0 },
      { entity: 'chapter', entityId: 'c3', field: 'title', payload: 3, baseUpdatedAt: T0 },
    );
    const created = (await db.outbox.orderBy('createdAt').toArray()).map((op) => [
      op.entityId,
      op.createdAt,
    ]);
    expect(created.map(([id]) => id)).toEqual(['c1', 'c2', 'c3']);
    expect(new Set(created.map(([, at]) => at)).size).toBe(3);
  });
});

describe('replayOutbox', () => {
  it('sends oldest first, one at a time, with the opId as Idempotency-Key, then empties the outbox', async () => {
    const { sent, sender } = recorder();
    const ids = await enqueueOffline(
      { entity: 'chapter', entityId: 'c1', field: 'title', payload: 'A', baseUpdatedAt: T0 },
      { entity: 'image', entityId: 'i1', field: 'legend', payload: 'B', baseUpdatedAt: T0 },
      { entity: 'chapter', entityId: 'c2', field: 'summary', payload: 'C', baseUpdatedAt: T0 },
    );
    const report = await replayOutbox(registry({ 'chapter/*': sender, 'image/legend': sender }));
    expect(report.sent).toBe(3);
    expect(sent.map((s) => s.payload)).toEqual(['A', 'B', 'C']);
    expect(sent.map((s) => s.key)).toEqual(ids);
    expect(sent.every((s) => s.key === s.opId)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the change and backs off on a network error, without sending later changes', async () => {
    const { sent, sender } = recorder();
    let fail = true;
    const flaky: OutboxSender = async (op, ctx) => {
      if (fail) throw new TypeError('Failed to fetch');
      await sender(op, ctx);
    };
    await enqueueOffline(
      { entity: 'chapter', entityId: 'c1', field: 'title', payload: 'first', baseUpdatedAt: T0 },
      { entity: 'chapter', entityId: 'c2', field: 'title', payload: 'second', baseUpdatedAt: T0 },
    );
    const before = Date.now();
    const report = await replayOutbox(registry({ 'chapter/title': flaky }));
    expect(report.sent).toBe(0);
    expect(sent).toHaveLength(0);
    // A request that got no answer means offline, whatever navigator.onLine says.
    expect(isOnline()).toBe(false);
    const [kept] = await db.outbox.orderBy('createdAt').toArray();
    expect(kept).toMatchObject({
      payload: 'first',
      attempts: 1,
      status: 'pending',
      lastError: 'network',
    });
    expect(kept!.nextAttemptAt - before).toBeGreaterThanOrEqual(1_600);
    expect(kept!.nextAttemptAt - before).toBeLessThanOrEqual(2_400 + 100);
    expect(report.nextAttemptAt).toBe(kept!.nextAttemptAt);

    // Back online: the backoff is respected by the timer-driven replay…
    reportNetworkSuccess();
    fail = false;
    expect((await replayOutbox(registry({ 'chapter/title': flaky }))).sent).toBe(0);
    // …and skipped when the connection just came back.
    expect((await replayOutbox(registry({ 'chapter/title': flaky }), { force: true })).sent).toBe(
      2,
    );
    expect(sent.map((s) => s.payload)).toEqual(['first', 'second']);
  });

  it('retries 5xx with a growing delay', async () => {
    const failing: OutboxSender = async () => {
      throw Object.assign(new Error('Service Unavailable'), { status: 503, reason: 'server' });
    };
    await enqueueOffline({
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      payload: 'x',
      baseUpdatedAt: T0,
    });
    const reg = registry({ 'chapter/title': failing });
    const delays: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const start = Date.now();
      await replayOutbox(reg, { force: true });
      const [op] = await db.outbox.toArray();
      expect(op).toMatchObject({
        attempts: i + 1,
        status: 'pending',
        lastError: 'Service Unavailable',
      });
      delays.push(op!.nextAttemptAt - start);
    }
    expect(delays[0]).toBeLessThan(delays[1]!);
    expect(delays[1]).toBeLessThan(delays[2]!);
    expect(delays[2]).toBeGreaterThanOrEqual(6_400 - 50);
  });

  it('moves a 409 to conflicts with both versions and holds later edits of that chapter only', async () => {
    const { sent, sender } = recorder();
    const server = { id: 'c1', title_infos: { title: 'Titre changé ailleurs' }, updated_at: T2 };
    const conflicting: OutboxSender = async (op, ctx) => {
      if (op.entityId === 'c1' && op.baseUpdatedAt !== T2) {
        throw Object.assign(new Error('Conflict'), {
          status: 409,
          reason: 'conflict',
          body: server,
        });
      }
      await sender(op, ctx);
    };
    const [titleOp] = await enqueueOffline(
      {
        entity: 'chapter',
        entityId: 'c1',
        field: 'title',
        payload: 'Mon titre',
        baseUpdatedAt: T0,
      },
      {
        entity: 'chapter',
        entityId: 'c1',
        field: 'summary',
        payload: 'Mon texte',
        baseUpdatedAt: T0,
      },
      { entity: 'chapter', entityId: 'c2', field: 'title', payload: 'Autre', baseUpdatedAt: T0 },
    );
    const reg = registry({ 'chapter/*': conflicting });
    await replayOutbox(reg);

    expect(sent.map((s) => s.payload)).toEqual(['Autre']);
    const conflict = await db.conflicts.get(titleOp!);
    expect(conflict).toMatchObject({
      entityId: 'c1',
      field: 'title',
      localPayload: 'Mon titre',
      serverVersion: server,
      serverUpdatedAt: T2,
      baseUpdatedAt: T0,
    });
    expect((await db.outbox.get(titleOp!))?.status).toBe('conflict');
    // The summary edit waits behind the conflict instead of overwriting anything.
    expect(
      (
        await db.outbox
          .where('[entity+entityId+field]')
          .equals(['chapter', 'c1', 'summary'])
          .first()
      )?.attempts,
    ).toBe(0);

    // The person keeps their title: it goes against the version they saw.
    await resolveConflict(titleOp!, 'local');
    await replayOutbox(reg);
    expect(await db.conflicts.get(titleOp!)).toBeUndefined();
    expect(sent.map((s) => s.payload)).toEqual(['Autre', 'Mon titre']);
    expect(sent.find((s) => s.payload === 'Mon titre')?.baseUpdatedAt).toBe(T2);
    // The summary was also written against the old version: it gets its own choice, not an overwrite.
    const [summaryConflict] = await db.conflicts.toArray();
    expect(summaryConflict).toMatchObject({ field: 'summary', localPayload: 'Mon texte' });
  });

  it('drops the local change when the person keeps the server version', async () => {
    const conflicting: OutboxSender = async () => {
      throw new OutboxConflictError({ updated_at: T1 }, T1);
    };
    const [opId] = await enqueueOffline({
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      payload: 'x',
      baseUpdatedAt: T0,
    });
    await replayOutbox(registry({ 'chapter/title': conflicting }));
    expect(await db.conflicts.count()).toBe(1);
    await resolveConflict(opId!, 'server');
    expect(await db.conflicts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeping my version drops the old base, so the same conflict is not met again', async () => {
    let calls = 0;
    const sender: OutboxSender = async (op) => {
      calls += 1;
      const { base } = op.payload as { value: string; base: string | null };
      // Like the chapter sender: the server holds neither the base nor the new value.
      if (base !== null) throw new OutboxConflictError({ title: 'Autre' }, T1);
    };
    const [opId] = await enqueueOffline({
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      payload: { value: 'Le mien', base: 'Ancien' },
      baseUpdatedAt: T0,
    });
    const reg = registry({ 'chapter/title': sender });
    await replayOutbox(reg);
    expect(await db.conflicts.count()).toBe(1);
    await resolveConflict(opId!, 'local');
    expect((await db.outbox.get(opId!))?.payload).toEqual({ value: 'Le mien', base: null });
    await replayOutbox(reg);
    expect(calls).toBe(2);
    expect(await db.conflicts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('drops a 422 or 404 with a visible message and goes on', async () => {
    const { sent, sender } = recorder();
    const refusing: OutboxSender = async (op, ctx) => {
      if (op.payload === '')
        throw Object.assign(new Error('Le titre est vide.'), { status: 422, reason: 'validation' });
      if (op.entityId === 'gone')
        throw Object.assign(new Error('Introuvable'), { status: 404, reason: 'not_found' });
      await sender(op, ctx);
    };
    const [emptyTitle, goneLegend] = await enqueueOffline(
      { entity: 'chapter', entityId: 'c1', field: 'title', payload: '', baseUpdatedAt: T0 },
      { entity: 'image', entityId: 'gone', field: 'legend', payload: 'Papa', baseUpdatedAt: T0 },
      { entity: 'chapter', entityId: 'c2', field: 'title', payload: 'ok', baseUpdatedAt: T0 },
    );
    await replayOutbox(registry({ 'chapter/title': refusing, 'image/legend': refusing }));
    expect(sent.map((s) => s.payload)).toEqual(['ok']);
    expect(await db.outbox.count()).toBe(0);
    expect(toastError).toHaveBeenCalledTimes(2);
    expect(toastError).toHaveBeenCalledWith(
      'Votre modification (titre) n’a pas pu être enregistrée\u00a0: Le titre est vide.',
      { id: `outbox-${emptyTitle}` },
    );
    expect(toastError).toHaveBeenCalledWith(
      'Votre modification (légende d’une image) n’a pas pu être enregistrée\u00a0: Introuvable',
      { id: `outbox-${goneLegend}` },
    );
  });

  it('never sends one opId with two payloads, and resends the same opId after a lost answer', async () => {
    // A server that dedupes on Idempotency-Key, as the API does.
    const applied = new Map<string, unknown>();
    let title = 'Sans titre';
    let loseNextAnswer = true;
    const server: OutboxSender = async (op, { idempotencyKey }) => {
      if (!applied.has(idempotencyKey)) {
        applied.set(idempotencyKey, op.payload);
        title = op.payload as string;
      } else {
        expect(applied.get(idempotencyKey)).toEqual(op.payload);
      }
      if (loseNextAnswer) {
        loseNextAnswer = false;
        // The server applied it, but the answer never came back (connection lost / app killed).
        throw new TypeError('network connection was lost');
      }
      return { updatedAt: T1 };
    };
    const calls: string[] = [];
    const reg = registry({
      'chapter/title': async (op, ctx) => {
        calls.push(ctx.idempotencyKey);
        return server(op, ctx);
      },
    });

    const [first] = await enqueueOffline({
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      payload: 'Premier',
      baseUpdatedAt: T0,
    });
    await replayOutbox(reg);
    expect((await db.outbox.get(first!))?.attempts).toBe(1);

    // The person edits the same title again: the first op may be on the server, so this one is new.
    const [second] = await enqueueOffline({
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      payload: 'Second',
      baseUpdatedAt: T0,
    });
    expect(second).not.toBe(first);
    expect((await db.outbox.get(first!))?.payload).toBe('Premier');

    await replayOutbox(reg, { force: true });
    expect(calls).toEqual([first, first, second]);
    expect([...applied.entries()]).toEqual([
      [first, 'Premier'],
      [second, 'Second'],
    ]);
    expect(title).toBe('Second');
    expect(await db.outbox.count()).toBe(0);
  });

  it('rebases later edits of the entity on the version the previous send produced', async () => {
    const { sent } = recorder();
    const reg = registry({
      'chapter/*': async (op) => {
        sent.push({
          opId: op.opId,
          key: op.opId,
          entity: op.entity,
          entityId: op.entityId,
          field: op.field,
          payload: op.payload,
          baseUpdatedAt: op.baseUpdatedAt,
        });
        return { updatedAt: op.field === 'title' ? T1 : T2 };
      },
    });
    await enqueueOffline(
      { entity: 'chapter', entityId: 'c1', field: 'title', payload: 't', baseUpdatedAt: T0 },
      { entity: 'chapter', entityId: 'c1', field: 'summary', payload: 's', baseUpdatedAt: T0 },
      { entity: 'chapter', entityId: 'c2', field: 'summary', payload: 'other', baseUpdatedAt: T0 },
    );
    await replayOutbox(reg);
    expect(sent.map((s) => [s.entityId, s.field, s.baseUpdatedAt])).toEqual([
      ['c1', 'title', T0],
      ['c1', 'summary', T1],
      ['c2', 'summary', T0],
    ]);
  });

  it('runs one replay at a time; a call made meanwhile is served by one more pass', async () => {
    let active = 0;
    let maxActive = 0;
    const sentKeys: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: OutboxSender = async (_op, { idempotencyKey }) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await gate;
      sentKeys.push(idempotencyKey);
      active -= 1;
    };
    const reg = registry({ 'chapter/title': slow });
    const [a] = await enqueueOffline({
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      payload: 'a',
      baseUpdatedAt: T0,
    });
    const first = replayOutbox(reg);
    const [b] = await enqueueOffline({
      entity: 'chapter',
      entityId: 'c2',
      field: 'title',
      payload: 'b',
      baseUpdatedAt: T0,
    });
    const second = replayOutbox(reg);
    const third = replayOutbox(reg);
    release();
    const reports = await Promise.all([first, second, third]);
    expect(maxActive).toBe(1);
    expect(sentKeys).toEqual([a, b]);
    expect(reports[0]).toBe(reports[1]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves changes without a registered sender waiting, without blocking other chapters', async () => {
    const { sent, sender } = recorder();
    await enqueueOffline(
      {
        entity: 'onboarding',
        entityId: 'me',
        field: 'answers',
        payload: { q1: 'Lyon' },
        baseUpdatedAt: null,
      },
      { entity: 'chapter', entityId: 'c1', field: 'title', payload: 'T', baseUpdatedAt: T0 },
    );
    await replayOutbox(registry({ 'chapter/title': sender }));
    expect(sent.map((s) => s.payload)).toEqual(['T']);
    expect((await db.outbox.toArray()).map((row: OutboxOp) => row.entity)).toEqual(['onboarding']);
  });

  it('sends right after an enqueue when online, through the registered senders', async () => {
    const { sent, sender } = recorder();
    const unregister = registerOutboxSender('chat', 'content', sender);
    try {
      const opId = await enqueueChange({
        entity: 'chat',
        entityId: 'c9',
        field: 'content',
        payload: 'Bonjour',
        baseUpdatedAt: null,
      });
      await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
      expect(sent).toEqual([expect.objectContaining({ key: opId, payload: 'Bonjour' })]);
    } finally {
      unregister();
    }
  });
});

describe("another person's unsent work", () => {
  /** Jeanne's session expired on this tablet with her title unsent. */
  async function leftByJeanne(): Promise<void> {
    await rememberDeviceOwner('jeanne');
    await enqueueOffline({
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      payload: 'Mon enfance',
      baseUpdatedAt: T0,
    });
  }

  it("never goes out under the next person's session, and is gone once the device is claimed", async () => {
    const { sent, sender } = recorder();
    const senders = registry({ 'chapter/title': sender });
    // Paul signs in on the tablet where Jeanne's title waits.
    await leftByJeanne();
    signedIn.userId = 'paul';
    const before = Date.now();
    const report = await replayOutbox(senders);
    expect(sent).toEqual([]);
    expect(report.nextAttemptAt).toBeGreaterThanOrEqual(before);

    // The sign-in's claim wipes her work; Paul's own changes then go.
    await claimDeviceData('paul');
    expect(await db.outbox.count()).toBe(0);
    await enqueueOffline({
      entity: 'chapter',
      entityId: 'c2',
      field: 'title',
      payload: 'Le service militaire',
      baseUpdatedAt: T0,
    });
    await replayOutbox(senders);
    expect(sent.map((s) => s.payload)).toEqual(['Le service militaire']);
  });

  it('is wiped by the outbox itself when the session began without its claim', async () => {
    const { sent, sender } = recorder();
    // Paul's sign-in was cut short (the tab closed while the claim ran): his session is back, the
    // device still says Jeanne's.
    await leftByJeanne();
    signedIn.userId = 'paul';
    await replayOutbox(registry({ 'chapter/title': sender }));
    expect(sent).toEqual([]);
    await vi.waitFor(async () => {
      expect(await db.outbox.count()).toBe(0);
      expect((await db.meta.get('deviceOwner'))?.value).toBe('paul');
    }, 5_000);
  });

  it('goes out when the same person signs in again', async () => {
    const { sent, sender } = recorder();
    await leftByJeanne();
    signedIn.userId = 'jeanne';
    await replayOutbox(registry({ 'chapter/title': sender }));
    expect(sent.map((s) => s.payload)).toEqual(['Mon enfance']);
  });
});

describe('classifySendError', () => {
  it('maps the API errors to decisions', () => {
    expect(classifySendError(new TypeError('Failed to fetch')).kind).toBe('retry');
    expect(classifySendError({ reason: 'network' }).kind).toBe('retry');
    expect(classifySendError({ status: 500 }).kind).toBe('retry');
    expect(classifySendError({ status: 401 }).kind).toBe('retry');
    expect(classifySendError({ status: 429, retryAfter: 30 })).toMatchObject({
      kind: 'retry',
      delayMs: 30_000,
    });
    expect(
      classifySendError({ status: 409, detail: [{ type: 'generation_in_progress' }] }).kind,
    ).toBe('retry');
    expect(classifySendError({ status: 409, detail: [{ type: 'max_images_reached' }] }).kind).toBe(
      'fail',
    );
    expect(classifySendError({ reason: 'conflict' }).kind).toBe('conflict');
    expect(classifySendError({ status: 422 }).kind).toBe('drop');
    expect(classifySendError({ reason: 'not_found' }).kind).toBe('drop');
    expect(classifySendError({ status: 413 }).kind).toBe('fail');
  });

  it('backs off exponentially up to five minutes', () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, mid)).toBe(2_000);
    expect(retryDelayMs(2, mid)).toBe(4_000);
    expect(retryDelayMs(4, mid)).toBe(16_000);
    expect(retryDelayMs(20, mid)).toBe(300_000);
  });
});

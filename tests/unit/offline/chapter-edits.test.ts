// Chapter edits through the outbox: merging keeps the first base, the conflict rule compares values,
// the sender PATCHes with the op's idempotency key and If-Match, and a changed field becomes a conflict.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('../../../src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api-client')>()),
  apiRequest,
}));

import { db, type OutboxOp } from '../../../src/db/db';
import { ApiError } from '../../../src/lib/api-client';
import {
  isConflict,
  queueChapterEdit,
  sendChapterEdit,
  type TextEdit,
} from '../../../src/offline/chapter-edits';
import { CHAPTER_ENTITY, foldPendingEdits } from '../../../src/offline/pending-chapter-edits';
import { reportNetworkFailure } from '../../../src/offline/connectivity';
import { OutboxConflictError } from '../../../src/offline/outbox';

const ID = '7b0f3a52-8a53-4c36-9a8e-0c1d2e3f4a5b';

function chapter(overrides: Record<string, unknown> = {}) {
  return {
    id: ID,
    title_infos: { title: 'Enfance' },
    keywords_infos: { keywords: [] },
    summary_infos: { summary: 'Texte', allowed_actions: [] },
    images: [
      { id: 'i1', url: '/f/1', legend: 'Maman', position: 1 },
      { id: 'i2', url: '/f/2', legend: null, position: 2 },
    ],
    conv_author: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

function op(field: string, payload: unknown, attempts = 0): OutboxOp<TextEdit> {
  return {
    opId: 'op-1',
    entity: CHAPTER_ENTITY,
    entityId: ID,
    field,
    payload: payload as TextEdit,
    baseUpdatedAt: '2026-01-02T00:00:00.000Z',
    createdAt: 1,
    attempts,
    nextAttemptAt: 0,
    status: 'pending',
    lastError: null,
  };
}

beforeEach(async () => {
  apiRequest.mockReset();
  await db.outbox.clear();
  await db.chapters.clear();
  // Queued while offline: the automatic replay stays out of the way.
  reportNetworkFailure();
});

describe('isConflict', () => {
  it('is no conflict when the server still holds the base or already holds our value', () => {
    expect(isConflict('A', 'A', 'B')).toBe(false);
    expect(isConflict('B', 'A', 'B')).toBe(false);
    expect(isConflict('', null, 'B')).toBe(false);
  });
  it('is a conflict when the server moved to a third value', () => {
    expect(isConflict('C', 'A', 'B')).toBe(true);
    expect(isConflict(['i2', 'i1'], ['i1', 'i2'], ['i1', 'i3'])).toBe(true);
  });
});

describe('queueChapterEdit', () => {
  it('merges unsent edits of one field, last value wins, first base kept', async () => {
    await queueChapterEdit(ID, { field: 'title', value: 'Un', base: 'Enfance' }, 'u1');
    await queueChapterEdit(ID, { field: 'title', value: 'Deux', base: 'Un' }, 'u1');
    await queueChapterEdit(
      ID,
      { field: 'legend', imageId: 'i1', value: 'Papa', base: 'Maman' },
      'u1',
    );
    const ops = await db.outbox.orderBy('createdAt').toArray();
    expect(ops.map((o) => [o.field, o.payload])).toEqual([
      ['title', { value: 'Deux', base: 'Enfance' }],
      ['legend:i1', { value: 'Papa', base: 'Maman' }],
    ]);
    expect(foldPendingEdits(ops)).toEqual({
      title: 'Deux',
      legends: { i1: 'Papa' },
      count: 2,
    });
  });
});

describe('sendChapterEdit', () => {
  it('PATCHes the field with the idempotency key and If-Match, and stores the answer', async () => {
    const updated = chapter({
      title_infos: { title: 'Jeunesse' },
      updated_at: '2026-01-03T00:00:00.000Z',
    });
    apiRequest.mockResolvedValueOnce(chapter()).mockResolvedValueOnce(updated);
    const result = await sendChapterEdit(op('title', { value: 'Jeunesse', base: 'Enfance' }), {
      idempotencyKey: 'op-1',
    });
    expect(result).toEqual({ updatedAt: '2026-01-03T00:00:00.000Z' });
    expect(apiRequest).toHaveBeenLastCalledWith(`/conversations/${ID}`, {
      method: 'PATCH',
      json: { title: 'Jeunesse' },
      idempotencyKey: 'op-1',
      headers: { 'If-Match': '"2026-01-02T00:00:00.000Z"' },
    });
    expect((await db.chapters.get(ID))?.title).toBe('Jeunesse');
  });

  it('raises a conflict, without writing, when the server changed the field meanwhile', async () => {
    apiRequest.mockResolvedValueOnce(chapter({ title_infos: { title: 'Autre' } }));
    await expect(
      sendChapterEdit(op('title', { value: 'Jeunesse', base: 'Enfance' }), { idempotencyKey: 'k' }),
    ).rejects.toBeInstanceOf(OutboxConflictError);
    expect(apiRequest).toHaveBeenCalledTimes(1);
  });

  it('turns the server’s 409 edit_conflict into a conflict with the fresh version', async () => {
    const fresh = chapter({ summary_infos: { summary: 'Ailleurs' } });
    apiRequest
      .mockResolvedValueOnce(chapter())
      .mockRejectedValueOnce(
        new ApiError({
          reason: 'conflict',
          status: 409,
          message: 'conflict',
          details: [{ type: 'edit_conflict', msg: '' }],
        }),
      )
      .mockResolvedValueOnce(fresh);
    const error = await sendChapterEdit(op('summary', { value: 'Mien', base: 'Texte' }), {
      idempotencyKey: 'k',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxConflictError);
    expect((error as OutboxConflictError).serverVersion).toEqual(fresh);
  });

  it('sends a legend to its image, and reorders images one move at a time', async () => {
    apiRequest.mockResolvedValue(chapter());
    await sendChapterEdit(op('legend:i2', { value: 'Le jardin', base: null }), {
      idempotencyKey: 'k',
    });
    expect(apiRequest).toHaveBeenCalledWith(`/conversations/${ID}/images/i2`, {
      method: 'PATCH',
      json: { legend: 'Le jardin' },
      idempotencyKey: 'k',
    });
    apiRequest.mockClear();
    await sendChapterEdit(
      op('image-order', {
        value: ['i2', 'i1'],
        base: ['i1', 'i2'],
      }) as unknown as OutboxOp<TextEdit>,
      { idempotencyKey: 'o' },
    );
    const moves = apiRequest.mock.calls.filter(([, options]) => options?.method === 'PATCH');
    expect(moves).toEqual([
      [
        `/conversations/${ID}/images/i2`,
        { method: 'PATCH', json: { position: 1 }, idempotencyKey: 'o:0' },
      ],
    ]);
  });
});

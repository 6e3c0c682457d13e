// The Dexie schema upgrades a device that still has the scaffold's version-1 database.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ChapitresDb } from '../../../src/db/db';

const NAME = 'chapitres-migration-test';

afterEach(async () => {
  await Dexie.delete(NAME);
});

describe('ChapitresDb migrations', () => {
  it('upgrades v1 (key/value table) to the current schema, keeping the values in meta', async () => {
    const v1 = new Dexie(NAME);
    v1.version(1).stores({ kv: 'key' });
    await v1.table('kv').bulkPut([
      { key: 'lastSync', value: '2025-01-01T00:00:00Z' },
      { key: 'textSize', value: 1.25 },
    ]);
    v1.close();

    const current = new ChapitresDb(NAME);
    await current.open();
    expect(current.verno).toBe(4);
    expect(current.tables.map((t) => t.name).sort()).toEqual([
      'chapters',
      'circleChapters',
      'circles',
      'conflicts',
      'drafts',
      'meta',
      'outbox',
      'recordings',
    ]);
    expect(await current.meta.get('lastSync')).toEqual({
      key: 'lastSync',
      value: '2025-01-01T00:00:00Z',
    });
    expect(await current.meta.get('textSize')).toEqual({ key: 'textSize', value: 1.25 });

    // The new indexes work (the outbox relies on the compound ones).
    await current.outbox.add({
      opId: 'op-1',
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      payload: { title: 'Mon enfance' },
      baseUpdatedAt: null,
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: 1,
      status: 'pending',
      lastError: null,
    });
    expect(
      await current.outbox
        .where('[entity+entityId+field]')
        .equals(['chapter', 'c1', 'title'])
        .count(),
    ).toBe(1);
    expect(await current.outbox.where('[entity+entityId]').equals(['chapter', 'c1']).count()).toBe(
      1,
    );
    current.close();

    // The old table is gone from the stored database itself.
    const raw = await new Dexie(NAME).open();
    expect(raw.tables.map((t) => t.name)).not.toContain('kv');
    raw.close();
  });

  it('creates the current schema from nothing', async () => {
    const fresh = new ChapitresDb(NAME);
    await fresh.chapters.put({
      id: 'c1',
      title: 'La guerre',
      keywords: ['Lyon'],
      summary: null,
      has_full_text: false,
      author: null,
      images: [{ id: 'i1', url: '/files/i1.jpg?sig=1', legend: 'Papa', position: 1 }],
      created_at: null,
      updated_at: '2025-01-01T00:00:00Z',
      stored_at: 5,
    });
    expect((await fresh.chapters.get('c1'))?.images[0]?.legend).toBe('Papa');
    fresh.close();
  });
});

// Logout wipes the account from the device: Dexie tables, the service worker's picture cache (asked
// through a MessageChannel and awaited) and the persisted query cache.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { clearLocalData } from '../../../src/offline/clear-local-data';
import {
  BOOK_CACHE_NAME,
  CLEAR_USER_CACHES,
  IMAGE_CACHE_NAME,
  RECORDING_CACHE_NAME,
  USER_CACHES_CLEARED,
} from '../../../sw/protocol';

async function fillEverything() {
  await db.chapters.put({
    id: 'c1',
    title: 'T',
    keywords: [],
    summary: 'S',
    has_full_text: true,
    author: null,
    images: [],
    created_at: null,
    updated_at: 'x',
    stored_at: 1,
  });
  await db.drafts.put({ key: 'chat:c1', value: 'brouillon', updated_at: 1 });
  await db.outbox.put({
    opId: 'o1',
    entity: 'chapter',
    entityId: 'c1',
    field: 'title',
    payload: 'x',
    baseUpdatedAt: null,
    createdAt: 1,
    attempts: 0,
    nextAttemptAt: 1,
    status: 'pending',
    lastError: null,
  });
  await db.conflicts.put({
    opId: 'o1',
    entity: 'chapter',
    entityId: 'c1',
    field: 'title',
    localPayload: 'x',
    serverVersion: {},
    baseUpdatedAt: null,
    serverUpdatedAt: null,
    createdAt: 1,
  });
  await db.meta.put({ key: 'lastSync', value: 1 });
  localStorage.setItem('REACT_QUERY_OFFLINE_CACHE', '{"clientState":{}}');
  localStorage.setItem('chapitres.queryCache', '{}');
  localStorage.setItem('chapitres.lang', 'en');
}

function setServiceWorker(value: unknown) {
  Object.defineProperty(navigator, 'serviceWorker', { value, configurable: true });
}

const deleteCache = vi.fn(async (_name: string) => true);

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  deleteCache.mockClear();
  vi.stubGlobal('caches', { delete: deleteCache });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setServiceWorker(undefined);
});

describe('clearLocalData', () => {
  it('empties every table, the query cache keys, and waits for the worker to clear the pictures', async () => {
    await fillEverything();
    const events: string[] = [];
    const worker = {
      postMessage: vi.fn((message: { type: string }, transfer: MessagePort[]) => {
        events.push(`asked:${message.type}`);
        // The worker answers a little later, once its caches are gone.
        setTimeout(() => {
          events.push('answered');
          transfer[0]!.postMessage({ type: USER_CACHES_CLEARED, ok: true });
        }, 30);
      }),
    };
    setServiceWorker({ getRegistration: async () => ({ active: worker }), controller: null });

    await clearLocalData();
    events.push('done');

    for (const table of db.tables) expect(await table.count()).toBe(0);
    expect(localStorage.getItem('REACT_QUERY_OFFLINE_CACHE')).toBeNull();
    expect(localStorage.getItem('chapitres.queryCache')).toBeNull();
    // Device preferences are not account data.
    expect(localStorage.getItem('chapitres.lang')).toBe('en');
    expect(events).toEqual([`asked:${CLEAR_USER_CACHES}`, 'answered', 'done']);
    expect(deleteCache).not.toHaveBeenCalled();
  });

  it('deletes the picture, book and recording caches itself when no service worker runs', async () => {
    await fillEverything();
    setServiceWorker({ getRegistration: async () => undefined, controller: null });
    await clearLocalData();
    expect(deleteCache).toHaveBeenCalledWith(IMAGE_CACHE_NAME);
    expect(deleteCache).toHaveBeenCalledWith(BOOK_CACHE_NAME);
    expect(deleteCache).toHaveBeenCalledWith(RECORDING_CACHE_NAME);
    expect(await db.drafts.count()).toBe(0);
  });
});

// What waits for the first page (src/lib/first-page.ts): online, the device store's reads and the chapter
// list's copy to the device start only once the router says the first page is on screen; offline the
// device store is the page, and its reads start at once. Fresh modules per test: the unit tests' setup
// marks the first page shown for everything else.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, mockFetch } from '../support/fetch-mock';

async function freshModules() {
  vi.resetModules();
  const firstPage = await import('../../../src/lib/first-page');
  const { useDeviceQuery } = await import('../../../src/offline/device-query');
  const connectivity = await import('../../../src/offline/connectivity');
  const { db } = await import('../../../src/db/db');
  await db.chapters.clear();
  return { ...firstPage, useDeviceQuery, connectivity, db };
}

const ROW = {
  id: 'c1',
  title: 'La maison de Roanne',
  keywords: [],
  summary: null,
  has_full_text: false,
  author: null,
  images: [],
  created_at: null,
  updated_at: '2025-01-02T00:00:00Z',
  stored_at: 1,
};

beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('device reads', () => {
  it('wait for the first page online, then follow the store live', async () => {
    const { useDeviceQuery, markFirstPageShown, db } = await freshModules();
    await db.chapters.put(ROW);
    const read = vi.fn((store: typeof db) => store.chapters.count());
    const { result } = renderHook(() => useDeviceQuery(read, []));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).not.toHaveBeenCalled();
    expect(result.current).toBeUndefined();

    act(() => markFirstPageShown());
    await waitFor(() => expect(result.current).toBe(1));
    await act(async () => {
      await db.chapters.put({ ...ROW, id: 'c2' });
    });
    await waitFor(() => expect(result.current).toBe(2));
  });

  it('start at once offline, where they are the page', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { useDeviceQuery, isFirstPageShown, db } = await freshModules();
    await db.chapters.put(ROW);
    const { result } = renderHook(() =>
      useDeviceQuery((store) => store.chapters.toArray(), [], []),
    );
    await waitFor(() => expect(result.current.map((row) => row.id)).toEqual(['c1']));
    expect(isFirstPageShown()).toBe(false);
  });
});

describe("the chapter list's copy on the device", () => {
  const wire = {
    id: 'c1',
    title_infos: { title: 'La maison de Roanne' },
    keywords_infos: null,
    summary_infos: null,
    images: [],
    conv_author: null,
    created_at: null,
    updated_at: '2025-01-02T00:00:00Z',
  };

  it('is written once the first page is shown, not before, and not for someone who left', async () => {
    const { markFirstPageShown, db } = await freshModules();
    const session = await import('../../../src/lib/session');
    const { getConversations } =
      await import('../../../src/features/chapters/api/get-conversations');
    mockFetch({ 'GET /api/v1/conversations': jsonReply({ data: [wire], count: 1 }) });
    const user = session.userFromWire({
      id: 'u1',
      email: 'jeanne@example.org',
      full_name: 'Jeanne',
      is_cgu_valid: true,
      is_cgv_valid: true,
      is_pdc_valid: true,
      account_type: 'standard',
    } as Parameters<typeof session.userFromWire>[0]);
    session.startSession('token-1', user);

    const chapters = await getConversations();
    expect(chapters.map((chapter) => chapter.conversationID)).toEqual(['c1']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.chapters.count()).toBe(0);

    markFirstPageShown();
    await waitFor(async () => expect(await db.chapters.count()).toBe(1));

    // A list read for one person and copied after they signed out is dropped.
    await db.chapters.clear();
    vi.resetModules();
    const later = await import('../../../src/lib/first-page');
    const laterSession = await import('../../../src/lib/session');
    const laterList = await import('../../../src/features/chapters/api/get-conversations');
    laterSession.startSession('token-1', user);
    await laterList.getConversations();
    laterSession.clearSession();
    later.markFirstPageShown();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { db: laterDb } = await import('../../../src/db/db');
    expect(await laterDb.chapters.count()).toBe(0);
  });
});

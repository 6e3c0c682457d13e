// Drafts: saved while typing (debounced), flushed when the page is hidden or left, restored after a
// reload, and a full disk shown as state rather than thrown.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import {
  DRAFT_DEBOUNCE_MS,
  discardPendingDrafts,
  flushPendingDrafts,
  useDraft,
} from '../../../src/offline/use-draft';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function mountLoaded(key: Parameters<typeof useDraft>[0]) {
  const hook = renderHook(({ k }) => useDraft(k), { initialProps: { k: key } });
  await waitFor(() => expect(hook.result.current[3].loaded).toBe(true));
  return hook;
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useDraft', () => {
  it('writes after the debounce, not on every keystroke', async () => {
    const { result, unmount } = await mountLoaded('chat:c1');
    const put = vi.spyOn(db.drafts, 'put');
    act(() => result.current[1]('Je suis né'));
    act(() => result.current[1]('Je suis né à Lyon'));
    await sleep(DRAFT_DEBOUNCE_MS / 3);
    expect(await db.drafts.get('chat:c1')).toBeUndefined();
    await waitFor(async () =>
      expect((await db.drafts.get('chat:c1'))?.value).toBe('Je suis né à Lyon'),
    );
    expect(put).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('gives the text back after a reload (a new mount)', async () => {
    const first = await mountLoaded('summary:c2');
    act(() => first.result.current[1]('Mon père était boulanger.'));
    first.unmount();
    const second = await mountLoaded('summary:c2');
    expect(second.result.current[0]).toBe('Mon père était boulanger.');
    second.unmount();
  });

  it.each([
    ['pagehide', () => window.dispatchEvent(new Event('pagehide'))],
    ['blur', () => window.dispatchEvent(new Event('blur'))],
    [
      'visibilitychange',
      () => {
        vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
  ])('flushes at once on %s', async (_name, leave) => {
    const { result, unmount } = await mountLoaded('chat:c3');
    act(() => result.current[1]('Texte tapé juste avant de partir'));
    act(() => leave());
    // Well before the debounce would have fired.
    await sleep(20);
    expect((await db.drafts.get('chat:c3'))?.value).toBe('Texte tapé juste avant de partir');
    unmount();
  });

  it('flushPendingDrafts saves everything still inside its debounce (before an update reloads)', async () => {
    const a = await mountLoaded('chat:a');
    const b = await mountLoaded('title:b');
    act(() => a.result.current[1]('réponse'));
    act(() => b.result.current[1]('titre'));
    await flushPendingDrafts();
    expect((await db.drafts.get('chat:a'))?.value).toBe('réponse');
    expect((await db.drafts.get('title:b'))?.value).toBe('titre');
    a.unmount();
    b.unmount();
  });

  it('discardPendingDrafts drops unsaved typing (logout) instead of writing it later', async () => {
    const { result, unmount } = await mountLoaded('chat:d');
    act(() => result.current[1]('à ne pas garder'));
    discardPendingDrafts();
    await sleep(DRAFT_DEBOUNCE_MS + 100);
    unmount();
    await sleep(20);
    expect(await db.drafts.get('chat:d')).toBeUndefined();
  });

  it('clear empties the field and the stored draft', async () => {
    const { result, unmount } = await mountLoaded('chat:e');
    act(() => result.current[1]('envoyé'));
    await flushPendingDrafts();
    await act(() => result.current[2]());
    expect(result.current[0]).toBe('');
    expect(await db.drafts.get('chat:e')).toBeUndefined();
    unmount();
  });

  it('keeps what was typed before the stored draft finished loading', async () => {
    await db.drafts.put({ key: 'chat:f', value: 'ancien', updated_at: 1 });
    const { result, unmount } = renderHook(() => useDraft('chat:f'));
    act(() => result.current[1]('nouveau'));
    await waitFor(() => expect(result.current[3].loaded).toBe(true));
    expect(result.current[0]).toBe('nouveau');
    unmount();
  });

  it('reports a full disk as state, keeps the text, and recovers on the next save', async () => {
    const quota = Object.assign(new Error('QuotaExceededError'), { name: 'QuotaExceededError' });
    const put = vi.spyOn(db.drafts, 'put').mockRejectedValueOnce(quota);
    const { result, unmount } = await mountLoaded('chat:g');
    act(() => result.current[1]('un long souvenir'));
    await waitFor(() => expect(result.current[3].saveError).toBe('quota'));
    expect(result.current[0]).toBe('un long souvenir');
    act(() => result.current[1]('un long souvenir, suite'));
    await waitFor(() => expect(result.current[3].saveError).toBeNull());
    expect((await db.drafts.get('chat:g'))?.value).toBe('un long souvenir, suite');
    expect(put).toHaveBeenCalledTimes(2);
    unmount();
  });
});

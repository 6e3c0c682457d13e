// Sync status and its two faces: the indicator (saved / waiting / sending / offline / conflict) and
// the offline banner, driven by the outbox in Dexie and connectivity.
import 'fake-indexeddb/auto';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxOp } from '../../../src/db/db';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { OfflineBanner } from '../../../src/offline/offline-banner';
import { replayOutbox } from '../../../src/offline/outbox';
import { SyncIndicator } from '../../../src/offline/sync-indicator';
import {
  deriveSyncState,
  usePendingChangeCount,
  useSyncStatus,
} from '../../../src/offline/sync-status';
import { setUpI18n } from './support/i18n';

function op(opId: string, overrides: Partial<OutboxOp> = {}): OutboxOp {
  return {
    opId,
    entity: 'chapter',
    entityId: 'c1',
    field: 'title',
    payload: opId,
    baseUpdatedAt: null,
    createdAt: Number(opId.replace(/\D/g, '')) || 1,
    attempts: 0,
    nextAttemptAt: 0,
    status: 'pending',
    lastError: null,
    ...overrides,
  };
}

beforeAll(async () => {
  await setUpI18n('fr');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 503 })),
  );
});

beforeEach(async () => {
  reportNetworkSuccess();
  await Promise.all(db.tables.map((table) => table.clear()));
});

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(cleanup);

describe('deriveSyncState', () => {
  it('puts a choice to make first, then no connection, then progress', () => {
    const none = { pending: 0, conflict: 0, failed: 0 };
    expect(deriveSyncState(none, true, false)).toBe('saved');
    expect(deriveSyncState({ ...none, pending: 2 }, true, false)).toBe('pending');
    expect(deriveSyncState({ ...none, pending: 2 }, true, true)).toBe('syncing');
    expect(deriveSyncState({ ...none, pending: 2 }, false, false)).toBe('offline');
    expect(deriveSyncState({ ...none, conflict: 1 }, false, false)).toBe('conflict');
  });
});

describe('SyncIndicator', () => {
  it('follows the outbox and connectivity', async () => {
    render(<SyncIndicator />);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Tout est enregistré'));

    await db.outbox.bulkAdd([op('op1'), op('op2', { entityId: 'c2' })]);
    await waitFor(() => expect(status.textContent).toBe('2 modifications en attente'));

    act(() => reportNetworkFailure());
    await waitFor(() => expect(status.textContent).toBe('Hors ligne · 2 modifications en attente'));
    act(() => reportNetworkSuccess());

    await db.conflicts.put({
      opId: 'op1',
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      localPayload: 'a',
      serverVersion: null,
      baseUpdatedAt: null,
      serverUpdatedAt: null,
      createdAt: 1,
    });
    await waitFor(() => expect(status.textContent).toBe('Conflit à résoudre'));
    expect(status.getAttribute('data-sync-state')).toBe('conflict');
  });

  it('shows "Envoi…" while a replay runs', async () => {
    await db.outbox.add(op('op1'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    render(<SyncIndicator />);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('1 modification en attente'));
    let replay!: Promise<unknown>;
    act(() => {
      replay = replayOutbox(new Map([['chapter/title', () => gate]]));
    });
    await waitFor(() => expect(status.textContent).toBe('Envoi…'));
    release();
    await act(async () => {
      await replay;
    });
    await waitFor(() => expect(status.textContent).toBe('Tout est enregistré'));
  });
});

describe('useSyncStatus and usePendingChangeCount', () => {
  it('counts pending, conflicting and failed changes, and per chapter', async () => {
    await db.outbox.bulkAdd([
      op('op1'),
      op('op2', { field: 'summary' }),
      op('op3', { entityId: 'c2', status: 'failed' }),
      op('op4', { entityId: 'c3', status: 'conflict' }),
    ]);
    const status = renderHook(() => useSyncStatus());
    const perChapter = renderHook(() => usePendingChangeCount('chapter', 'c1'));
    await waitFor(() =>
      expect(status.result.current).toMatchObject({
        state: 'pending',
        pendingCount: 2,
        conflictCount: 0,
        failedCount: 1,
      }),
    );
    await waitFor(() => expect(perChapter.result.current).toBe(2));
  });
});

describe('OfflineBanner', () => {
  it('appears only while offline, in a polite live region', async () => {
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => reportNetworkFailure());
    expect(region.textContent).toContain('Vous êtes hors ligne.');
    expect(region.textContent).toContain(
      'Vos histoires enregistrées restent lisibles\u202f; vos modifications seront envoyées au retour de la connexion.',
    );
    act(() => reportNetworkSuccess());
    expect(region.textContent).toBe('');
  });
});

describe('ConflictDialog, from the indicator', () => {
  it('shows both versions and drops the local change when the saved one is kept', async () => {
    await db.outbox.put(
      op('op9', { status: 'conflict', payload: { value: 'Mon titre', base: 'Enfance' } }),
    );
    await db.conflicts.put({
      opId: 'op9',
      entity: 'chapter',
      entityId: 'c1',
      field: 'title',
      localPayload: { value: 'Mon titre', base: 'Enfance' },
      serverVersion: { title_infos: { title: 'Titre d’ailleurs' } },
      baseUpdatedAt: null,
      serverUpdatedAt: '2026-01-03T00:00:00.000Z',
      createdAt: 9,
    });
    render(<SyncIndicator />);
    const open = await screen.findByRole('button', { name: /Conflit à résoudre/ });
    act(() => open.click());
    expect(await screen.findByText('Mon titre')).toBeTruthy();
    expect(screen.getByText('Titre d’ailleurs')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Garder la version enregistrée' }).click());
    await waitFor(async () => expect(await db.conflicts.count()).toBe(0));
    expect(await db.outbox.get('op9')).toBeUndefined();
  });
});

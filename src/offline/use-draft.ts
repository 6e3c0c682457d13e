// Text being composed, saved to Dexie while the person types (debounced) and flushed when the page
// loses focus, is hidden or unloads, so a reload, a crash or an update never loses what was written.
// A full disk is reported as state for the screen to show, never thrown.
import { useCallback, useEffect, useRef, useState } from 'react';
import { db, type DraftKey } from '../db/db';

export const DRAFT_DEBOUNCE_MS = 300;

export type DraftSaveError = 'quota' | 'failed';

export interface DraftStatus {
  /** False until the stored draft has been read; the field should wait before accepting input. */
  loaded: boolean;
  saveError: DraftSaveError | null;
}

interface PendingDraft {
  flush(): Promise<void>;
  discard(): void;
}

const mounted = new Set<PendingDraft>();

/** Writes every draft still inside its debounce (called before an update reloads the page). */
export async function flushPendingDrafts(): Promise<void> {
  await Promise.all([...mounted].map((draft) => draft.flush()));
}

/** Forgets unsaved keystrokes (logout): they must not be written into the next account's data. */
export function discardPendingDrafts(): void {
  for (const draft of mounted) draft.discard();
}

function isQuotaError(error: unknown): boolean {
  const named = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'QuotaExceededError';
  return named(error) || named((error as { inner?: unknown } | null)?.inner);
}

export async function readDraft(key: DraftKey): Promise<string> {
  return (await db.drafts.get(key))?.value ?? '';
}

export function useDraft(
  key: DraftKey,
): [string, (value: string) => void, () => Promise<void>, DraftStatus] {
  const [value, setValueState] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [saveError, setSaveError] = useState<DraftSaveError | null>(null);

  const latest = useRef('');
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const cancelTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const write = useCallback(async () => {
    cancelTimer();
    if (!dirty.current) return;
    dirty.current = false;
    const text = latest.current;
    try {
      // An emptied field is no draft: the row goes so nothing stale comes back later.
      if (text === '') await db.drafts.delete(key);
      else await db.drafts.put({ key, value: text, updated_at: Date.now() });
      if (alive.current) setSaveError(null);
    } catch (error) {
      // Keep it dirty: the next keystroke or flush tries again once space is freed.
      dirty.current = true;
      if (alive.current) setSaveError(isQuotaError(error) ? 'quota' : 'failed');
    }
  }, [key, cancelTimer]);

  useEffect(() => {
    alive.current = true;
    let cancelled = false;
    latest.current = '';
    dirty.current = false;
    setValueState('');
    setLoaded(false);
    setSaveError(null);
    readDraft(key)
      .then((stored) => {
        // Typing that started before the read finished wins over the stored text.
        if (cancelled || dirty.current) return;
        latest.current = stored;
        setValueState(stored);
      })
      .catch(() => {})
      .finally(() => {
        if (!cancelled) setLoaded(true);
      });

    const pending: PendingDraft = {
      flush: write,
      discard: () => {
        cancelTimer();
        dirty.current = false;
      },
    };
    mounted.add(pending);
    const flush = () => void write();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('blur', flush);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      window.removeEventListener('blur', flush);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      mounted.delete(pending);
      // Leaving the screen or switching to another draft: what was typed is saved now.
      void write();
      alive.current = false;
    };
  }, [key, write, cancelTimer]);

  const setValue = useCallback(
    (next: string) => {
      latest.current = next;
      dirty.current = true;
      setValueState(next);
      cancelTimer();
      timer.current = setTimeout(() => void write(), DRAFT_DEBOUNCE_MS);
    },
    [write, cancelTimer],
  );

  const clear = useCallback(async () => {
    cancelTimer();
    dirty.current = false;
    latest.current = '';
    setValueState('');
    try {
      await db.drafts.delete(key);
      if (alive.current) setSaveError(null);
    } catch (error) {
      if (alive.current) setSaveError(isQuotaError(error) ? 'quota' : 'failed');
    }
  }, [key, cancelTimer]);

  return [value, setValue, clear, { loaded, saveError }];
}

// The person's changes of a chapter still waiting in the outbox, folded into what they last set: shown over
// the server's copy with a "modification en attente" mark. Apart from ./chapter-edits.ts (which sends them)
// so that a page can show them without loading the outbox and Dexie first (./device-query.ts).
import type { OutboxOp } from '../db/db';
import type { OrderEdit, TextEdit } from './chapter-edits';
import { useDeviceQuery } from './device-query';

export const CHAPTER_ENTITY = 'chapter';

export interface PendingChapterEdits {
  title?: string;
  summary?: string;
  conv_author?: string;
  legends: Record<string, string>;
  imageOrder?: string[];
  /** How many changes of this chapter wait for the server (for the "modification en attente" mark). */
  count: number;
}

/** Folds the waiting ops of a chapter, oldest first, into what the person last set. */
export function foldPendingEdits(ops: OutboxOp[]): PendingChapterEdits {
  const pending: PendingChapterEdits = { legends: {}, count: ops.length };
  for (const op of [...ops].sort((a, b) => a.createdAt - b.createdAt)) {
    const payload = op.payload as TextEdit | OrderEdit;
    if (op.field === 'image-order') pending.imageOrder = payload.value as string[];
    else if (op.field.startsWith('legend:'))
      pending.legends[op.field.slice('legend:'.length)] = payload.value as string;
    else if (op.field === 'title' || op.field === 'summary' || op.field === 'conv_author')
      pending[op.field] = payload.value as string;
  }
  return pending;
}

/** A chapter with no waiting change (one shared object, so that memoised cards are not drawn again). */
export const NO_PENDING_EDITS: PendingChapterEdits = Object.freeze({
  legends: Object.freeze({}),
  count: 0,
});

const NO_CHAPTER_EDITS: ReadonlyMap<string, PendingChapterEdits> = new Map();

/**
 * The waiting changes of every chapter, by chapter: one live read of the device store for a whole list
 * (a read per card was ten on the home page, each drawing its card again when it answered).
 */
export function usePendingEditsByChapter(): ReadonlyMap<string, PendingChapterEdits> {
  return useDeviceQuery(
    async (db) => {
      const ops = await db.outbox
        .where('[entity+entityId]')
        .between([CHAPTER_ENTITY, ''], [CHAPTER_ENTITY, '\uffff'])
        .filter((op) => op.status !== 'failed')
        .toArray();
      const byChapter = new Map<string, OutboxOp[]>();
      for (const op of ops) {
        const chapterOps = byChapter.get(op.entityId);
        if (chapterOps) chapterOps.push(op);
        else byChapter.set(op.entityId, [op]);
      }
      return new Map([...byChapter].map(([id, chapterOps]) => [id, foldPendingEdits(chapterOps)]));
    },
    [],
    NO_CHAPTER_EDITS,
  );
}

/** The person's changes of this chapter not yet on the server, to show over the server's copy. */
export function usePendingChapterEdits(conversationId: string): PendingChapterEdits {
  return useDeviceQuery(
    async (db) =>
      foldPendingEdits(
        await db.outbox
          .where('[entity+entityId]')
          .equals([CHAPTER_ENTITY, conversationId])
          .filter((op) => op.status !== 'failed')
          .toArray(),
      ),
    [conversationId],
    { legends: {}, count: 0 },
  );
}

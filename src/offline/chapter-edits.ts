// Chapter edits that go through the outbox: the title, the text (summary), the author name, image
// legends and the order of the images. A feature calls `queueChapterEdit` instead of PATCHing
// directly; the change is on the device at once (shown over the stored chapter by
// `usePendingChapterEdits`) and leaves when the connection allows, exactly once (the op id is the
// Idempotency-Key).
//
// Conflicts: each change carries the value it was made against (`base`). Before writing, the sender
// reads the chapter: when the server's value of that field is neither the base nor the new value,
// someone changed it meanwhile, and the person chooses (OutboxConflictError keeps both versions).
// The write itself carries `If-Match` with the `updated_at` just read, so a change landing between
// the read and the write is caught by the server (409 edit_conflict) rather than overwritten.
import type { Conversation as ConversationWire } from '@contract/conversations';
import { db, type OutboxOp } from '../db/db';
import { apiRequest, ApiError } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { enqueueChange, OutboxConflictError, registerOutboxSender } from './outbox';
import { CHAPTER_ENTITY } from './pending-chapter-edits';
import { storeChapter } from './stored-chapters';

export type ChapterTextField = 'title' | 'summary' | 'conv_author';

/** Outbox fields: the text fields, `legend:<imageId>`, and `image-order`. */
export type ChapterEditField = ChapterTextField | `legend:${string}` | 'image-order';

export interface TextEdit {
  value: string;
  /** What the field held when the person started editing (null when unknown or empty). */
  base: string | null;
}

export interface OrderEdit {
  /** Image ids in the wanted order. */
  value: string[];
  base: string[] | null;
}

export type ChapterEdit =
  | { field: ChapterTextField; value: string; base: string | null }
  | { field: 'legend'; imageId: string; value: string; base: string | null }
  | { field: 'image-order'; value: string[]; base: string[] | null };

function outboxField(edit: ChapterEdit): ChapterEditField {
  return edit.field === 'legend' ? `legend:${edit.imageId}` : edit.field;
}

/**
 * Queues one edit of a chapter. Edits of the same field not yet sent are merged (the last one wins),
 * keeping the base of the first, so the conflict check compares against what the person first saw.
 */
export async function queueChapterEdit(
  conversationId: string,
  edit: ChapterEdit,
  baseUpdatedAt: string | null,
): Promise<string> {
  const field = outboxField(edit);
  const earlier = await db.outbox
    .where('[entity+entityId+field]')
    .equals([CHAPTER_ENTITY, conversationId, field])
    .filter((op) => op.status === 'pending' && op.attempts === 0)
    .first();
  const base = earlier ? (earlier.payload as TextEdit | OrderEdit).base : edit.base;
  return enqueueChange({
    entity: CHAPTER_ENTITY,
    entityId: conversationId,
    field,
    payload: { value: edit.value, base } as TextEdit | OrderEdit,
    baseUpdatedAt,
  });
}

function currentValue(chapter: ConversationWire, field: ChapterEditField): unknown {
  if (field === 'title') return chapter.title_infos.title;
  if (field === 'summary') return chapter.summary_infos.summary;
  if (field === 'conv_author') return chapter.conv_author;
  if (field === 'image-order')
    return [...chapter.images].sort((a, b) => a.position - b.position).map((i) => i.id);
  const imageId = field.slice('legend:'.length);
  return chapter.images.find((image) => image.id === imageId)?.legend ?? null;
}

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === '' ? null : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** True when the server's value moved away from the base to something else than our value. */
export function isConflict(server: unknown, base: unknown, value: unknown): boolean {
  if (base === null || base === undefined) return false;
  return !same(server, base) && !same(server, value);
}

async function readChapter(conversationId: string): Promise<ConversationWire> {
  return apiRequest<ConversationWire>(`/conversations/${conversationId}`);
}

async function writeEdit(
  op: OutboxOp<TextEdit | OrderEdit>,
  chapter: ConversationWire,
  idempotencyKey: string,
): Promise<ConversationWire> {
  const field = op.field as ChapterEditField;
  const conversationId = op.entityId;
  const ifMatch = { 'If-Match': `"${chapter.updated_at}"` };
  if (field === 'title' || field === 'summary' || field === 'conv_author') {
    return apiRequest<ConversationWire>(`/conversations/${conversationId}`, {
      method: 'PATCH',
      json: { [field]: op.payload.value },
      idempotencyKey,
      headers: ifMatch,
    });
  }
  if (field === 'image-order') {
    // Moves each image to its place in turn; the server shifts the others (api.md § Images).
    const wanted = (op.payload.value as string[]).filter((id) =>
      chapter.images.some((image) => image.id === id),
    );
    let order = currentValue(chapter, 'image-order') as string[];
    for (const [index, imageId] of wanted.entries()) {
      if (order[index] === imageId) continue;
      await apiRequest(`/conversations/${conversationId}/images/${imageId}`, {
        method: 'PATCH',
        json: { position: index + 1 },
        idempotencyKey: `${idempotencyKey}:${index}`,
      });
      order = order.filter((id) => id !== imageId);
      order.splice(index, 0, imageId);
    }
    return readChapter(conversationId);
  }
  const imageId = field.slice('legend:'.length);
  // The image was deleted meanwhile: its legend has nowhere to go, and nothing is lost that matters.
  if (!chapter.images.some((image) => image.id === imageId)) return chapter;
  await apiRequest(`/conversations/${conversationId}/images/${imageId}`, {
    method: 'PATCH',
    json: { legend: op.payload.value },
    idempotencyKey,
  });
  return readChapter(conversationId);
}

const REFRESH_DELAY_MS = 250;
const toRefresh = new Set<string>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Refreshes the chapter list and anything about the changed chapters once a burst of sends is over:
 * 50 edits replayed at once make one refresh, not 50 (features key their queries their own way).
 */
function refreshSoon(conversationId: string): void {
  toRefresh.add(conversationId);
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    const ids = [...toRefresh];
    toRefresh.clear();
    void queryClient.invalidateQueries({
      predicate: (query) => {
        const key = JSON.stringify(query.queryKey);
        return query.queryKey[0] === 'chapters' || ids.some((id) => key.includes(id));
      },
    });
  }, REFRESH_DELAY_MS);
}

export async function sendChapterEdit(
  op: OutboxOp<TextEdit | OrderEdit>,
  { idempotencyKey }: { idempotencyKey: string },
): Promise<{ updatedAt: string }> {
  const chapter = await readChapter(op.entityId);
  const field = op.field as ChapterEditField;
  // An op already attempted may have reached the server: its own value there is not a conflict.
  if (isConflict(currentValue(chapter, field), op.payload.base, op.payload.value))
    throw new OutboxConflictError(chapter, chapter.updated_at);
  let updated: ConversationWire;
  try {
    updated = await writeEdit(op, chapter, idempotencyKey);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.type === 'edit_conflict') {
      const fresh = await readChapter(op.entityId);
      throw new OutboxConflictError(fresh, fresh.updated_at);
    }
    throw error;
  }
  await storeChapter(updated);
  refreshSoon(op.entityId);
  return { updatedAt: updated.updated_at };
}

let registered = false;

/** Registers the sender once, at start-up (src/main.tsx), so edits of an earlier visit go out. */
export function registerChapterEditSender(): void {
  if (registered) return;
  registered = true;
  registerOutboxSender<TextEdit | OrderEdit>(CHAPTER_ENTITY, '*', sendChapterEdit);
}

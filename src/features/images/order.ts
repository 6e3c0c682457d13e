// The images as the person sees them: the server's (or the device's) copy in position order, with the
// order and legends they changed on this device and that still wait in the outbox laid over it.
import type { ChapterImageWire } from '../../lib/conversation-query';
import type { PendingChapterEdits } from '../../offline/pending-chapter-edits';

export interface ManagedImage extends ChapterImageWire {
  /** True while a legend typed on this device waits to be sent. */
  legendPending: boolean;
}

/** Position order, then the pending order (ids it does not know keep their place after it). */
export function displayedImages(
  images: readonly ChapterImageWire[],
  pending: Pick<PendingChapterEdits, 'legends' | 'imageOrder'>,
): ManagedImage[] {
  const byPosition = [...images].sort((a, b) => a.position - b.position);
  let ordered = byPosition;
  if (pending.imageOrder) {
    const rank = new Map(pending.imageOrder.map((id, index) => [id, index]));
    const known = byPosition.filter((image) => rank.has(image.id));
    const unknown = byPosition.filter((image) => !rank.has(image.id));
    known.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
    ordered = [...known, ...unknown];
  }
  return ordered.map((image, index) => {
    const legendPending = Object.hasOwn(pending.legends, image.id);
    return {
      id: image.id,
      url: image.url,
      legend: legendPending ? pending.legends[image.id] || null : image.legend,
      position: index + 1,
      ...(image.origin ? { origin: image.origin } : {}),
      legendPending,
    };
  });
}

/** The ids with the one at `from` moved to `to` (both 0-based). */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The chapter's images renumbered to follow `ids` (for the cached copy, before the server answers). */
export function reorderWire<T extends ChapterImageWire>(
  images: readonly T[],
  ids: readonly string[],
): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...images]
    .sort(
      (a, b) =>
        (rank.get(a.id) ?? a.position + ids.length) - (rank.get(b.id) ?? b.position + ids.length),
    )
    .map((image, index) => ({ ...image, position: index + 1 }));
}

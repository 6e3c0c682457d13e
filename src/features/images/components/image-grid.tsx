// The sortable grid (dnd-kit): drag with a mouse or a finger on the "Déplacer" handle, or with the
// keyboard (Space or Enter to lift, arrows to move, Space or Enter to drop, Escape to cancel), every
// step announced in the interface language. The "move before/after" buttons do the same in one press.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedImage } from '../order';
import { ImageCard, type MoveDirection } from './image-card';

interface ImageGridProps {
  images: ManagedImage[];
  serverActions: boolean;
  serverActionsHintId?: string;
  replacingId: string | null;
  locked: boolean;
  /** `from` and `to` are 0-based indexes in `images`. */
  onReorder: (from: number, to: number) => void;
  onSaveLegend: (image: ManagedImage, value: string) => Promise<void>;
  onReplace: (image: ManagedImage) => void;
  onDelete: (image: ManagedImage) => void;
}

export function ImageGrid({
  images,
  serverActions,
  serverActionsHintId,
  replacingId,
  locked,
  onReorder,
  onSaveLegend,
  onReplace,
  onDelete,
}: ImageGridProps) {
  const { t } = useTranslation('images');
  const ids = useMemo(() => images.map((image) => image.id), [images]);
  const listRef = useRef<HTMLUListElement>(null);
  // The button pressed to move an image keeps the focus once the card has moved in the page.
  const refocus = useRef<{ id: string; control: MoveDirection } | null>(null);
  const order = ids.join(',');

  // Focus follows the moved picture to its new place: the same button, or the other one when the
  // picture has reached an end and that button does nothing there any more.
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const button = (control: MoveDirection) =>
      listRef.current?.querySelector<HTMLElement>(
        `[data-move="${control}"][data-for="${target.id}"]`,
      );
    const same = button(target.control);
    const other = button(target.control === 'before' ? 'after' : 'before');
    const next = same?.getAttribute('aria-disabled') === 'true' && other ? other : same;
    next?.focus();
  }, [order]);

  const sensors = useSensors(
    // A short movement before a drag starts, so that a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('drag.start', { position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('drag.over', {
            position: positionOf(active.id),
            to: positionOf(over.id),
            total: ids.length,
          })
        : t('drag.outside', { position: positionOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('drag.end', {
            position: positionOf(active.id),
            to: positionOf(over.id),
            total: ids.length,
          })
        : t('drag.cancel', { position: positionOf(active.id) }),
    onDragCancel: ({ active }) => t('drag.cancel', { position: positionOf(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(from, to);
  }

  function onMove(image: ManagedImage, direction: MoveDirection) {
    const from = ids.indexOf(image.id);
    const to = direction === 'before' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ids.length) return;
    refocus.current = { id: image.id, control: direction };
    onReorder(from, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('drag.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul ref={listRef} className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3">
          {images.map((image) => (
            <ImageCard
              key={image.id}
              image={image}
              count={images.length}
              serverActions={serverActions}
              serverActionsHintId={serverActionsHintId}
              replacing={replacingId === image.id}
              locked={locked}
              onMove={onMove}
              onSaveLegend={onSaveLegend}
              onReplace={onReplace}
              onDelete={onDelete}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

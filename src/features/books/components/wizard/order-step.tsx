// Step 2: the order of the chosen chapters. Drag a row by its "Déplacer" handle (mouse, finger, or the
// keyboard: Space or Enter to lift, arrows to move, Space or Enter to drop, Escape to cancel; every step
// announced in the interface language), or press "Monter" / "Descendre". The list does not scroll by
// itself: the step's dialog does (wizard-step-modal.tsx).
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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ChapterImage } from '../../../../components/ui/chapter-image';
import { Svg, type IconProps } from '../../../../components/ui/icons';
import type { WizardChapter } from '../../wizard-requests';

type MoveControl = 'up' | 'down';

interface OrderStepProps {
  /** The chosen chapters in the book's order. */
  chapters: WizardChapter[];
  /** `from` and `to` are 0-based indexes in `chapters`. */
  onReorder: (from: number, to: number) => void;
}

export function OrderStep({ chapters, onReorder }: OrderStepProps) {
  const { t } = useTranslation('bookWizard');
  const ids = chapters.map((chapter) => chapter.id);
  const listRef = useRef<HTMLOListElement>(null);
  // The announcements live inside the dialog: outside an aria-modal dialog they may not be read.
  const [liveContainer, setLiveContainer] = useState<HTMLDivElement | null>(null);
  const [moved, setMoved] = useState('');
  // The button pressed keeps the focus once its row has moved.
  const refocus = useRef<{ id: string; control: MoveControl } | null>(null);
  const order = ids.join(',');

  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-move="${target.control}"][data-for="${target.id}"]`)
      ?.focus();
  }, [order]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const total = ids.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('order.dnd.start', { position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('order.dnd.over', { position: positionOf(active.id), to: positionOf(over.id), total })
        : t('order.dnd.outside', { position: positionOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('order.dnd.end', { position: positionOf(active.id), to: positionOf(over.id), total })
        : t('order.dnd.cancel', { position: positionOf(active.id) }),
    onDragCancel: ({ active }) => t('order.dnd.cancel', { position: positionOf(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onReorder(from, to);
  }

  function move(chapter: WizardChapter, control: MoveControl) {
    const from = ids.indexOf(chapter.id);
    const to = control === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ids.length) return;
    refocus.current = { id: chapter.id, control };
    setMoved(t('order.moved', { title: chapter.title, position: to + 1, total }));
    onReorder(from, to);
  }

  return (
    <>
      <p className="text-lg">{t('order.intro')}</p>
      <div ref={setLiveContainer} />
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('order.dnd.instructions') },
          container: liveContainer ?? undefined,
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol
            ref={listRef}
            aria-label={t('order.listLabel')}
            data-testid="wizard-order-list"
            className="space-y-3 rounded-xl border-2 border-line p-2"
          >
            {chapters.map((chapter, index) => (
              <OrderRow
                key={chapter.id}
                chapter={chapter}
                position={index + 1}
                count={chapters.length}
                onMove={move}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p aria-live="polite" className="sr-only">
        {moved}
      </p>
    </>
  );
}

const rowButton =
  'inline-flex min-h-target min-w-target items-center justify-center gap-2 rounded-lg border-2 border-brand px-3 py-2 text-base font-semibold transition-colors';

interface OrderRowProps {
  chapter: WizardChapter;
  position: number;
  count: number;
  onMove: (chapter: WizardChapter, control: MoveControl) => void;
}

function OrderRow({ chapter, position, count, onMove }: OrderRowProps) {
  const { t } = useTranslation('bookWizard');
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: chapter.id,
    attributes: { roleDescription: t('order.dnd.roleDescription') },
  });
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${transform.y}px, 0)` : undefined,
    transition,
  };
  const first = position === 1;
  const last = position === count;
  const forTitle = <span className="sr-only"> {t('chapterName', { title: chapter.title })}</span>;

  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="wizard-order-row"
      data-chapter-id={chapter.id}
      className={`space-y-2 rounded-lg border-2 bg-surface p-2 ${
        isDragging ? 'relative z-10 border-brand shadow-xl' : 'border-line'
      }`}
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-lg font-bold text-white"
        >
          {position}
        </span>
        <ChapterImage
          src={chapter.images[0]?.url}
          alt=""
          loading="lazy"
          className="size-14 shrink-0 rounded-lg bg-brand-soft object-cover"
        />
        <p className="min-w-0 text-lg font-semibold">
          <span className="sr-only">{t('order.position', { position })} </span>
          {chapter.title}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          data-move="drag"
          data-for={chapter.id}
          className={`${rowButton} cursor-grab touch-none bg-brand-soft text-brand-strong active:cursor-grabbing`}
        >
          <DragIcon />
          {t('order.drag')}
          {forTitle}
        </button>
        <button
          type="button"
          onClick={() => !first && onMove(chapter, 'up')}
          aria-disabled={first || undefined}
          data-move="up"
          data-for={chapter.id}
          className={`${rowButton} bg-surface text-brand hover:bg-brand-soft aria-disabled:cursor-not-allowed aria-disabled:opacity-55`}
        >
          <ArrowIcon direction="up" />
          {t('order.up')}
          {forTitle}
        </button>
        <button
          type="button"
          onClick={() => !last && onMove(chapter, 'down')}
          aria-disabled={last || undefined}
          data-move="down"
          data-for={chapter.id}
          className={`${rowButton} bg-surface text-brand hover:bg-brand-soft aria-disabled:cursor-not-allowed aria-disabled:opacity-55`}
        >
          <ArrowIcon direction="down" />
          {t('order.down')}
          {forTitle}
        </button>
      </div>
    </li>
  );
}

function DragIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3v18M12 3l-3 3M12 3l3 3M12 21l-3-3M12 21l3-3" />
    </Svg>
  );
}

function ArrowIcon({ direction, ...props }: IconProps & { direction: 'up' | 'down' }) {
  return (
    <Svg {...props}>
      {direction === 'up' ? <path d="M12 19V5M5 12l7-7 7 7" /> : <path d="M12 5v14M5 12l7 7 7-7" />}
    </Svg>
  );
}

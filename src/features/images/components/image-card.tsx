// One picture of the chapter in the sortable grid: its position badge (1 is the main image), the picture
// (the default one when it cannot be loaded), the drag handle and the "move before/after" buttons for
// people who cannot drag, the legend, and the replace and delete actions. Every control is always
// visible and reachable by keyboard: nothing appears on hover only.
import { useSortable } from '@dnd-kit/sortable';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ChapterImage } from '../../../components/ui/chapter-image';
import { Spinner } from '../../../components/ui/spinner';
import type { ManagedImage } from '../order';
import { ForImage } from './for-image';
import { ArrowAfterIcon, ArrowBeforeIcon, DragIcon, RefreshIcon, TrashIcon } from './icons';
import { LegendField } from './legend-field';

export type MoveDirection = 'before' | 'after';

interface ImageCardProps {
  image: ManagedImage;
  count: number;
  /** False offline: replacing and deleting need the server. */
  serverActions: boolean;
  /** Describes the disabled server actions ("needs a connection"). */
  serverActionsHintId?: string;
  /** A new illustration is being made to take this image's place. */
  replacing: boolean;
  /** Another server change is running: no second one at the same time. */
  locked: boolean;
  onMove: (image: ManagedImage, direction: MoveDirection) => void;
  onSaveLegend: (image: ManagedImage, value: string) => Promise<void>;
  onReplace: (image: ManagedImage) => void;
  onDelete: (image: ManagedImage) => void;
}

const actionButton =
  'inline-flex min-h-target min-w-target items-center justify-center gap-2 rounded-lg border-2 px-4 py-2 text-base font-semibold transition-colors';

export function ImageCard({
  image,
  count,
  serverActions,
  serverActionsHintId,
  replacing,
  locked,
  onMove,
  onSaveLegend,
  onReplace,
  onDelete,
}: ImageCardProps) {
  const { t } = useTranslation('images');
  const headingId = useId();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: image.id, attributes: { roleDescription: t('drag.roleDescription') } });

  const style: CSSProperties = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
  };
  const first = image.position === 1;
  const last = image.position === count;
  const serverDisabled = !serverActions || locked || replacing;

  function move(direction: MoveDirection) {
    if ((direction === 'before' && first) || (direction === 'after' && last)) return;
    onMove(image, direction);
  }

  return (
    <li
      ref={setNodeRef}
      style={style}
      data-image-id={image.id}
      aria-labelledby={headingId}
      className={`flex flex-col overflow-hidden rounded-2xl border-2 bg-surface shadow-sm transition-colors hover:border-brand focus-within:border-brand ${
        isDragging ? 'relative z-10 border-brand shadow-xl' : 'border-line'
      }`}
    >
      <div className="relative">
        <ChapterImage
          src={image.url}
          alt={image.legend || t('card.alt', { position: image.position })}
          failedMessage={t('card.imageFailed')}
          loading={first ? 'eager' : 'lazy'}
          className="aspect-[4/3] w-full bg-brand-soft object-contain"
        />
        <span
          aria-hidden="true"
          data-position-badge
          className="absolute top-3 left-3 inline-flex size-12 items-center justify-center rounded-full border-2 border-white bg-brand text-2xl font-bold text-white shadow"
        >
          {image.position}
        </span>
        {first && (
          <span
            aria-hidden="true"
            className="absolute top-4 left-18 rounded-full bg-surface px-3 py-1 font-semibold text-brand shadow"
          >
            {t('card.mainBadge')}
          </span>
        )}
        {replacing && (
          <div className="absolute inset-0 flex items-center justify-center bg-ink/60 p-4 text-center text-lg font-semibold text-white">
            <Spinner label={t('replace.working')} />
          </div>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-4 p-4">
        <h2 id={headingId} className="text-2xl">
          {first
            ? t('card.titleMain', { position: image.position })
            : t('card.title', { position: image.position })}
        </h2>

        <div
          className="flex flex-wrap gap-2"
          role="group"
          aria-label={t('card.orderGroup', { position: image.position })}
        >
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            data-move="drag"
            data-for={image.id}
            className={`${actionButton} cursor-grab touch-none border-brand bg-brand-soft text-brand-strong active:cursor-grabbing`}
          >
            <DragIcon />
            {t('card.drag')}
            <ForImage position={image.position} />
          </button>
          <button
            type="button"
            onClick={() => move('before')}
            aria-disabled={first || undefined}
            data-move="before"
            data-for={image.id}
            className={`${actionButton} border-brand bg-surface text-brand hover:bg-brand-soft aria-disabled:cursor-not-allowed aria-disabled:opacity-55 aria-disabled:hover:bg-surface`}
          >
            <ArrowBeforeIcon />
            {t('card.before')}
            <ForImage position={image.position} />
          </button>
          <button
            type="button"
            onClick={() => move('after')}
            aria-disabled={last || undefined}
            data-move="after"
            data-for={image.id}
            className={`${actionButton} border-brand bg-surface text-brand hover:bg-brand-soft aria-disabled:cursor-not-allowed aria-disabled:opacity-55 aria-disabled:hover:bg-surface`}
          >
            {t('card.after')}
            <ArrowAfterIcon />
            <ForImage position={image.position} />
          </button>
        </div>

        <LegendField image={image} onSave={onSaveLegend} />

        <div className="mt-auto flex flex-wrap gap-2 border-t-2 border-line pt-4">
          {/* Only a picture the illustrator drew can be drawn again: a photo she gave would be lost. */}
          {image.origin === 'illustration' && (
            <Button
              variant="secondary"
              onClick={() => onReplace(image)}
              disabled={serverDisabled}
              aria-describedby={!serverActions ? serverActionsHintId : undefined}
            >
              <RefreshIcon />
              {t('card.replace')}
              <ForImage position={image.position} />
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={() => onDelete(image)}
            disabled={serverDisabled}
            aria-describedby={!serverActions ? serverActionsHintId : undefined}
            className="text-danger hover:bg-danger-soft"
          >
            <TrashIcon />
            {t('card.delete')}
            <ForImage position={image.position} />
          </Button>
        </div>
      </div>
    </li>
  );
}

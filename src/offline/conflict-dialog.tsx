// When a change made on this device meets a newer version on the server, the person sees both and
// chooses (issue 5: conflicts are shown, not swallowed). Opened from the sync indicator.
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { db, type Conflict } from '../db/db';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';
import { resolveConflict } from './outbox';

interface ChapterLike {
  title_infos?: { title?: string | null };
  summary_infos?: { summary?: string | null };
  conv_author?: string | null;
  images?: { id: string; legend?: string | null; position: number }[];
}

/** The server's value of the field the conflicting change touched, as text to show. */
export function serverValueOf(conflict: Conflict): string {
  const chapter = (conflict.serverVersion ?? {}) as ChapterLike;
  const field = conflict.field;
  if (field === 'title') return chapter.title_infos?.title ?? '';
  if (field === 'summary') return chapter.summary_infos?.summary ?? '';
  if (field === 'conv_author') return chapter.conv_author ?? '';
  if (field.startsWith('legend:')) {
    const id = field.slice('legend:'.length);
    return chapter.images?.find((image) => image.id === id)?.legend ?? '';
  }
  if (field === 'image-order')
    return describeOrder(
      [...(chapter.images ?? [])].sort((a, b) => a.position - b.position).map((i) => i.id),
      chapter,
    );
  return typeof conflict.serverVersion === 'string' ? conflict.serverVersion : '';
}

/** An order of images told by their captions (or their place in the server's order). */
function describeOrder(ids: string[], chapter: ChapterLike): string {
  const images = [...(chapter.images ?? [])].sort((a, b) => a.position - b.position);
  return ids
    .map((id) => {
      const index = images.findIndex((image) => image.id === id);
      return images[index]?.legend || `#${index + 1}`;
    })
    .join(' · ');
}

export function localValueOf(conflict: Conflict): string {
  const payload = conflict.localPayload as { value?: unknown } | string | null;
  if (typeof payload === 'string') return payload;
  const value = payload?.value;
  if (Array.isArray(value))
    return describeOrder(value as string[], (conflict.serverVersion ?? {}) as ChapterLike);
  return typeof value === 'string' ? value : '';
}

const FIELD_KEYS = {
  title: 'outbox.fields.title',
  summary: 'outbox.fields.summary',
  conv_author: 'outbox.fields.conv_author',
  legend: 'outbox.fields.legend',
  position: 'outbox.fields.position',
  content: 'outbox.fields.content',
  answers: 'outbox.fields.answers',
  other: 'outbox.fields.other',
} as const;

function fieldKey(field: string): (typeof FIELD_KEYS)[keyof typeof FIELD_KEYS] {
  if (field.startsWith('legend:')) return FIELD_KEYS.legend;
  if (field === 'image-order') return FIELD_KEYS.position;
  return FIELD_KEYS[field as keyof typeof FIELD_KEYS] ?? FIELD_KEYS.other;
}

export function ConflictDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('offline');
  const conflicts = useLiveQuery(() => db.conflicts.orderBy('createdAt').toArray(), [], []);
  const conflict = conflicts[0];
  return (
    <Modal open={open && conflict !== undefined} onClose={onClose} title={t('conflict.title')}>
      {conflict && (
        <div className="space-y-4">
          <p>{t('conflict.intro', { what: t(fieldKey(conflict.field)) })}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <section
              aria-labelledby="conflict-mine"
              className="rounded-lg border-2 border-brand p-3"
            >
              <h3 id="conflict-mine" className="mb-2 text-lg font-semibold">
                {t('conflict.mine')}
              </h3>
              <p className="max-h-60 overflow-y-auto whitespace-pre-wrap">
                {localValueOf(conflict) || t('conflict.empty')}
              </p>
            </section>
            <section
              aria-labelledby="conflict-server"
              className="rounded-lg border-2 border-ink-muted p-3"
            >
              <h3 id="conflict-server" className="mb-2 text-lg font-semibold">
                {t('conflict.server')}
              </h3>
              <p className="max-h-60 overflow-y-auto whitespace-pre-wrap">
                {serverValueOf(conflict) || t('conflict.empty')}
              </p>
            </section>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void resolveConflict(conflict.opId, 'local')}>
              {t('conflict.keepMine')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void resolveConflict(conflict.opId, 'server')}
            >
              {t('conflict.keepServer')}
            </Button>
          </div>
          {conflicts.length > 1 && (
            <p className="text-ink-muted">{t('conflict.more', { count: conflicts.length - 1 })}</p>
          )}
        </div>
      )}
    </Modal>
  );
}

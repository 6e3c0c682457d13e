// An image's legend with its save button. What is typed is kept in a Dexie draft (`legend:<imageId>`)
// until it is saved, so a reload never loses it; a saved legend goes through the outbox and is marked
// as waiting until the server has it.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { useDraft } from '../../../offline/use-draft';
import { MAX_LEGEND_LENGTH } from '../api/types';
import type { ManagedImage } from '../order';
import { ForImage } from './for-image';

interface LegendFieldProps {
  image: ManagedImage;
  onSave: (image: ManagedImage, value: string) => Promise<void>;
}

type LegendStatus = 'unsaved' | 'pending' | 'saved' | 'failed' | null;

export function LegendField({ image, onSave }: LegendFieldProps) {
  const { t } = useTranslation('images');
  const fieldId = useId();
  const statusId = useId();
  const [draft, setDraft, clearDraft, { saveError }] = useDraft(`legend:${image.id}`);
  // null until the person types here: the field then shows the draft, else the saved legend.
  const [text, setText] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const saved = image.legend ?? '';
  const value = text ?? (draft !== '' ? draft : saved);
  const changed = value.trim() !== saved.trim();

  function change(next: string) {
    setText(next);
    setJustSaved(false);
    setFailed(false);
    // Back to the saved text: nothing to keep.
    setDraft(next.trim() === saved.trim() ? '' : next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed || saving) return;
    setSaving(true);
    try {
      await onSave(image, value);
      await clearDraft();
      setText(null);
      setJustSaved(true);
    } catch (error) {
      // The draft still holds the text: nothing is lost, the person can press again.
      console.error('Queuing the legend failed', error);
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  let status: LegendStatus = null;
  if (failed) status = 'failed';
  else if (changed) status = 'unsaved';
  else if (image.legendPending) status = 'pending';
  else if (justSaved) status = 'saved';

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={fieldId} className="block font-semibold">
        {t('legend.label', { position: image.position })}
      </label>
      <textarea
        id={fieldId}
        value={value}
        onChange={(event) => change(event.target.value)}
        maxLength={MAX_LEGEND_LENGTH}
        rows={2}
        aria-describedby={statusId}
        placeholder={t('legend.placeholder')}
        className={`${inputClasses} block resize-y leading-relaxed`}
      />
      <div id={statusId} aria-live="polite" className="empty:hidden">
        {status && (
          <p
            className={status === 'failed' ? 'font-semibold text-danger' : 'text-ink-muted'}
            data-legend-status={status}
          >
            {t(`legend.status.${status}`)}
          </p>
        )}
        {saveError && (
          <p className="text-warning-ink">{t(`draft.${saveError}`, { ns: 'offline' })}</p>
        )}
      </div>
      <Button type="submit" variant="secondary" disabled={!changed} busy={saving}>
        {t('legend.save')}
        <ForImage position={image.position} />
      </Button>
    </form>
  );
}

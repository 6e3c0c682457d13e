// Edit mode of the chapter page (spec §2): the title as an input, the text as a 20-row textarea,
// cancel and save. What is typed is a Dexie draft from the first keystroke (a reload or a closed tab
// gives it back); saving queues the changed fields in the outbox, which sends them once — at once when
// online, when the connection returns otherwise. Escape closes it (issue 35 #10): at once when nothing
// was changed, after asking otherwise — and what was typed stays in the draft, found again on reopening.
import { Fragment, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { toast } from '../../../lib/toast';
import { queueChapterEdit } from '../../../offline/chapter-edits';
import { isOnline } from '../../../offline/connectivity';
import { useDraft } from '../../../offline/use-draft';

interface EditFormProps {
  conversationId: string;
  /** What the fields start from: the shown title and text. */
  title: string;
  summary: string;
  /** The server's values and updated_at, the base of the queued edits. */
  serverTitle: string | null;
  serverSummary: string | null;
  updatedAt: string;
  /** Closed: `textChanged` when a new text was saved (it can then be undone). */
  onDone: (saved?: { textChanged: boolean }) => void;
  /**
   * Reopened with corrections an earlier visit left unsaved: said in the form itself, above the
   * fields, not in a toast that would lie over them at large text sizes.
   */
  restoredDraft?: boolean;
}

export const titleDraftKey = (id: string) => `title:${id}` as const;
export const summaryDraftKey = (id: string) => `summary:${id}` as const;

export function EditForm(props: EditFormProps) {
  const { conversationId, title, summary, onDone } = props;
  const { t } = useTranslation('conversation');
  const [titleValue, setTitle, clearTitle, titleStatus] = useDraft(titleDraftKey(conversationId));
  const [summaryValue, setSummary, clearSummary, summaryStatus] = useDraft(
    summaryDraftKey(conversationId),
  );
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [askingToClose, setAskingToClose] = useState(false);
  const seeded = useRef(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const focused = useRef(false);
  const titleId = useId();
  const summaryId = useId();
  const loaded = titleStatus.loaded && summaryStatus.loaded;

  // Without a draft the fields start from what the page shows.
  useEffect(() => {
    if (!loaded || seeded.current) return;
    seeded.current = true;
    if (titleValue === '' && summaryValue === '') {
      setTitle(title);
      setSummary(summary);
    }
  }, [loaded, titleValue, summaryValue, title, summary, setTitle, setSummary]);

  // Issue 29 #7: the editor opens where the button was, at the bottom of the page; its title field is
  // brought into view and focused once the fields are ready (not disabled any more).
  useEffect(() => {
    if (!loaded || focused.current) return;
    const input = titleInput.current;
    if (!input) return;
    focused.current = true;
    input.closest('form')?.scrollIntoView?.({ block: 'start' });
    input.focus({ preventScroll: true });
  }, [loaded]);

  async function cancel() {
    await Promise.all([clearTitle(), clearSummary()]);
    onDone();
  }

  const changed = loaded && (titleValue !== title || summaryValue !== summary);

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    if (changed) setAskingToClose(true);
    else void cancel();
  }

  async function save() {
    setSaving(true);
    setFailed(false);
    try {
      const base = props.updatedAt;
      if (titleValue.trim() !== title.trim())
        await queueChapterEdit(
          conversationId,
          { field: 'title', value: titleValue.trim(), base: props.serverTitle },
          base,
        );
      const textChanged = summaryValue !== summary;
      if (textChanged)
        await queueChapterEdit(
          conversationId,
          { field: 'summary', value: summaryValue, base: props.serverSummary },
          base,
        );
      await Promise.all([clearTitle(), clearSummary()]);
      // Without a connection the change waits in the outbox: say so rather than « saved ».
      toast.success(t(isOnline() ? 'edit.saved' : 'edit.savedOffline'));
      onDone({ textChanged });
    } catch (error) {
      console.error('Edits not kept', error);
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  const saveError = titleStatus.saveError ?? summaryStatus.saveError;
  return (
    <Fragment>
      <form
        className="scroll-mt-4 space-y-4"
        onKeyDown={onKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 className="text-2xl">{t('edit.title')}</h2>
        {props.restoredDraft && (
          <Notice tone="info" role="status">
            {t('edit.draftKept')}
          </Notice>
        )}
        <div className="space-y-1">
          <label htmlFor={titleId} className="block text-lg font-semibold">
            {t('edit.titleLabel')}
          </label>
          <input
            ref={titleInput}
            id={titleId}
            value={titleValue}
            disabled={!loaded}
            maxLength={500}
            onChange={(event) => setTitle(event.target.value)}
            className="min-h-target w-full rounded-lg border-2 border-line bg-surface px-4 py-2 text-xl text-ink"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={summaryId} className="block text-lg font-semibold">
            {t('edit.summaryLabel')}
          </label>
          <textarea
            id={summaryId}
            rows={20}
            value={summaryValue}
            disabled={!loaded}
            onChange={(event) => setSummary(event.target.value)}
            className="w-full rounded-lg border-2 border-line bg-surface px-4 py-3 text-lg leading-relaxed text-ink"
          />
        </div>
        <div aria-live="polite" className="space-y-2">
          {saveError && <Notice tone="warning">{t('edit.draftError')}</Notice>}
          {failed && <Notice tone="error">{t('edit.failed')}</Notice>}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={saving} disabled={!loaded}>
            {t('edit.save')}
          </Button>
          <Button variant="secondary" onClick={() => void cancel()}>
            {t('edit.cancel')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={askingToClose}
        title={t('edit.closeTitle')}
        message={t('edit.closeMessage')}
        detail={t('edit.closeDetail')}
        confirmLabel={t('edit.closeConfirm')}
        cancelLabel={t('edit.closeCancel')}
        busy={false}
        failure={null}
        // The draft is kept (the form writes it as it closes): reopening the editor gives it back.
        onConfirm={() => onDone()}
        onClose={() => setAskingToClose(false)}
      />
    </Fragment>
  );
}

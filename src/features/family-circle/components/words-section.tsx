// The family's words under a released chapter: each with who and when, one's own with « Supprimer »;
// then « Laisser un mot » (≤ 1000 characters), queued in the outbox so a word written offline leaves
// once when the connection returns, shown as waiting until then. What is typed is a draft on the device
// (`circle-word:<storytellerId>/<chapterId>`), back after a reload, gone once the word is queued.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChapterWord } from '@contract/circle';
import { WORD_MAX as MAX_WORD_LENGTH } from '../api/limits';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldError } from '../../../components/ui/field-message';
import { inputClasses } from '../../../components/ui/text-field';
import { formatLongDate } from '../../../lib/intl';
import { toast } from '../../../lib/toast';
import { isOnline } from '../../../offline/connectivity';
import { useDraft } from '../../../offline/use-draft';
import { isNetworkError } from '../api/circle-errors';
import { queueWord, useWaitingWords } from '../api/circle-outbox';
import { useDeleteWord } from '../api/words';

interface WordsSectionProps {
  storytellerId: string;
  chapterId: string;
  words: ChapterWord[];
}

export function WordsSection({ storytellerId, chapterId, words }: WordsSectionProps) {
  const { t } = useTranslation('circle');
  const waiting = useWaitingWords(chapterId);
  const remove = useDeleteWord(storytellerId, chapterId);
  const [toDelete, setToDelete] = useState<ChapterWord | null>(null);
  const [text, setText, clearDraft, draft] = useDraft(`circle-word:${storytellerId}/${chapterId}`);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const word = text.trim();
    if (!word) return setError(t('words.empty'));
    if (word.length > MAX_WORD_LENGTH)
      return setError(t('words.tooLong', { max: MAX_WORD_LENGTH }));
    setError(null);
    setBusy(true);
    try {
      await queueWord({ storytellerId, chapterId, text: word });
      // In the outbox now: the draft has done its work.
      await clearDraft();
      toast.success(t(isOnline() ? 'words.sent' : 'words.queued'));
    } finally {
      setBusy(false);
    }
  };

  const visible = words.filter((word) => !word.hidden || word.mine);
  return (
    <section aria-labelledby="circle-words-title" className="max-w-prose space-y-5">
      <h2 id="circle-words-title" className="text-2xl">
        {t('words.title')}
      </h2>
      {visible.length === 0 && waiting.length === 0 ? (
        <p className="text-lg text-ink-muted">{t('words.none')}</p>
      ) : (
        <ul className="space-y-4">
          {visible.map((word) => (
            <li key={word.id} className="space-y-2 rounded-lg border-2 border-line bg-surface p-4">
              <p className="whitespace-pre-line font-serif text-lg">{word.text}</p>
              <p className="text-ink-muted">
                {t('words.by', {
                  name: word.author_name,
                  date: formatLongDate(word.created_at) ?? word.created_at,
                })}
              </p>
              {word.mine && (
                <Button variant="ghost" onClick={() => setToDelete(word)}>
                  {t('words.delete')}
                </Button>
              )}
            </li>
          ))}
          {waiting.map((item) => (
            <li
              key={item.opId}
              className="space-y-2 rounded-lg border-2 border-dashed border-line p-4"
            >
              <p className="whitespace-pre-line font-serif text-lg">{item.text}</p>
              <p className="text-ink-muted">{t(item.failed ? 'words.failed' : 'words.waiting')}</p>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
        <label htmlFor="circle-word" className="block text-lg font-semibold">
          {t('words.label')}
        </label>
        <p id="circle-word-hint" className="text-ink-muted">
          {t('words.hint', { max: MAX_WORD_LENGTH })}
        </p>
        <textarea
          id="circle-word"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={4}
          maxLength={MAX_WORD_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby="circle-word-hint circle-word-count circle-word-error"
          className={`${inputClasses} text-lg`}
        />
        <p id="circle-word-count" className="text-ink-muted">
          {t('words.count', { count: text.length, max: MAX_WORD_LENGTH })}
        </p>
        <FieldError id="circle-word-error">{error}</FieldError>
        {draft.saveError && <p className="text-warning-ink">{t(`draft.${draft.saveError}`)}</p>}
        <Button type="submit" busy={busy} className="text-lg">
          {t('words.send')}
        </Button>
      </form>

      <ConfirmDialog
        open={toDelete !== null}
        title={t('words.deleteConfirm.title')}
        message={t('words.deleteConfirm.message')}
        danger
        confirmLabel={t('words.deleteConfirm.confirm')}
        cancelLabel={t('words.deleteConfirm.cancel')}
        busy={remove.isPending}
        failure={
          remove.isError
            ? {
                offline: isNetworkError(remove.error),
                text: t(
                  isNetworkError(remove.error)
                    ? 'words.deleteConfirm.offline'
                    : 'words.deleteConfirm.failed',
                ),
              }
            : null
        }
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });
        }}
        onClose={() => {
          setToDelete(null);
          remove.reset();
        }}
      />
    </section>
  );
}

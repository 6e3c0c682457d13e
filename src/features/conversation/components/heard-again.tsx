// The voice kept (issue 20) — « Réécouter »: on the chapter page, the answers whose sound was kept, each
// under the question asked, with a plain player. Nothing at all when no answer was kept with its sound.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useDeleteRecording,
  useRecordedAnswers,
  type RecordedAnswer,
} from '../api/recorded-answers';
import { AnswerPlayer } from './answer-player';

export function HeardAgain({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversation');
  const answers = useRecordedAnswers(conversationId);
  const deletion = useDeleteRecording(conversationId);
  const [toDelete, setToDelete] = useState<RecordedAnswer | null>(null);
  const offline = deletion.error instanceof ApiError && deletion.error.reason === 'network';
  if (answers.length === 0 && toDelete === null) return null;

  function close() {
    deletion.reset();
    setToDelete(null);
  }
  return (
    <section aria-labelledby="chapter-voice" className="space-y-4">
      <h2 id="chapter-voice" className="text-2xl">
        {t('heard.title')}
      </h2>
      <p className="max-w-prose text-lg">{t('heard.intro', { count: answers.length })}</p>
      <ol className="space-y-5">
        {answers.map((answer) => (
          <li
            key={answer.id}
            className="space-y-3 rounded-lg border-2 border-line bg-surface p-4"
            data-testid="recorded-answer"
          >
            <p className="text-xl">
              <span className="font-semibold">{t('heard.question')} </span>
              {answer.question ?? t('heard.noQuestion')}
            </p>
            <AnswerPlayer recording={answer.recording} question={answer.question} />
            <Button variant="ghost" onClick={() => setToDelete(answer)}>
              {answer.question
                ? t('heard.deleteNamed', { question: answer.question })
                : t('heard.delete')}
            </Button>
          </li>
        ))}
      </ol>
      <ConfirmDialog
        danger
        open={toDelete !== null}
        title={t('heard.deleteTitle')}
        message={t('heard.deleteMessage')}
        detail={t('heard.deleteDetail')}
        confirmLabel={t('heard.deleteConfirm')}
        cancelLabel={t('heard.deleteCancel')}
        busy={deletion.isPending}
        failure={
          deletion.isError
            ? { offline, text: offline ? t('heard.deleteOffline') : t('heard.deleteFailed') }
            : null
        }
        onConfirm={() => {
          if (!toDelete || deletion.isPending) return;
          deletion.mutate(toDelete.id, {
            onSuccess: () => {
              close();
              toast.success(t('heard.deleted'));
            },
            onError: (error) => console.error('Deleting the recording failed', error),
          });
        }}
        onClose={close}
      />
    </section>
  );
}

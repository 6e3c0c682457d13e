// « Poser une question à Jeanne » (contributors only): the question, sent through the outbox so one
// written offline leaves once when the connection returns; and one's questions with where each stands.
// What is typed is a draft on the device (`circle-question:<storytellerId>`), back after a reload, gone
// once the question is queued.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CircleQuestion } from '@contract/circle';
import { QUESTION_MAX as MAX_QUESTION_LENGTH } from '../api/limits';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-message';
import { inputClasses } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast';
import { isOnline } from '../../../offline/connectivity';
import { useDraft } from '../../../offline/use-draft';
import { queueQuestion, useWaitingQuestions } from '../api/circle-outbox';
import { useCircleQuestions } from '../api/questions';

function QuestionStatus({
  question,
  storytellerId,
  name,
}: {
  question: CircleQuestion;
  storytellerId: string;
  name: string;
}) {
  const { t } = useTranslation('circle');
  return (
    <p className="text-ink-muted">
      <span>{t(`questions.status.${question.status}`, { name })}</span>
      {question.status === 'answered' && question.conversation_id && (
        <>
          {' · '}
          <Link to={`/circles/${storytellerId}/chapters/${question.conversation_id}`}>
            {t('questions.readAnswer')}
          </Link>
        </>
      )}
    </p>
  );
}

export function QuestionSection({ storytellerId, name }: { storytellerId: string; name: string }) {
  const { t } = useTranslation('circle');
  const questions = useCircleQuestions(storytellerId);
  const waiting = useWaitingQuestions(storytellerId);
  const [text, setText, clearDraft, draft] = useDraft(`circle-question:${storytellerId}`);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const question = text.trim();
    if (!question) return setError(t('questions.empty'));
    if (question.length > MAX_QUESTION_LENGTH)
      return setError(t('questions.tooLong', { max: MAX_QUESTION_LENGTH }));
    setError(null);
    setBusy(true);
    try {
      await queueQuestion({ storytellerId, text: question });
      // In the outbox now: the draft has done its work.
      await clearDraft();
      toast.success(t(isOnline() ? 'questions.sent' : 'questions.queued'));
    } finally {
      setBusy(false);
    }
  };

  const asked = questions.data?.data ?? [];
  return (
    <section aria-labelledby="circle-question-title" className="space-y-5">
      <h2 id="circle-question-title" className="text-2xl">
        {t('questions.title', { name })}
      </h2>
      <p className="max-w-prose text-lg">{t('questions.lead', { name })}</p>
      <form onSubmit={(event) => void submit(event)} className="max-w-prose space-y-3" noValidate>
        <label htmlFor="circle-question" className="block text-lg font-semibold">
          {t('questions.label')}
        </label>
        <p id="circle-question-hint" className="text-ink-muted">
          {t('questions.hint', { max: MAX_QUESTION_LENGTH })}
        </p>
        <textarea
          id="circle-question"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          maxLength={MAX_QUESTION_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby="circle-question-hint circle-question-error"
          className={`${inputClasses} text-lg`}
        />
        <FieldError id="circle-question-error">{error}</FieldError>
        {draft.saveError && <p className="text-warning-ink">{t(`draft.${draft.saveError}`)}</p>}
        <Button type="submit" busy={busy} className="text-lg">
          {t('questions.send')}
        </Button>
      </form>

      <h3 className="text-xl">{t('questions.mine')}</h3>
      {asked.length === 0 && waiting.length === 0 ? (
        <p className="text-ink-muted">{t('questions.none')}</p>
      ) : (
        <ul className="max-w-prose space-y-3">
          {waiting.map((item) => (
            <li key={item.opId} className="rounded-lg border-2 border-dashed border-line p-3">
              <p className="text-lg">{item.text}</p>
              <p className="text-ink-muted">
                {t(item.failed ? 'questions.status.failed' : 'questions.status.sending')}
              </p>
            </li>
          ))}
          {asked.map((question) => (
            <li key={question.id} className="rounded-lg border-2 border-line p-3">
              <p className="text-lg">{question.text}</p>
              <QuestionStatus question={question} storytellerId={storytellerId} name={name} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The questions her family asked: who asked, the question, where it stands (waiting for a coming
// chapter, asked, answered), and « Ne pas poser cette question » while it waits.
import { useTranslation } from 'react-i18next';
import type { CircleQuestion } from '@contract/circle';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useQuestions, useSetQuestionAside } from '../api/questions';
import { ListFailed, ListLoading } from './load-state';

export function FamilyQuestions({ online }: { online: boolean }) {
  const { t } = useTranslation('family');
  const questions = useQuestions();

  let body;
  if (questions.data) {
    const shown = questions.data.data.filter((question) => question.status !== 'declined');
    body =
      shown.length === 0 ? (
        <p className="text-lg">{t('questions.empty')}</p>
      ) : (
        <ul className="space-y-4">
          {shown.map((question) => (
            <QuestionItem key={question.id} question={question} online={online} />
          ))}
        </ul>
      );
  } else if (questions.isError) {
    body = (
      <ListFailed message={t('questions.loadError')} onRetry={() => void questions.refetch()} />
    );
  } else {
    body = online ? <ListLoading /> : null;
  }

  return (
    <section aria-labelledby="circle-questions" className="space-y-4">
      <h2 id="circle-questions" className="text-2xl">
        {t('questions.title')}
      </h2>
      <p className="max-w-prose text-lg text-ink-muted">{t('questions.lead')}</p>
      {body}
    </section>
  );
}

function QuestionItem({ question, online }: { question: CircleQuestion; online: boolean }) {
  const { t } = useTranslation('family');
  const setAside = useSetQuestionAside();
  const textId = `question-${question.id}`;
  return (
    <li className="space-y-3 rounded-2xl border-2 border-line bg-surface p-5">
      <p className="text-lg font-semibold">
        {question.relation
          ? t('questions.askedByRelation', {
              name: question.asker_name,
              relation: question.relation,
            })
          : t('questions.askedBy', { name: question.asker_name })}
      </p>
      <blockquote id={textId} className="border-l-4 border-brand pl-4 font-serif text-xl">
        {question.text}
      </blockquote>
      <p className="text-lg">
        <span className="font-semibold">{t('questions.statusLabel')} </span>
        {t(`questions.status.${question.status}`)}
      </p>
      {question.status === 'waiting' && (
        <Button
          variant="secondary"
          disabled={!online}
          busy={setAside.isPending}
          aria-describedby={textId}
          onClick={() =>
            setAside.mutate(question.id, {
              onSuccess: () => toast.success(t('questions.setAsideDone')),
              onError: () => toast.error(t('questions.setAsideFailed')),
            })
          }
        >
          {t('questions.setAside')}
        </Button>
      )}
    </li>
  );
}

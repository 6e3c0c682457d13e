// The profile's onboarding answers (spec §2 Profile): a list of answered questions (view -> editing
// -> save or cancel; delete) and a list of unanswered ones (idle -> answering, the example as
// placeholder). An emptied answer is not saved. A change goes straight to the server (its refusal shows
// under the field); one that cannot leave for lack of connection waits in the outbox, shown over the
// server's answer with a mark, and any later change to that question queues behind it, so the order
// holds and the last change wins.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-message';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { isOnline } from '../../../offline/connectivity';
import { composeAnswer, emptyAnswer, parseAnswer, type AnswerValue } from '../answer-format';
import {
  queueOnboardingChange,
  useQueuedOnboardingChanges,
  type QueuedOnboardingChange,
} from '../answer-outbox';
import { useOnboardingAnswers } from '../api/get-answers';
import { useOnboardingQuestions } from '../api/get-questions';
import {
  useCreateAnswerMutation,
  useDeleteAnswerMutation,
  useUpdateAnswerMutation,
} from '../api/save-answer';
import type { OnboardingAnswerWire, OnboardingQuestionWire } from '../api/types';
import { QuestionInput } from './question-input';

const cell = 'border-b-2 border-line py-3';
const item = 'space-y-3 border-b-2 border-line py-4 break-words';

function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'network';
}

/**
 * Puts a change in the outbox (no connection, or one already waiting for that question) and tells the
 * person whether it leaves now or when the connection returns.
 */
async function keepForLater(questionId: string, change: QueuedOnboardingChange): Promise<void> {
  await queueOnboardingChange(questionId, change);
  const deletion = 'deleteAnswerId' in change;
  const key = isOnline()
    ? deletion
      ? 'profile.deletedSending'
      : 'profile.savedSending'
    : deletion
      ? 'profile.deletedOffline'
      : 'profile.savedOffline';
  toast.success(i18next.t(key, { ns: 'onboarding' }));
}

function PendingMark({ children }: { children: ReactNode }) {
  return (
    <span className="ml-2 inline-block rounded-full bg-warning-soft px-3 py-0.5 text-sm font-semibold text-warning-ink not-italic">
      {children}
    </span>
  );
}

/** An answer whose question is not in the list (another language, retired): edited as free text. */
function fallbackQuestion(answer: OnboardingAnswerWire): OnboardingQuestionWire {
  return {
    question_id: answer.question_id,
    question_number: Number.MAX_SAFE_INTEGER,
    question: answer.question,
    valid_answers: [],
    example_answer: '',
    answer_input_type: 'text',
    is_custom_answer_allowed: true,
    is_answer_required: false,
    language: '',
    answer_id: answer.id,
  };
}

export function OnboardingAnswers() {
  const { t } = useTranslation('onboarding');
  const answers = useOnboardingAnswers();
  const questions = useOnboardingQuestions('all');
  const queued = useQueuedOnboardingChanges();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  let body: ReactNode;
  if (answers.data && (questions.data || questions.isError)) {
    const byId = new Map((questions.data ?? []).map((q) => [q.question_id, q]));
    const answeredIds = new Set(answers.data.map((a) => a.question_id));
    const answered = answers.data
      .map((answer) => ({
        answer,
        question: byId.get(answer.question_id) ?? fallbackQuestion(answer),
      }))
      .sort((a, b) => a.question.question_number - b.question.question_number);
    const unanswered = (questions.data ?? []).filter((q) => !answeredIds.has(q.question_id));
    // A row that leaves its table takes its buttons with it: focus goes back to the section title.
    const refocus = () => titleRef.current?.focus();
    body = (
      <div className="space-y-8">
        <AnswersTable caption={t('profile.answered.caption')} empty={t('profile.answered.empty')}>
          {answered.map(({ answer, question }) => (
            <AnsweredRow
              key={answer.id}
              answer={answer}
              question={question}
              queued={queued.get(answer.question_id)}
              onRemoved={refocus}
            />
          ))}
        </AnswersTable>
        <AnswersTable
          caption={t('profile.unanswered.caption')}
          empty={t('profile.unanswered.empty')}
        >
          {unanswered.map((question) => (
            <UnansweredRow
              key={question.question_id}
              question={question}
              queued={queued.get(question.question_id)}
              onAnswered={refocus}
            />
          ))}
        </AnswersTable>
      </div>
    );
  } else if (answers.isError) {
    body = (
      <Notice tone="error" role="alert">
        <p>{t('profile.loadError')}</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void Promise.all([answers.refetch(), questions.refetch()])}
        >
          {t('profile.retry')}
        </Button>
      </Notice>
    );
  } else {
    body = (
      <div className="text-brand">
        <Spinner label={t('profile.loading')} />
      </div>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 ref={titleRef} id={titleId} tabIndex={-1} className="mb-2 text-2xl">
        {t('profile.title')}
      </h2>
      <p className="mb-5 text-ink-muted">{t('profile.lead')}</p>
      {body}
    </section>
  );
}

/**
 * One group of answers as a stacked list (question, answer, then its buttons): it reads the same on a
 * phone at 200 % text as on a wide screen, with no sideways scroll and no word cut.
 */
function AnswersTable({
  caption,
  empty,
  children,
}: {
  caption: string;
  empty: string;
  children: ReactNode[];
}) {
  const captionId = useId();
  return (
    <section aria-labelledby={captionId}>
      <h3 id={captionId} className="mb-2 font-serif text-xl font-semibold">
        {caption}
      </h3>
      {children.length > 0 ? (
        <ul aria-labelledby={captionId} className="border-t-2 border-line">
          {children}
        </ul>
      ) : (
        <p className={`${cell} text-ink-muted`}>{empty}</p>
      )}
    </section>
  );
}

/** The inline editor shared by both tables: the question's own input, then save and cancel. */
function AnswerEditor({
  question,
  questionCellId,
  initial,
  busy,
  error,
  onSave,
  onCancel,
}: {
  question: OnboardingQuestionWire;
  questionCellId: string;
  initial: AnswerValue;
  busy: boolean;
  error: string | null;
  onSave: (value: AnswerValue) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const [value, setValue] = useState(initial);
  const errorId = useId();
  const boxRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    boxRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave(value);
  }

  return (
    <form ref={boxRef} noValidate onSubmit={submit} className="space-y-3">
      <QuestionInput
        question={question}
        value={value}
        onChange={setValue}
        labelledBy={questionCellId}
        describedBy={errorId}
        invalid={error !== null}
      />
      <FieldError id={errorId}>{error}</FieldError>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {t('profile.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('profile.cancel')}
        </Button>
      </div>
    </form>
  );
}

function AnsweredRow({
  answer,
  question,
  queued,
  onRemoved,
}: {
  answer: OnboardingAnswerWire;
  question: OnboardingQuestionWire;
  queued: QueuedOnboardingChange | undefined;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const [mode, setMode] = useState<'view' | 'editing'>('view');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAnswerMutation();
  const removal = useDeleteAnswerMutation();
  const questionCellId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (mode === 'view' && returnFocus.current) {
      returnFocus.current = false;
      editRef.current?.focus();
    }
  }, [mode]);

  function leaveEditing() {
    returnFocus.current = true;
    setError(null);
    setMode('view');
  }

  // What the person sees: the answer waiting on this device, else the server's.
  const shown = queued && 'answer' in queued ? queued.answer : answer.answer;
  const deletionWaiting = queued !== undefined && 'deleteAnswerId' in queued;

  function save(value: AnswerValue) {
    const composed = composeAnswer(question, value);
    if (composed === '') {
      setError(t('profile.emptyNotSaved'));
      return;
    }
    // Saving the same answer over a waiting deletion keeps the answer: that is a change.
    if (composed === shown && !deletionWaiting) {
      leaveEditing();
      return;
    }
    if (queued) {
      void keepForLater(answer.question_id, { answer: composed }).then(leaveEditing);
      return;
    }
    update.mutate(
      { id: answer.id, answer: composed },
      {
        onSuccess: () => {
          toast.success(t('profile.saved'));
          leaveEditing();
        },
        onError: (error) => {
          if (!isNetworkError(error)) return;
          void keepForLater(answer.question_id, { answer: composed }).then(leaveEditing);
        },
      },
    );
  }

  return (
    <li aria-labelledby={questionCellId} className={item}>
      <p id={questionCellId} className="font-semibold">
        {answer.question || question.question}
      </p>
      {mode === 'editing' ? (
        <div>
          <AnswerEditor
            question={question}
            questionCellId={questionCellId}
            initial={parseAnswer(question, shown)}
            busy={update.isPending}
            error={error}
            onSave={save}
            onCancel={leaveEditing}
          />
        </div>
      ) : (
        <>
          <p className="whitespace-pre-line">
            {shown}
            {queued && (
              <PendingMark>
                {deletionWaiting ? t('profile.pendingDeletion') : t('profile.pendingAnswer')}
              </PendingMark>
            )}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              ref={editRef}
              type="button"
              aria-describedby={questionCellId}
              onClick={() => setMode('editing')}
              className={buttonClasses('secondary')}
            >
              {t('profile.edit')}
            </button>
            <Button
              variant="ghost"
              aria-describedby={questionCellId}
              busy={removal.isPending}
              onClick={() => {
                const deletion = { deleteAnswerId: answer.id };
                if (queued) {
                  void keepForLater(answer.question_id, deletion);
                  return;
                }
                removal.mutate(answer.id, {
                  onSuccess: () => {
                    toast.success(t('profile.deleted'));
                    onRemoved();
                  },
                  onError: (error) => {
                    if (!isNetworkError(error)) return;
                    void keepForLater(answer.question_id, deletion);
                  },
                });
              }}
            >
              {t('profile.delete')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function UnansweredRow({
  question,
  queued,
  onAnswered,
}: {
  question: OnboardingQuestionWire;
  queued: QueuedOnboardingChange | undefined;
  onAnswered: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const [mode, setMode] = useState<'idle' | 'answering'>('idle');
  const [error, setError] = useState<string | null>(null);
  const creation = useCreateAnswerMutation();
  const questionCellId = useId();
  const answerRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (mode === 'idle' && returnFocus.current) {
      returnFocus.current = false;
      answerRef.current?.focus();
    }
  }, [mode]);

  const waiting = queued && 'answer' in queued ? queued.answer : null;

  function backToIdle() {
    returnFocus.current = true;
    setError(null);
    setMode('idle');
  }

  function save(value: AnswerValue) {
    const composed = composeAnswer(question, value);
    if (composed === '') {
      setError(t('profile.emptyAnswer'));
      return;
    }
    if (queued) {
      void keepForLater(question.question_id, { answer: composed }).then(backToIdle);
      return;
    }
    creation.mutate(
      { question_id: question.question_id, answer: composed },
      {
        onSuccess: () => {
          toast.success(t('profile.saved'));
          onAnswered();
        },
        onError: (error) => {
          if (!isNetworkError(error)) return;
          void keepForLater(question.question_id, { answer: composed }).then(backToIdle);
        },
      },
    );
  }

  return (
    <li aria-labelledby={questionCellId} className={item}>
      <p id={questionCellId} className="font-semibold">
        {question.question}
      </p>
      {mode === 'answering' ? (
        <div>
          <AnswerEditor
            question={question}
            questionCellId={questionCellId}
            initial={waiting === null ? emptyAnswer : parseAnswer(question, waiting)}
            busy={creation.isPending}
            error={error}
            onSave={save}
            onCancel={backToIdle}
          />
        </div>
      ) : (
        <>
          {waiting !== null ? (
            <p className="whitespace-pre-line">
              {waiting}
              <PendingMark>{t('profile.pendingAnswer')}</PendingMark>
            </p>
          ) : (
            <p className="text-ink-muted italic">{t('profile.noAnswer')}</p>
          )}
          <div>
            <button
              ref={answerRef}
              type="button"
              aria-describedby={questionCellId}
              onClick={() => setMode('answering')}
              className={buttonClasses('primary')}
            >
              {t('profile.answer')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

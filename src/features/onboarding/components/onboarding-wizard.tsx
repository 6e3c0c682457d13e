// The onboarding wizard (/onboarding, spec §2 and §4): an introduction, one step per unanswered
// question, a final step; progress bar, back and next; required questions enforced; focus moved to
// each step's heading. Answers live in a Dexie draft until the final step sends them, then home.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-message';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDraft } from '../../../offline/use-draft';
import { composeAnswer, emptyAnswer, isAnswered, type AnswerValue } from '../answer-format';
import { useOnboardingQuestions } from '../api/get-questions';
import { onboardingKeys } from '../api/onboarding-keys';
import { queueOnboardingChange } from '../answer-outbox';
import { submitOnboardingAnswers } from '../api/submit-answers';
import { useSaveFullName } from '../api/save-name';
import type { OnboardingQuestionWire } from '../api/types';
import { noteOnboardingAbandoned } from '../onboarding-events';
import {
  parseWizardDraft,
  questionStepKey,
  serializeWizardDraft,
  type WizardDraft,
  type WizardStepKey,
} from '../wizard-draft';
import { QuestionInput } from './question-input';
import { TextField } from '../../../components/ui/text-field';

/** The question « how should the biographer address you » (server/src/modules/onboarding/questions.ts). */
export const NAME_USE_QUESTION_ID = 'name_use';

export function OnboardingWizard() {
  const { t } = useTranslation('onboarding');
  const user = useSessionUser();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('title')} />
      {user ? (
        <Wizard userId={user.id} />
      ) : (
        <div className="py-10 text-brand">
          <Spinner size="lg" label={t('wizard.loading')} />
        </div>
      )}
    </div>
  );
}

function Wizard({ userId }: { userId: string }) {
  const { t } = useTranslation('onboarding');
  const questions = useOnboardingQuestions('unanswered');
  const hasName = (useSessionUser()?.name ?? '').trim() !== '';
  const [raw, setRaw, clearDraft, draftStatus] = useDraft(`onboarding:${userId}`);

  if (questions.data && draftStatus.loaded) {
    return (
      <WizardSteps
        questions={questions.data}
        raw={raw}
        setRaw={setRaw}
        clearDraft={clearDraft}
        draftFailed={draftStatus.saveError !== null}
        hasName={hasName}
      />
    );
  }
  if (questions.isError || (questions.isPending && questions.fetchStatus === 'paused')) {
    return (
      <div className="space-y-4 rounded-2xl border-2 border-danger bg-danger-soft p-6" role="alert">
        <h2 className="text-2xl">{t('wizard.loadError.title')}</h2>
        <p>{t('wizard.loadError.message')}</p>
        <Button onClick={() => void questions.refetch()} busy={questions.isFetching}>
          {t('wizard.loadError.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="py-10 text-brand">
      <Spinner size="lg" label={t('wizard.loading')} />
    </div>
  );
}

interface WizardStepsProps {
  questions: OnboardingQuestionWire[];
  raw: string;
  setRaw: (value: string) => void;
  clearDraft: () => Promise<void>;
  draftFailed: boolean;
  /** Whether her name is known: « Par mon prénom » needs it, so the step asks for it when it is not. */
  hasName: boolean;
}

function WizardSteps({
  questions,
  raw,
  setRaw,
  clearDraft,
  draftFailed,
  hasName,
}: WizardStepsProps) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const draft = useMemo(() => parseWizardDraft(raw), [raw]);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const [showRequired, setShowRequired] = useState(false);
  // Her first name and surname, asked beside « how should the biographer address you » when unknown.
  const [fullName, setFullName] = useState('');
  const nameSaving = useSaveFullName();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepBodyRef = useRef<HTMLDivElement>(null);
  const finishedRef = useRef(false);
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();

  const steps: WizardStepKey[] = useMemo(
    () => ['intro', ...questions.map((q) => questionStepKey(q.question_id)), 'final'],
    [questions],
  );
  const found = steps.indexOf(draft.current);
  const index = found === -1 ? 0 : found;
  const stepKey = steps[index];
  const question = questions.find((q) => questionStepKey(q.question_id) === stepKey) ?? null;
  const totalSteps = steps.length;

  function update(change: Partial<WizardDraft>) {
    const next = { ...draftRef.current, ...change };
    draftRef.current = next;
    setRaw(serializeWizardDraft(next));
  }

  function goTo(key: WizardStepKey) {
    setShowRequired(false);
    update({ current: key });
  }

  // Each new step is announced by moving focus to its heading (not on the first render: the shell
  // has already put focus at the start of the page).
  const firstStep = useRef(stepKey);
  useEffect(() => {
    if (firstStep.current === stepKey) return;
    firstStep.current = '' as WizardStepKey;
    headingRef.current?.focus();
  }, [stepKey]);

  // Leaving before the final step is noted as abandoned (for analytics, later).
  const position = useRef({
    step: index + 1,
    totalSteps,
    questionId: question?.question_id ?? null,
  });
  position.current = { step: index + 1, totalSteps, questionId: question?.question_id ?? null };
  const pendingAbandon = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    // A remount right after an unmount (React's development double run) is not a departure.
    clearTimeout(pendingAbandon.current);
    let reported = false;
    const report = () => {
      const at = position.current;
      if (reported || finishedRef.current || at.step >= at.totalSteps) return;
      reported = true;
      noteOnboardingAbandoned({ ...at });
    };
    window.addEventListener('pagehide', report);
    return () => {
      window.removeEventListener('pagehide', report);
      pendingAbandon.current = setTimeout(report, 0);
    };
  }, []);

  const submission = useMutation({
    mutationFn: async (): Promise<'sent' | 'queued'> => {
      const answers = questions.map((q) => ({
        question_id: q.question_id,
        answer: composeAnswer(q, draftRef.current.values[q.question_id] ?? emptyAnswer),
      }));
      try {
        await submitOnboardingAnswers(answers, draftRef.current.sent, (questionId) =>
          update({ sent: [...draftRef.current.sent, questionId] }),
        );
        return 'sent';
      } catch (error) {
        if (!(error instanceof ApiError && error.reason === 'network')) throw error;
        // No connection: what is left waits in the outbox and leaves when the connection returns.
        const sent = new Set(draftRef.current.sent);
        for (const answer of answers)
          if (answer.answer !== '' && !sent.has(answer.question_id))
            await queueOnboardingChange(answer.question_id, { answer: answer.answer });
        return 'queued';
      }
    },
    onSuccess: async (outcome) => {
      finishedRef.current = true;
      await clearDraft();
      await queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
      toast.success(t(outcome === 'queued' ? 'wizard.doneOffline' : 'wizard.done'));
      navigate('/', { replace: true });
    },
    // The final step says what went wrong (a 401 still signs out).
    meta: { globalErrorToast: false },
  });

  function setAnswer(questionId: string, value: AnswerValue) {
    update({ values: { ...draftRef.current.values, [questionId]: value } });
    if (showRequired) setShowRequired(false);
  }

  function next(event?: FormEvent) {
    event?.preventDefault();
    if (question?.is_answer_required && !isAnswered(question, draft.values[question.question_id])) {
      setShowRequired(true);
      stepBodyRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
      return;
    }
    if (question?.question_id === NAME_USE_QUESTION_ID && !hasName && fullName.trim() !== '')
      nameSaving.mutate(fullName.trim());
    if (stepKey === 'final') {
      if (!submission.isPending) submission.mutate();
      return;
    }
    goTo(steps[index + 1]);
  }

  const saveErrorText = (() => {
    const error = submission.error;
    if (!error) return null;
    if (error instanceof ApiError && error.reason === 'network') return t('wizard.saveOffline');
    if (error instanceof ApiError && error.status === 422) {
      const messages = error.details.map((d) => d.msg).filter(Boolean);
      if (messages.length > 0) return messages.join(' ');
    }
    return t('wizard.saveError');
  })();

  const done = submission.isSuccess;
  const required = question?.is_answer_required ?? false;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <p id={`${headingId}-progress`} className="font-semibold">
          {t('wizard.progress', { step: index + 1, total: totalSteps })}
        </p>
        <div
          role="progressbar"
          aria-labelledby={`${headingId}-progress`}
          aria-valuemin={1}
          aria-valuemax={totalSteps}
          aria-valuenow={index + 1}
          className="h-4 w-full overflow-hidden rounded-full border-2 border-line bg-surface"
        >
          <div
            className="h-full rounded-full bg-brand transition-[width] motion-reduce:transition-none"
            style={{ width: `${((index + 1) / totalSteps) * 100}%` }}
          />
        </div>
      </div>

      {draftFailed && <Notice tone="warning">{t('wizard.draftFailed')}</Notice>}

      <form
        noValidate
        onSubmit={next}
        className="space-y-6 rounded-2xl border-2 border-line bg-surface p-5 sm:p-8"
      >
        <div ref={stepBodyRef} className="space-y-4">
          {stepKey === 'intro' && (
            <>
              <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-3xl">
                {t('wizard.intro.title')}
              </h2>
              <p className="text-lg">{t('wizard.intro.message')}</p>
              {questions.length > 0 && (
                <p className="text-lg">
                  {/* The same total as the progress line: the questions, this welcome and the last
                      page (her name, when asked, shares the "how to address you" step). */}
                  {t('wizard.intro.count', { count: questions.length, total: totalSteps })}
                </p>
              )}
              <p className="text-ink-muted">{t('wizard.intro.reassure')}</p>
            </>
          )}

          {question && (
            <>
              <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-3xl">
                {question.question}
              </h2>
              <p id={hintId} className="space-x-2 text-ink-muted">
                <span className="font-semibold">
                  {required ? t('wizard.required') : t('wizard.optional')}
                </span>
                {question.example_answer?.trim() ? (
                  <span>{t('input.example', { example: question.example_answer.trim() })}</span>
                ) : null}
              </p>
              <QuestionInput
                key={question.question_id}
                question={question}
                value={draft.values[question.question_id] ?? emptyAnswer}
                onChange={(value) => setAnswer(question.question_id, value)}
                labelledBy={headingId}
                describedBy={`${hintId} ${errorId}`}
                invalid={showRequired}
              />
              <FieldError id={errorId}>
                {showRequired ? t('wizard.requiredError') : null}
              </FieldError>
              {question.question_id === NAME_USE_QUESTION_ID && !hasName && (
                <TextField
                  label={t('wizard.name.label')}
                  hint={t('wizard.name.hint')}
                  name="full_name"
                  autoComplete="name"
                  maxLength={200}
                  value={fullName}
                  onChange={(event) => setFullName(event.target.value)}
                />
              )}
            </>
          )}

          {stepKey === 'final' && (
            <>
              <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-3xl">
                {t('wizard.final.title')}
              </h2>
              <p className="text-lg">
                {questions.length > 0 ? t('wizard.final.message') : t('wizard.final.nothingLeft')}
              </p>
              {questions.length > 0 && (
                <dl className="divide-y-2 divide-line rounded-xl border-2 border-line">
                  {questions.map((q) => {
                    const answer = composeAnswer(q, draft.values[q.question_id] ?? emptyAnswer);
                    return (
                      <div
                        key={q.question_id}
                        className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 p-4"
                      >
                        <dt className="col-start-1 font-semibold">{q.question}</dt>
                        <dd
                          className={answer ? 'col-start-1' : 'col-start-1 text-ink-muted italic'}
                        >
                          {answer || t('wizard.final.noAnswer')}
                        </dd>
                        <dd className="col-start-2 row-span-2 row-start-1">
                          <Button
                            variant="ghost"
                            onClick={() => goTo(questionStepKey(q.question_id))}
                            aria-label={t('wizard.final.changeLabel', { question: q.question })}
                          >
                            {t('wizard.final.change')}
                          </Button>
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              )}
              <div aria-live="polite">
                {saveErrorText && !submission.isPending && (
                  <Notice tone="error">{saveErrorText}</Notice>
                )}
                {(submission.isPending || done) && <Spinner label={t('wizard.final.submitting')} />}
              </div>
            </>
          )}
        </div>

        <div className="flex flex-wrap-reverse justify-between gap-3 border-t-2 border-line pt-5">
          {index > 0 ? (
            <Button
              variant="secondary"
              onClick={() => goTo(steps[index - 1])}
              disabled={submission.isPending || done}
            >
              {t('wizard.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" busy={submission.isPending || done}>
            {stepKey === 'intro'
              ? t('wizard.start')
              : stepKey === 'final'
                ? t('wizard.finish')
                : t('wizard.next')}
          </Button>
        </div>
      </form>
    </div>
  );
}

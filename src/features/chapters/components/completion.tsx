// The profile completion checklist (on the profile page) and its progress card (on the list page):
// completed/total, the rounded percentage, a congratulation when all is done. The card keeps a
// skeleton for 800 ms so it does not flicker in, then links to the full list of successes.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import type { CompletionItemId, CompletionProgress } from '../completion';
import { useCompletion } from '../hooks/use-completion';
import { useElapsed } from '../hooks/use-elapsed';
import { BookIcon } from '../../../components/ui/icons';
import { ChatIcon, PagesIcon, StarIcon } from './icons';
import { formatPercent } from '../../../lib/intl';

export const PROGRESS_SKELETON_MS = 800;

const itemIcons: Record<CompletionItemId, typeof BookIcon> = {
  onboarding: ChatIcon,
  chapters: PagesIcon,
  book: BookIcon,
};

interface CompletionProps {
  /** From the onboarding answers; undefined while they load. */
  hasOnboardingAnswers: boolean | undefined;
}

function CompletionFrame({
  titleId,
  busy,
  children,
}: {
  titleId: string;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('chapters');
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      className="rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={titleId} className="mb-4 flex items-center gap-3 text-2xl">
        <StarIcon className="shrink-0 text-brand" />
        {t('completion.title')}
      </h2>
      {children}
    </section>
  );
}

function Skeleton({ lines }: { lines: number }) {
  const { t } = useTranslation('chapters');
  return (
    <div>
      <p className="sr-only" role="status">
        {t('completion.loading')}
      </p>
      <div aria-hidden="true" className="animate-pulse space-y-3 motion-reduce:animate-none">
        <div className="h-6 w-2/3 rounded bg-brand-soft" />
        <div className="h-5 w-full rounded-full bg-brand-soft" />
        {Array.from({ length: lines }, (_, i) => (
          <div key={i} className="h-12 w-full rounded-lg bg-brand-soft" />
        ))}
      </div>
    </div>
  );
}

function ProgressSummary({ progress, titleId }: { progress: CompletionProgress; titleId: string }) {
  const { t } = useTranslation('chapters');
  const percent = formatPercent(progress.percent);
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-4 text-lg">
        <span>{t('completion.summary', { count: progress.completed, total: progress.total })}</span>
        <span className="font-serif text-2xl font-bold text-brand">{percent}</span>
      </p>
      <div
        role="progressbar"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={t('completion.progressLabel', { percent })}
        className="h-5 w-full overflow-hidden rounded-full border-2 border-line bg-paper"
      >
        <div className="h-full rounded-full bg-success" style={{ width: `${progress.percent}%` }} />
      </div>
      {progress.allDone && (
        <p className="rounded-lg border-2 border-success bg-success-soft p-3 font-semibold">
          {t('completion.congratulation')}
        </p>
      )}
    </div>
  );
}

/** The compact card of the list page, with its way to the full checklist. */
export function ProgressCard({ hasOnboardingAnswers }: CompletionProps) {
  const { t } = useTranslation('chapters');
  const titleId = useId();
  const completion = useCompletion(hasOnboardingAnswers);
  const shown = useElapsed(PROGRESS_SKELETON_MS) && completion !== undefined;
  return (
    <CompletionFrame titleId={titleId} busy={!shown}>
      {shown && completion ? (
        <div className="space-y-4">
          <ProgressSummary progress={completion.progress} titleId={titleId} />
          <ButtonLink to="/profile" variant="secondary">
            {t('completion.viewAll')}
          </ButtonLink>
        </div>
      ) : (
        <Skeleton lines={0} />
      )}
    </CompletionFrame>
  );
}

/** The full checklist of the profile page. */
export function CompletionChecklist({ hasOnboardingAnswers }: CompletionProps) {
  const { t } = useTranslation('chapters');
  const titleId = useId();
  const completion = useCompletion(hasOnboardingAnswers);
  const shown = useElapsed(PROGRESS_SKELETON_MS) && completion !== undefined;
  return (
    <CompletionFrame titleId={titleId} busy={!shown}>
      {shown && completion ? (
        <div className="space-y-5">
          <ProgressSummary progress={completion.progress} titleId={titleId} />
          <ul className="space-y-3">
            {completion.items.map((item) => {
              const Icon = itemIcons[item.id];
              return (
                <li
                  key={item.id}
                  // Wraps when the text is enlarged: the badge then goes under the words, never off screen.
                  className={`flex flex-wrap items-start gap-x-4 gap-y-2 rounded-xl border-2 p-4 ${
                    item.completed ? 'border-success bg-success-soft' : 'border-line bg-paper'
                  }`}
                >
                  <Icon className="mt-1 shrink-0 text-brand" width="1.75em" height="1.75em" />
                  <div className="min-w-0 flex-1 basis-40">
                    <h3 className="font-sans text-xl font-semibold">
                      {t(`completion.items.${item.id}.title`)}
                    </h3>
                    <p className="text-ink-muted">{t(`completion.items.${item.id}.description`)}</p>
                  </div>
                  <span
                    className={`inline-flex shrink-0 items-center gap-1 rounded-full px-3 py-1 font-semibold ${
                      item.completed ? 'bg-success text-white' : 'border-2 border-line text-ink'
                    }`}
                  >
                    {item.completed && <CheckIcon width="1.1em" height="1.1em" />}
                    {item.completed ? t('completion.done') : t('completion.todo')}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <Skeleton lines={3} />
      )}
    </CompletionFrame>
  );
}

// Step 1: choosing the chapters. Only titled chapters are listed (spec §5); each has a Choisir/Retirer
// toggle. The counter says how many are chosen against the 4 to 10 a book holds; with fewer than 4
// titled chapters the person is told plainly and offered the way home.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../../components/ui/button';
import { ChapterImage } from '../../../../components/ui/chapter-image';
import { FieldError } from '../../../../components/ui/field-message';
import { Notice } from '../../../../components/ui/notice';
import { MAX_BOOK_CHAPTERS, MIN_BOOK_CHAPTERS } from '../../api/types';
import type { WizardChapter } from '../../wizard-requests';
import { selectionProblem } from '../../wizard-state';

interface ChooseStepProps {
  chapters: WizardChapter[];
  selected: string[];
  onToggle: (id: string) => void;
  showErrors: boolean;
}

export function ChooseStep({ chapters, selected, onToggle, showErrors }: ChooseStepProps) {
  const { t } = useTranslation('bookWizard');
  const counterId = useId();
  const errorId = useId();
  const range = { min: MIN_BOOK_CHAPTERS, max: MAX_BOOK_CHAPTERS };
  const problem = selectionProblem(selected.length);
  const error =
    showErrors && problem === 'none'
      ? t('choose.errors.none')
      : showErrors && problem === 'range'
        ? t('choose.errors.range', range)
        : null;

  return (
    <>
      <p className="text-lg">{t('choose.intro')}</p>
      {chapters.length < MIN_BOOK_CHAPTERS && (
        <Notice tone="warning" title={t('choose.tooFew.title', range)}>
          <p>{t('choose.tooFew.message', { count: chapters.length })}</p>
          <ButtonLink to="/" variant="secondary" className="mt-3">
            {t('choose.tooFew.home')}
          </ButtonLink>
        </Notice>
      )}
      {chapters.length > 0 && (
        <ul
          aria-label={t('choose.listLabel')}
          className="space-y-3 rounded-xl border-2 border-line p-2"
        >
          {chapters.map((chapter) => {
            const chosen = selected.includes(chapter.id);
            return (
              <li
                key={chapter.id}
                data-testid="wizard-chapter"
                data-chapter-id={chapter.id}
                data-selected={chosen || undefined}
                className={`flex flex-wrap items-center gap-3 rounded-lg border-2 p-2 ${
                  chosen ? 'border-brand bg-brand-soft' : 'border-transparent'
                }`}
              >
                <ChapterImage
                  src={chapter.images[0]?.url}
                  alt=""
                  loading="lazy"
                  className="size-16 shrink-0 rounded-lg bg-brand-soft object-cover"
                />
                <span className="min-w-0 flex-[1_1_8rem] text-lg font-semibold">
                  {chapter.title}
                </span>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => onToggle(chapter.id)}
                  className={`inline-flex min-h-target min-w-target items-center justify-center rounded-lg border-2 border-brand px-4 py-2 text-base font-semibold ${
                    chosen
                      ? 'bg-surface text-brand hover:bg-brand-soft'
                      : 'bg-brand text-white hover:bg-brand-strong'
                  }`}
                >
                  {chosen ? t('choose.remove') : t('choose.choose')}
                  <span className="sr-only"> {t('chapterName', { title: chapter.title })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p id={counterId} aria-live="polite" className="text-lg font-semibold">
        {t('choose.counter', { count: selected.length, ...range })}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </>
  );
}

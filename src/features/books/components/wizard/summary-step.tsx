// Step 4: title, subtitle, the back-cover summary and an optional dedication. The suggestions asked on
// entering the step fill only the empty boxes (the wizard does that); here they are announced.
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../../components/ui/notice';
import { Spinner } from '../../../../components/ui/spinner';
import {
  MAX_BOOK_DEDICATION_LENGTH,
  MAX_BOOK_SUBTITLE_LENGTH,
  MAX_BOOK_SUMMARY_LENGTH,
  MAX_BOOK_TITLE_LENGTH,
} from '../../api/types';
import { summaryProblems, type BookParameters } from '../../wizard-state';
import { CountedField } from './counted-field';

type SummaryFields = Pick<BookParameters, 'title' | 'subtitle' | 'bookSummary' | 'dedication'>;

interface SummaryStepProps {
  params: BookParameters;
  onChange: (change: Partial<SummaryFields>) => void;
  suggesting: boolean;
  suggested: boolean;
  showErrors: boolean;
}

export function SummaryStep({
  params,
  onChange,
  suggesting,
  suggested,
  showErrors,
}: SummaryStepProps) {
  const { t } = useTranslation('bookWizard');
  const problems = showErrors ? summaryProblems(params) : null;

  return (
    <>
      <p className="text-lg">{t('summary.intro')}</p>
      <div aria-live="polite" className="empty:hidden">
        {suggesting ? (
          <div className="text-brand">
            <Spinner label={t('summary.loading')} />
          </div>
        ) : suggested ? (
          <Notice tone="info">{t('summary.suggested')}</Notice>
        ) : null}
      </div>
      <CountedField
        label={t('summary.titleLabel')}
        value={params.title}
        onChange={(title) => onChange({ title })}
        maxLength={MAX_BOOK_TITLE_LENGTH}
        invalid={!!problems?.titles && !params.title.trim()}
        required
        testId="wizard-title"
      />
      <CountedField
        label={t('summary.subtitleLabel')}
        value={params.subtitle}
        onChange={(subtitle) => onChange({ subtitle })}
        maxLength={MAX_BOOK_SUBTITLE_LENGTH}
        invalid={!!problems?.titles && !params.subtitle.trim()}
        error={problems?.titles ? t('summary.errors.titles') : null}
        required
        testId="wizard-subtitle"
      />
      <CountedField
        label={t('summary.summaryLabel')}
        hint={t('summary.summaryHint')}
        value={params.bookSummary}
        onChange={(bookSummary) => onChange({ bookSummary })}
        maxLength={MAX_BOOK_SUMMARY_LENGTH}
        multiline
        rows={8}
        error={problems?.summary ? t('summary.errors.summary') : null}
        required
        testId="wizard-summary"
      />
      <CountedField
        label={t('summary.dedicationLabel')}
        hint={t('summary.dedicationHint')}
        value={params.dedication}
        onChange={(dedication) => onChange({ dedication })}
        maxLength={MAX_BOOK_DEDICATION_LENGTH}
        multiline
        rows={3}
        testId="wizard-dedication"
      />
    </>
  );
}

// Step 3: the author's name (the signed-in person's name to begin with; required and at least 3
// characters, spec §5), large print, and the voice codes (issue 20).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { MAX_BOOK_AUTHOR_LENGTH } from '../../api/types';
import { useBookTarget } from '../../book-target';
import { authorProblem, MIN_AUTHOR_LENGTH } from '../../wizard-state';
import { CountedField } from './counted-field';

interface ParametersStepProps {
  author: string;
  largePrint: boolean;
  voiceCodes: boolean;
  onAuthorChange: (value: string) => void;
  onLargePrintChange: (value: boolean) => void;
  onVoiceCodesChange: (value: boolean) => void;
  showErrors: boolean;
}

export function ParametersStep({
  author,
  largePrint,
  voiceCodes,
  onAuthorChange,
  onLargePrintChange,
  onVoiceCodesChange,
  showErrors,
}: ParametersStepProps) {
  const { t } = useTranslation('bookWizard');
  const { circle } = useBookTarget();
  // Once the person has typed, a too-short name is said at once rather than on Continue only.
  const [typed, setTyped] = useState(false);
  const problem = authorProblem(author);
  const error =
    problem === 'required' && showErrors
      ? t('parameters.errors.required')
      : problem === 'tooShort' && (showErrors || typed)
        ? t('parameters.errors.tooShort', { min: MIN_AUTHOR_LENGTH })
        : null;

  return (
    <>
      <p className="text-lg">{t('parameters.intro')}</p>
      <CountedField
        label={t('parameters.authorLabel')}
        value={author}
        onChange={(value) => {
          setTyped(true);
          onAuthorChange(value);
        }}
        maxLength={MAX_BOOK_AUTHOR_LENGTH}
        error={error}
        required
        testId="wizard-author"
      />
      <CheckboxField
        checked={largePrint}
        onChange={(event) => onLargePrintChange(event.target.checked)}
        label={
          <>
            <span className="block font-semibold">{t('parameters.largePrint')}</span>
            <span className="block text-ink-muted">{t('parameters.largePrintHint')}</span>
          </>
        }
      />
      {/* Issue 31: not when preparing her book: listening pages of her recordings are hers to share. */}
      {!circle && (
        <CheckboxField
          checked={voiceCodes}
          onChange={(event) => onVoiceCodesChange(event.target.checked)}
          label={
            <>
              <span className="block font-semibold">{t('parameters.voiceCodes')}</span>
              <span className="block text-ink-muted">{t('parameters.voiceCodesHint')}</span>
            </>
          }
        />
      )}
    </>
  );
}

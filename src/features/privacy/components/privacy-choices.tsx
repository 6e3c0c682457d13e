// The profile's "Mes choix de confidentialité" section (spec §2 Profile, cookie-preference button): the
// current choice in words and a button that reopens the consent dialog to change it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConsentChoice } from '../hooks/use-consent-choice';
import { ConsentDialog } from './consent-dialog';

export function PrivacyChoices() {
  const { t } = useTranslation('privacy');
  const choice = useConsentChoice();
  const [open, setOpen] = useState(false);
  const status = !choice
    ? 'undecided'
    : choice.recording
      ? 'acceptedWithRecording'
      : choice.analytics
        ? 'accepted'
        : 'refused';

  return (
    <section
      aria-labelledby="privacy-choices-title"
      className="rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="privacy-choices-title" className="mb-3 text-2xl">
        {t('profile.title')}
      </h2>
      <p className="mb-4 text-lg" data-testid="privacy-choices-status">
        {t(`profile.status.${status}`)}
      </p>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="privacy-choices-button"
      >
        {t('profile.open')}
      </Button>
      {open && (
        <ConsentDialog
          current={choice}
          onClose={() => setOpen(false)}
          onChosen={() => setOpen(false)}
        />
      )}
    </section>
  );
}

// The profile page (/profile). This issue builds the account part; the other parts of spec §2 "Profile"
// take the marked places below when their features land. Features do not import each other, so the
// route module passes their sections in (completion checklist, onboarding answers).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { signOut } from '../../../lib/sign-out';
import { AccountDetails } from './account-details';
import { DeleteAccount } from './delete-account';
import { LanguageSetting } from './language-setting';
import { RhythmSetting } from './rhythm-setting';
import { TermsUpdateDialog } from './terms-update-dialog';
import { VoiceSetting } from './voice-setting';

interface ProfilePageProps {
  /** The profile completion checklist (onboarding, chapters, book). */
  completion?: ReactNode;
  /** The onboarding answers tables (answered / unanswered). */
  onboardingAnswers?: ReactNode;
  /** The subscription status panel (none, subscribed, canceled, annual). */
  subscription?: ReactNode;
  /** The gift-code redemption form. */
  giftCode?: ReactNode;
  /** The privacy choices: the current one and the button that reopens the consent dialog. */
  privacyChoices?: ReactNode;
  /** « Télécharger mes données »: asking for the ZIP of everything, and its state. */
  dataExport?: ReactNode;
  /** The data export offered in the account deletion dialog. */
  exportBeforeDeletion?: ReactNode;
}

export function ProfilePage({
  completion,
  onboardingAnswers,
  subscription,
  giftCode,
  privacyChoices,
  dataExport,
  exportBeforeDeletion,
}: ProfilePageProps = {}) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const user = useSessionUser();

  if (!user) {
    return (
      <div className="py-10 text-brand">
        <Spinner size="lg" label={t('loading')} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} />

      {completion}

      <AccountDetails user={user} />
      <LanguageSetting />
      <VoiceSetting user={user} />
      <RhythmSetting />

      {subscription}
      {giftCode}
      {onboardingAnswers}
      {privacyChoices}
      {dataExport}

      <section
        aria-labelledby="session-title"
        className="rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
      >
        <h2 id="session-title" className="mb-4 text-2xl">
          {t('session.title')}
        </h2>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            onClick={async () => {
              await signOut();
              navigate('/login', { replace: true });
            }}
          >
            {t('session.logout')}
          </Button>
          <DeleteAccount exportFirst={exportBeforeDeletion} />
        </div>
      </section>

      <TermsUpdateDialog />
    </div>
  );
}

// Switches the interface to the other language (French <-> English) for visitors who are not signed in;
// the choice reaches the account at sign-in (src/lib/language-choice.ts).
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { chooseLanguage } from '../../lib/language-choice';

export function LanguageToggle() {
  const { t } = useTranslation();
  const other = currentLanguage() === 'fr' ? 'en' : 'fr';
  return (
    <button
      type="button"
      lang={other}
      onClick={() => void chooseLanguage(other)}
      className="inline-flex min-h-target items-center rounded-lg border-2 border-line px-3 font-semibold text-ink hover:bg-brand-soft"
    >
      {t(`language.switchTo.${other}`)}
    </button>
  );
}

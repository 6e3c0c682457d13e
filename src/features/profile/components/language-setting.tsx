// The interface language (Français / English): kept on this device and sent to the account as
// current_language with the region (« en-GB »), so mails and server messages follow it
// (src/lib/language-choice.ts; offline, it is sent once back online).
import { useTranslation } from 'react-i18next';
import { currentLanguage, languages, type Language } from '../../../lib/i18n';
import { chooseLanguage } from '../../../lib/language-choice';

export function LanguageSetting() {
  const { t } = useTranslation('profile');
  const selected = currentLanguage();

  async function choose(language: Language) {
    if (language === selected) return;
    await chooseLanguage(language);
  }

  return (
    <section
      aria-labelledby="language-title"
      className="rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <fieldset>
        <legend id="language-title" className="mb-3 font-serif text-2xl">
          {t('language.title')}
        </legend>
        <div className="flex flex-wrap gap-3">
          {languages.map((language) => (
            <label
              key={language}
              lang={language}
              className="inline-flex min-h-target cursor-pointer items-center gap-3 rounded-lg border-2 border-line px-4 py-2 font-semibold has-checked:border-brand has-checked:bg-brand-soft"
            >
              <input
                type="radio"
                name="language"
                value={language}
                checked={selected === language}
                onChange={() => void choose(language)}
                className="size-6 accent-brand"
              />
              {t(`language.options.${language}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}

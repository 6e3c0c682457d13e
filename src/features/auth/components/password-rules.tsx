// The live list of password rules still unmet, and a green confirmation once all are met.
import { useTranslation } from 'react-i18next';
import { CheckIcon, CrossCircleIcon } from '../../../components/ui/icons';
import { failingPasswordRules, PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from '../validation';

export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('auth');
  const failing = failingPasswordRules(password);
  const allValid = failing.length === 0;
  return (
    <div id={id} className="mt-2">
      {!allValid && (
        <div className="rounded-lg bg-paper p-3">
          <p className="font-semibold">{t('password.rulesTitle')}</p>
          <ul className="mt-1 space-y-1">
            {failing.map((rule) => (
              <li key={rule} className="flex items-start gap-2">
                <CrossCircleIcon
                  className="mt-0.5 shrink-0 text-danger"
                  width="1.25em"
                  height="1.25em"
                />
                <span>
                  {t(`password.rules.${rule}`, {
                    count: PASSWORD_MIN_LENGTH,
                    specials: PASSWORD_SPECIALS,
                  })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* Only the all-valid message is announced: reading the list on every keystroke would be noise. */}
      <p aria-live="polite" className="empty:hidden">
        {allValid && (
          <span className="flex items-center gap-2 font-semibold text-success">
            <CheckIcon className="shrink-0" />
            {t('password.allValid')}
          </span>
        )}
      </p>
    </div>
  );
}

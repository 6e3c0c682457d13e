// The yellow, dismissible browser warning, shown on mount only on Firefox or Android (spec §2).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserWarningFor, detectBrowser } from '../../lib/browser';
import { CloseIcon, WarningIcon } from '../ui/icons';

export function BrowserWarning() {
  const { t } = useTranslation();
  // Decided once, on mount: the browser does not change while the page is open.
  const [variant] = useState(() => browserWarningFor(detectBrowser()));
  const [dismissed, setDismissed] = useState(false);
  if (!variant || dismissed) return null;

  return (
    <section
      aria-labelledby="browser-warning-title"
      className="border-b-2 border-warning-line bg-warning-soft text-warning-ink"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-start gap-3 px-4 py-3">
        <WarningIcon className="mt-1 shrink-0" />
        <div className="min-w-0 flex-1 basis-48">
          <h2 id="browser-warning-title" className="font-sans text-lg font-bold text-warning-ink">
            {t('browserWarning.title')}
          </h2>
          <p>
            {variant === 'android'
              ? t('browserWarning.androidMessage')
              : t('browserWarning.message')}
          </p>
        </div>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          className="inline-flex min-h-target min-w-target shrink-0 items-center justify-center gap-2 rounded-lg border-2 border-warning-line px-3 font-semibold hover:bg-white/40"
        >
          <CloseIcon />
          <span>{t('modals.close')}</span>
        </button>
      </div>
    </section>
  );
}

// The polite "a new version is ready" prompt: it never takes focus nor blocks the page, and the
// update happens only when the person asks for it.
import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../components/ui/button';
import { dismissUpdate, updateReadyAtom } from './update-state';

/** The update itself lives with the service worker's registration, loaded after the first screen. */
function applyUpdate(): Promise<void> {
  return import('./register-sw').then((module) => module.applyUpdate());
}

export function UpdatePrompt() {
  const ready = useAtomValue(updateReadyAtom);
  const { t } = useTranslation('pwa');
  const [updating, setUpdating] = useState(false);
  const titleId = useId();

  return (
    <div aria-live="polite">
      {ready ? (
        <section
          aria-labelledby={titleId}
          className="pointer-events-auto mx-4 mb-3 max-w-md rounded-xl border-2 border-brand bg-surface p-5 text-ink shadow-lg"
        >
          <h2 id={titleId} className="text-xl">
            {t('update.title')}
          </h2>
          <p className="mt-1 text-lg">{t('update.message')}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonClasses('primary')}
              disabled={updating}
              onClick={() => {
                setUpdating(true);
                void applyUpdate();
              }}
            >
              {updating ? t('update.updating') : t('update.accept')}
            </button>
            <button type="button" className={buttonClasses('secondary')} onClick={dismissUpdate}>
              {t('update.later')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

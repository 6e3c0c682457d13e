// The calm banner shown while the device cannot reach the server (offline is a banner, never a toast).
import { useTranslation } from 'react-i18next';
import { useConnectivity } from './connectivity';

export function OfflineBanner() {
  const { online } = useConnectivity();
  const { t } = useTranslation('offline');
  // The live region stays in the page so screen readers announce the change when it fills.
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <div className="border-b-2 border-info bg-info-soft px-4 py-3 text-ink">
          <p className="mx-auto flex max-w-3xl items-start gap-3">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="mt-0.5 h-6 w-6 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M2 8.5a15 15 0 0 1 5-3M10 4.6A15 15 0 0 1 22 8.5M5 12a10 10 0 0 1 3.5-2.3M14 9.6A10 10 0 0 1 19 12M8.5 15.5a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18" />
            </svg>
            <span>
              <strong className="font-semibold">{t('banner.title')}</strong> {t('banner.message')}
            </span>
          </p>
        </div>
      )}
    </div>
  );
}

// The bar at the bottom of the list for people without full access (spec §2, §4): a message, the way
// to the plans and a close button. It sits in the shell's bottom dock, which keeps the page clear of it.
import { useTranslation } from 'react-i18next';
import { DockedBar } from '../../../components/layouts/bottom-dock';
import { ButtonLink } from '../../../components/ui/button';
import { BOOK_MIN_CHAPTERS } from '../access-rules';
import { CloseIcon } from './icons';

interface SubscriptionBannerProps {
  freeChaptersLeft: number;
  onClose: () => void;
}

export function SubscriptionBanner({ freeChaptersLeft, onClose }: SubscriptionBannerProps) {
  const { t } = useTranslation('chapters');
  return (
    <DockedBar>
      <section
        aria-label={t('banner.label')}
        className="pointer-events-auto border-t-4 border-brand bg-brand-soft px-4 py-3 shadow-[0_-4px_16px_rgba(42,31,23,0.15)]"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
          <p className="min-w-[min(12rem,100%)] flex-1 font-semibold">
            {freeChaptersLeft > 0
              ? t('banner.freeLeft', { count: freeChaptersLeft, min: BOOK_MIN_CHAPTERS })
              : t('banner.noneLeft')}
          </p>
          <ButtonLink to="/subscription">{t('banner.cta')}</ButtonLink>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('banner.close')}
            className="inline-flex min-h-target min-w-target items-center justify-center rounded-lg text-ink hover:bg-surface"
          >
            <CloseIcon />
          </button>
        </div>
      </section>
    </DockedBar>
  );
}

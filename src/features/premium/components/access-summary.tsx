// What the person has now, in one sentence (plus the printed books left to order, or, without full
// access, that a book needs it): at the top of /subscription and on the payment success page.
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/ui/notice';
import { BOOK_MIN_CHAPTERS, type PremiumStatusWire } from '../api/types';
import { formatDate } from '../format';
import { subscriptionState } from '../subscription-state';

export function useAccessSentence(status: PremiumStatusWire): string {
  const { t } = useTranslation('premium');
  const state = subscriptionState(status);
  switch (state.kind) {
    case 'subscribed':
      return t('status.subscribed');
    case 'canceled': {
      const date = state.cancelAt ? formatDate(state.cancelAt) : '';
      return date ? t('status.canceled', { date }) : t('status.canceledNoDate');
    }
    case 'annual': {
      const date = state.premiumEndDate ? formatDate(state.premiumEndDate) : '';
      return date ? t('status.annual', { date }) : t('status.annualNoDate');
    }
    case 'none':
      return status.free_chapters_allowed > 0
        ? t('status.freeLeft', { count: status.free_chapters_allowed })
        : t('status.noneLeft');
  }
}

export function AccessSummary({
  status,
  live = false,
}: {
  status: PremiumStatusWire;
  live?: boolean;
}) {
  const { t } = useTranslation('premium');
  const sentence = useAccessSentence(status);
  const fullAccess = subscriptionState(status).kind !== 'none';
  return (
    <div data-testid="access-summary">
      <Notice
        tone={fullAccess ? 'success' : 'info'}
        title={t('status.title')}
        role={live ? 'status' : undefined}
      >
        <p>{sentence}</p>
        {!fullAccess && <p>{t('status.bookRule', { min: BOOK_MIN_CHAPTERS })}</p>}
        {status.book_credits > 0 && (
          <p className="font-semibold">{t('status.credits', { count: status.book_credits })}</p>
        )}
      </Notice>
    </div>
  );
}

// /subscription (spec §2): what the person has now, the two plans (monthly, 12-month pack with a printed
// book) and, when arriving from a book (?book_id=), the printed copy of that book; below them, a gift to
// buy for a relative (a gift code, issue 31), then the gift code to redeem.
// Each button opens the payment page; offline they wait, saying why.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layouts/page';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useConnectivity } from '../../../offline/connectivity';
import { usePremiumStatus } from '../api/get-premium-status';
import { PRICES, type Product } from '../api/types';
import { formatDate, formatMoney } from '../format';
import { useCheckout } from '../hooks/use-checkout';
import { usePaymentsOff } from '../hooks/use-payments-off';
import { hasRunningSubscription, subscriptionState } from '../subscription-state';
import { AccessSummary } from './access-summary';
import { GiftCodeForm } from './gift-code-form';
import { GiftOffer } from './gift-offer';
import { PlanCard } from './plan-card';

export function SubscriptionPage({ bookID }: { bookID: string | null }) {
  const { t } = useTranslation('premium');
  const { t: tc } = useTranslation();
  const { online } = useConnectivity();
  const status = usePremiumStatus();
  const checkout = useCheckout();
  const state = status.data ? subscriptionState(status.data) : null;
  const subscribed = state !== null && hasRunningSubscription(state);
  const bookCredits = status.data?.book_credits ?? 0;
  const offlineReason = online ? undefined : t('checkout.offline');
  const paymentsOff = usePaymentsOff();
  // Full access already (the 12-month pack or a gift code): a monthly subscription would add nothing
  // now, so it is not offered as a payment.
  const fullAccess = state?.kind === 'annual';
  const monthlyUnavailable = subscribed
    ? t('plans.monthly.alreadySubscribed')
    : fullAccess
      ? state.premiumEndDate
        ? t('plans.monthly.alreadyFullAccess', { date: formatDate(state.premiumEndDate) })
        : t('plans.monthly.alreadyFullAccessNoDate')
      : offlineReason;

  function cardProps(product: Product) {
    return {
      busy: checkout.activeProduct === product,
      blocked: checkout.activeProduct !== undefined && checkout.activeProduct !== product,
      error: checkout.failedProduct === product ? checkout.error : undefined,
    };
  }

  if (paymentsOff)
    // PAYMENTS=off (a family server): full access for everyone, no plan nor price.
    return (
      <div className="space-y-8">
        <PageHeader title={tc('routes.subscription')} />
        <Notice tone="info" title={t('noPayments.title')}>
          <p>{t('noPayments.message')}</p>
        </Notice>
      </div>
    );

  return (
    <div className="space-y-8">
      <PageHeader title={tc('routes.subscription')} lead={t('plans.lead')} />

      {status.data ? (
        <AccessSummary status={status.data} />
      ) : status.isPending && status.fetchStatus === 'fetching' ? (
        <div className="text-brand">
          <Spinner label={t('status.loading')} />
        </div>
      ) : null}

      {bookID && (
        <PlanCard
          testId="plan-book"
          highlighted
          title={t('plans.book.title')}
          price={
            bookCredits > 0
              ? t('plans.book.free')
              : t('plans.book.price', { price: formatMoney(PRICES.book) })
          }
          priceNote={t('plans.book.text')}
          benefits={[]}
          actionLabel={t('plans.book.choose')}
          onChoose={() => checkout.start({ product: 'book', bookID })}
          unavailableReason={offlineReason}
          {...cardProps('book')}
        />
      )}

      <div role="group" aria-label={t('plans.label')} className="grid gap-6 md:grid-cols-2">
        <PlanCard
          testId="plan-monthly"
          title={t('plans.monthly.title')}
          price={t('plans.monthly.price', { price: formatMoney(PRICES.subscription) })}
          benefits={[
            t('plans.monthly.benefits.noCommitment'),
            t('plans.monthly.benefits.unlimited'),
            t('plans.monthly.benefits.books'),
            t('plans.monthly.benefits.sharing'),
          ]}
          actionLabel={t('plans.monthly.choose')}
          onChoose={() => checkout.start({ product: 'subscription' })}
          unavailableReason={monthlyUnavailable}
          {...cardProps('subscription')}
        />
        <PlanCard
          testId="plan-pack"
          title={t('plans.pack.title')}
          price={t('plans.pack.price', {
            price: formatMoney(PRICES['premium-12-months-and-a-book']),
          })}
          priceNote={t('plans.pack.priceNote')}
          benefits={[
            t('plans.pack.benefits.access'),
            t('plans.pack.benefits.book'),
            t('plans.pack.benefits.unlimited'),
            t('plans.pack.benefits.sharing'),
          ]}
          actionLabel={t('plans.pack.choose')}
          onChoose={() => checkout.start({ product: 'premium-12-months-and-a-book' })}
          unavailableReason={offlineReason}
          {...cardProps('premium-12-months-and-a-book')}
        />
      </div>
      <p className="text-ink-muted" data-testid="plans-currency">
        {t('plans.currency')}
      </p>

      <GiftOffer />

      <GiftCodeForm />
    </div>
  );
}

// What the payment result pages say beyond "paid" / "not paid": on success, what was bought (remembered
// in this tab before leaving for the payment page) and the access the person has now, every answer that
// depends on it being asked again at once; on failure, the way back to what they were buying.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useSessionUser } from '../../../lib/session';
import { usePremiumStatus } from '../api/get-premium-status';
import { invalidateAccess } from '../api/invalidate-access';
import type { CheckoutRequest, GiftFor } from '../api/checkout';
import { PRICES } from '../api/types';
import { forgetRememberedCheckout, readRememberedCheckout } from '../checkout-memory';
import { formatMoney } from '../format';
import { bookPath, SUBSCRIPTION_PATH } from '../paths';
import { AccessSummary } from './access-summary';

/** With Stripe, access is granted by a webhook that may land a moment after the return. */
export const ACTIVATION_POLL_MS = 3_000;
export const ACTIVATION_POLL_TRIES = 10;

/**
 * `product`: what the payment page said was bought (its return address, `?product=`), used when this
 * tab remembers nothing (a gift paid in another tab still gets its thanks).
 */
export function PaymentSuccessDetails({ product }: { product?: string | null } = {}) {
  const { t } = useTranslation('premium');
  const queryClient = useQueryClient();
  const signedIn = useSessionUser() !== null;
  const [remembered] = useState(readRememberedCheckout);
  const bought: CheckoutRequest | null =
    remembered ?? (product === 'gift' ? { product: 'gift' } : null);

  /** What the thank-you says for a gift (issue 31): the code is on its way, or her name and her year. */
  function giftThanks(gift: GiftFor | undefined): string {
    if (gift?.for === 'storyteller') {
      const name = gift.storytellerName?.trim();
      return name ? t('result.giftStoryteller', { name }) : t('result.giftStorytellerNoName');
    }
    if (gift?.for === 'code') return t('result.giftCode');
    return t('result.giftPaid');
  }
  const expectsFullAccess =
    bought?.product === 'subscription' || bought?.product === 'premium-12-months-and-a-book';

  useEffect(() => {
    forgetRememberedCheckout();
    void invalidateAccess(queryClient);
  }, [queryClient]);

  const status = usePremiumStatus({
    enabled: signedIn,
    pollWhile: (data, answers) => {
      if (!expectsFullAccess || !data || data.is_full_access_granted) return false;
      return answers < ACTIVATION_POLL_TRIES ? ACTIVATION_POLL_MS : false;
    },
  });
  // After the last try, the status is shown as it is rather than "activating" for ever.
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    if (!expectsFullAccess) return;
    const timer = setTimeout(
      () => setWaitedEnough(true),
      ACTIVATION_POLL_MS * ACTIVATION_POLL_TRIES,
    );
    return () => clearTimeout(timer);
  }, [expectsFullAccess]);
  const activating =
    expectsFullAccess &&
    !waitedEnough &&
    status.data !== undefined &&
    !status.data.is_full_access_granted;

  return (
    <div className="space-y-4" data-testid="payment-success-details">
      {bought?.product === 'subscription' && (
        <p className="text-lg">
          {t('result.subscription', { price: formatMoney(PRICES.subscription) })}
        </p>
      )}
      {bought?.product === 'premium-12-months-and-a-book' && (
        <p className="text-lg">
          {t('result.pack', { price: formatMoney(PRICES['premium-12-months-and-a-book']) })}
        </p>
      )}
      {bought?.product === 'book' && <p className="text-lg">{t('result.book')}</p>}
      {bought?.product === 'gift' && (
        <p className="text-lg" data-testid="payment-success-gift">
          {giftThanks(bought.gift)}
        </p>
      )}
      {activating && (
        <Notice tone="info" role="status">
          {t('result.activating')}
        </Notice>
      )}
      {status.data && !activating && <AccessSummary status={status.data} live />}
      {bought?.product === 'book' && bought.bookID && (
        <ButtonLink to={bookPath(bought.bookID)} variant="secondary">
          {t('result.bookLink')}
        </ButtonLink>
      )}
    </div>
  );
}

export function PaymentFailureActions() {
  const { t } = useTranslation('premium');
  const [attempted] = useState(readRememberedCheckout);
  useEffect(() => forgetRememberedCheckout(), []);
  if (attempted?.product === 'book' && attempted.bookID) {
    return (
      <ButtonLink to={bookPath(attempted.bookID)} variant="secondary">
        {t('result.retryBook')}
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to={SUBSCRIPTION_PATH} variant="secondary">
      {t('result.retryPlans')}
    </ButtonLink>
  );
}

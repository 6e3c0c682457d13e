// Route module for /payment-failure: where the payment page sends people back after cancelling or
// failing, with the way back to what they were buying (premium feature) and home.
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PaymentFailureActions } from '../../features/premium/components/payment-result';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-3xl">{t('payment.failure.title')}</h1>
      <Notice tone="warning" role="status">
        {t('payment.failure.message')}
      </Notice>
      <div className="flex flex-wrap gap-3">
        <PaymentFailureActions />
        <ButtonLink to="/">{t('payment.home')}</ButtonLink>
      </div>
    </div>
  );
}

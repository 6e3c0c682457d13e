// Route module for /payment-success: where the payment page sends people back after paying. It says what
// was bought and the access the person has now (premium feature), with every access answer refreshed;
// `?product=` (the payment page's return address) lets a gift be thanked even in another tab.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PaymentSuccessDetails } from '../../features/premium/components/payment-result';

export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-3xl">{t('payment.success.title')}</h1>
      <Notice tone="success" role="status">
        {t('payment.success.message')}
      </Notice>
      <PaymentSuccessDetails product={searchParams.get('product')} />
      <ButtonLink to="/">{t('payment.home')}</ButtonLink>
    </div>
  );
}

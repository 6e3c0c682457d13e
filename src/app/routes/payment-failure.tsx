// Route module for /payment-failure: where the payment page sends people back after cancelling or failing.
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-3xl">{t('payment.failure.title')}</h1>
      <Notice tone="warning" role="status">
        {t('payment.failure.message')}
      </Notice>
      <ButtonLink to="/">{t('payment.home')}</ButtonLink>
    </div>
  );
}

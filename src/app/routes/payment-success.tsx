// Route module for /payment-success: where the payment page sends people back after paying.
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-3xl">{t('payment.success.title')}</h1>
      <Notice tone="success" role="status">
        {t('payment.success.message')}
      </Notice>
      <ButtonLink to="/">{t('payment.home')}</ButtonLink>
    </div>
  );
}

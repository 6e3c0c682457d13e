// Why a payment could not start, under the button that was pressed: the server's own words when it
// gave some (already in the person's language: book not ready, already subscribed…), else plain text.
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/ui/notice';
import { ApiError } from '../../../lib/api-client';

export function checkoutErrorText(
  error: unknown,
): { text: string } | { key: 'offline' | 'failed' } {
  if (error instanceof ApiError) {
    if (error.reason === 'network') return { key: 'offline' };
    const message = error.details[0]?.msg.trim();
    if (message) return { text: message };
  }
  return { key: 'failed' };
}

export function CheckoutErrorNotice({ error }: { error: unknown }) {
  const { t } = useTranslation('premium');
  const message = checkoutErrorText(error);
  return (
    <Notice tone="error" role="alert" title={t('checkout.errorTitle')}>
      <p>{'text' in message ? message.text : t(`checkout.${message.key}`)}</p>
    </Notice>
  );
}

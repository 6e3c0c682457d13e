// The loading and failed states of a list of the circle, said the same way everywhere on its screens.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';

export function ListLoading() {
  const { t } = useTranslation('family');
  return (
    <div role="status" className="flex items-center gap-3 text-lg">
      <Spinner />
      <span>{t('page.loading')}</span>
    </div>
  );
}

export function ListFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('family');
  return (
    <Notice tone="error" title={message}>
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        {t('page.retry')}
      </Button>
    </Notice>
  );
}

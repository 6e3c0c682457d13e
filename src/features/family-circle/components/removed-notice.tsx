// What a page of a circle says once the server answers 404: one is no longer in it.
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';

export function RemovedNotice() {
  const { t } = useTranslation('circle');
  return (
    <div className="space-y-4">
      <h1 className="text-3xl sm:text-4xl">{t('removed.title')}</h1>
      <Notice tone="info" role="alert">
        {t('removed.message')}
      </Notice>
      <ButtonLink to="/circles" variant="secondary">
        {t('removed.myCircles')}
      </ButtonLink>
    </div>
  );
}

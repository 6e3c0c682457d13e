// Route module for / (HomeView): the chapter list ("Mes histoires") arrives with the chapters feature; until then, its heading.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layouts/page';

export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.home')} />;
}

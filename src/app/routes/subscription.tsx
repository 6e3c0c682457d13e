// Route module for /subscription: the plans and gift code arrive with the premium feature; until then, its heading.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layouts/page';

export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.subscription')} />;
}

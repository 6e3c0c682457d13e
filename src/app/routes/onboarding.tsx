// Route module for /onboarding: the onboarding wizard arrives with the onboarding feature; until then, its heading.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layouts/page';

export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.onboarding')} />;
}

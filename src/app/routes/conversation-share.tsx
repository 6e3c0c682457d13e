// Route module for /conversations/:conversationID/share: the share page arrives with the sharing feature; until then, its heading.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layouts/page';

export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.conversationShare')} />;
}

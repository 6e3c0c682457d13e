// Route module for /conversations/:conversationID/images (ImageManagerView): the image manager arrives with the images feature; until then, its heading.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layouts/page';

export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.conversationImages')} />;
}

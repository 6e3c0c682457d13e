// Route module for /conversations/:conversationID (ConversationView): the chapter view arrives with the chapters feature; until then, its heading.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layouts/page';

export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.conversation')} />;
}

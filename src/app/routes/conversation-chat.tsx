// Route module for /conversations/:conversationID/chat (ChatView): the chat arrives with the interview feature; until then, its heading.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layouts/page';

export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.conversationChat')} />;
}

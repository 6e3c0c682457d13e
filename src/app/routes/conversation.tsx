// Route module for /conversations/:conversationID (ConversationView): the chapter page. Keyed by
// chapter so that moving to another chapter starts afresh.
import { useParams } from 'react-router';
import { ConversationPage } from '../../features/conversation/components/conversation-page';

export function Component() {
  const { conversationID = '' } = useParams();
  return <ConversationPage key={conversationID} conversationId={conversationID} />;
}

// Route module for /conversations/:conversationID/chat (ChatView): the spoken interview with the
// biographer. Keyed by chapter so that moving to another chapter starts a fresh chat.
import { useParams } from 'react-router';
import { ChatView } from '../../features/interview/components/chat-view';

export function Component() {
  const { conversationID = '' } = useParams();
  return <ChatView key={conversationID} conversationId={conversationID} />;
}

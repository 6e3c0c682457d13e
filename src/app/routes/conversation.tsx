// Route module for /conversations/:conversationID (ConversationView): the chapter page. Keyed by
// chapter so that moving to another chapter starts afresh. The family part (release to her circle, the
// family's words and suggested photos) comes from the circle feature, passed in as a slot.
import { useParams } from 'react-router';
import { ChapterFamily } from '../../features/family/components/chapter-family';
import { ConversationPage } from '../../features/conversation/components/conversation-page';

export function Component() {
  const { conversationID = '' } = useParams();
  return (
    <ConversationPage
      key={conversationID}
      conversationId={conversationID}
      family={<ChapterFamily conversationId={conversationID} />}
    />
  );
}

// Route module for /conversations/:conversationID/share (spec: "share page; its content is not shown"):
// the chapter page with its share modal open, so a shared or bookmarked link lands somewhere useful.
import { Navigate, useParams } from 'react-router';
import { OPEN_SHARE_STATE } from '../../features/conversation/components/conversation-page';

export function Component() {
  const { conversationID = '' } = useParams();
  return (
    <Navigate
      to={`/conversations/${encodeURIComponent(conversationID)}`}
      replace
      state={OPEN_SHARE_STATE}
    />
  );
}

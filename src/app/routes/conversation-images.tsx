// Route module for /conversations/:conversationID/images (ImageManagerView): the chapter's pictures.
// Keyed by chapter so that moving to another chapter starts afresh.
import { useParams } from 'react-router';
import { ImageManager } from '../../features/images/components/image-manager';

export function Component() {
  const { conversationID = '' } = useParams();
  return <ImageManager key={conversationID} conversationId={conversationID} />;
}

// Route module for /circles/:storytellerId: her released chapters, and a contributor's questions.
import { useParams } from 'react-router';
import { CirclePage } from '../../features/family-circle/components/circle-page';

export function Component() {
  const { storytellerId = '' } = useParams();
  return <CirclePage key={storytellerId} storytellerId={storytellerId} />;
}

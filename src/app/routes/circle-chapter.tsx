// Route module for /circles/:storytellerId/chapters/:chapterId: a released chapter to read, with the
// family's words. Keyed by chapter so that moving to another starts afresh.
import { useParams } from 'react-router';
import { CircleChapterPage } from '../../features/family-circle/components/circle-chapter-page';

export function Component() {
  const { storytellerId = '', chapterId = '' } = useParams();
  return (
    <CircleChapterPage
      key={`${storytellerId}/${chapterId}`}
      storytellerId={storytellerId}
      chapterId={chapterId}
    />
  );
}

// Route module for /circles: the circles one belongs to, news and leaving.
import { CirclesPage } from '../../features/family-circle/components/circles-page';

export function Component() {
  return <CirclesPage />;
}

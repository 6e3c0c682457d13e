// Route module for /family: « Ma famille », the storyteller's circle (issue 31).
import { FamilyPage } from '../../features/family/components/family-page';

export function Component() {
  return <FamilyPage />;
}

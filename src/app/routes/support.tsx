// Route module for /support (Support): the FAQ and the contact form of the support feature.
import { SupportPage } from '../../features/support/components/support-page';

export function Component() {
  return <SupportPage />;
}

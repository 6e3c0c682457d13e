// Route module for /email-validation?token=.
import { EmailValidation } from '../../features/auth/components/email-validation';

export function Component() {
  return <EmailValidation />;
}

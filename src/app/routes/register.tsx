// Route module for /register (standard account).
import { RegisterForm } from '../../features/auth/components/register-form';

export function Component() {
  return <RegisterForm accountType="standard" />;
}

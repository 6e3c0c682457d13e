// Route module for /register-multi (family or group account).
import { RegisterForm } from '../../features/auth/components/register-form';

export function Component() {
  return <RegisterForm accountType="multi-users" />;
}

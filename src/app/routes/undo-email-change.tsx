// Route module for /undo-email-change?token= (the link mailed to the previous address).
import { UndoEmailChangeForm } from '../../features/auth/components/undo-email-change-form';

export function Component() {
  return <UndoEmailChangeForm />;
}

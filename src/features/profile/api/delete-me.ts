// DELETE /users/me: removes the account and everything it owns, then clears this device.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { signOut } from '../../../lib/sign-out';
import { toast } from '../../../lib/toast';

export async function deleteMe(): Promise<void> {
  await apiRequest('/users/me', { method: 'DELETE' });
  await signOut();
}

export function useDeleteMeMutation() {
  const { t } = useTranslation('profile');
  return useMutation({
    mutationFn: deleteMe,
    // Here rather than in mutate(): the profile page unmounts as soon as the session ends.
    onSuccess: () => toast.success(t('delete.done')),
    // The dialog shows the failure (spec §8: account deletion rethrows).
    meta: { globalErrorToast: false },
  });
}

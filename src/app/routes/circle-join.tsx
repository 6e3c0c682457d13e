// Route module for /circle/join?token=… : the invitation to a family circle, signed in or not.
import { useSearchParams } from 'react-router';
import { JoinPage } from '../../features/family-circle/components/join-page';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return <JoinPage key={token} token={token} />;
}

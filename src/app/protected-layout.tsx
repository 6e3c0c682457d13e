// Wraps every signed-in page: leaves for /login as soon as the session ends (logout, 401, another tab)
// and refreshes the stored user from the server.
import { Navigate, Outlet } from 'react-router';
import { useMe } from '../features/auth/api/use-me';
import { useSession } from '../lib/session';

export function ProtectedLayout() {
  const session = useSession();
  useMe({ enabled: session !== null });
  if (!session) return <Navigate to="/login" replace />;
  return <Outlet />;
}

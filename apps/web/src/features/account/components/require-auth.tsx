import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../hooks/use-auth';
import { paths } from '../../../config/paths';

/**
 * Pages for signed-in users: a spinner while identity loads, then the page, or /login with the
 * page remembered so the user comes back to it.
 */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <Spinner label="Checking your account" />;
  if (auth.status === 'signed-out')
    return <Navigate to={paths.login.to()} replace state={{ from: location }} />;
  return <Outlet />;
}

/** Pages for admins only; everyone else is sent to their dashboard. */
export function RequireAdmin() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <Spinner label="Checking your account" />;
  if (auth.status === 'signed-out')
    return <Navigate to={paths.login.to()} replace state={{ from: location }} />;
  if (auth.user.role !== 'admin') return <Navigate to={paths.dashboard.root.to()} replace />;
  return <Outlet />;
}

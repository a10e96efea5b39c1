import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { ManageUsers } from '../../features/admin/components/manage-users';
import { usePageTitle } from '../../lib/use-page-title';

export function UsersRoute() {
  usePageTitle('Manage Users');
  const auth = useAuth();
  return auth.status === 'signed-in' ? <ManageUsers me={auth.user} /> : <Spinner />;
}

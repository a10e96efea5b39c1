import { Spinner } from '../../components/ui/spinner';
import { MyProfile } from '../../features/account/components/my-profile';
import { useAuth } from '../../features/account/hooks/use-auth';
import { usePageTitle } from '../../lib/use-page-title';

export function ProfileRoute() {
  usePageTitle('My Profile');
  const auth = useAuth();
  return auth.status === 'signed-in' ? <MyProfile user={auth.user} /> : <Spinner />;
}

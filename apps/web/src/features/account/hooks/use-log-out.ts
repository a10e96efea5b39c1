import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { accountKeys } from '../api/account-keys';
import { signOut } from '../api/identity';
import { paths } from '../../../config/paths';

/** LogOut: signs out, removes the stored token and goes to /login. */
export function useLogOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await signOut();
    queryClient.removeQueries({ queryKey: accountKeys.all });
    await navigate(paths.login.to());
  };
}

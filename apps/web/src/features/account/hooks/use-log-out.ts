import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { accountKeys } from '../api/account-keys';
import { signOut } from '../api/identity';
import { paths } from '../../../config/paths';

/**
 * LogOut, the one place it happens: forgets what this browser keeps for the person (`forget`:
 * what other features store, passed in by app/, e.g. the order list), signs out, removes the
 * stored token and goes to /login. `forget` runs first, so nothing of theirs stays even when the
 * server cannot be reached.
 */
export function useLogOut(forget: () => void = () => undefined): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    forget();
    await signOut();
    queryClient.removeQueries({ queryKey: accountKeys.all });
    await navigate(paths.login.to());
  };
}

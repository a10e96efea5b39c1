import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { accountKeys } from '../api/account-keys';
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
    // Loaded when used: the home page's first JavaScript stays within its budget.
    await (await import('../api/identity')).signOut();
    queryClient.removeQueries({ queryKey: accountKeys.all });
    await navigate(paths.login.to());
  };
}

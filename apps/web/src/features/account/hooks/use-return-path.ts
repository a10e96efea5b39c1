import { useLocation, useSearchParams } from 'react-router';

interface FromState {
  from?: { pathname: string; search?: string };
}

/**
 * Where to go after signing in: the page that sent the user here (router state, or `?from=`
 * after a round trip through Google), else the home page. Only paths of this shop count.
 */
export function useReturnPath(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as FromState | null;
  const candidate = state?.from
    ? `${state.from.pathname}${state.from.search ?? ''}`
    : (params.get('from') ?? '/');
  return candidate.startsWith('/') && !candidate.startsWith('//') ? candidate : '/';
}

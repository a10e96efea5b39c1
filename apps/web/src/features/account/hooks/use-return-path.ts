import { useLocation, useSearchParams } from 'react-router';

interface FromState {
  from?: { pathname: string; search?: string };
}

/** Pages that make no sense to come back to after signing in. */
const SIGN_IN_PAGES = new Set(['/login', '/register', '/forgot-password', '/reset-password']);

/** A backslash (browsers read it as `/`) or a control character (tabs and newlines are dropped). */
const hasUnsafeCharacter = (text: string) =>
  [...text].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char === '\u007f');

/**
 * A return path that stays on this site: it starts with exactly one `/` (not `//` nor `/\`,
 * which browsers read as another host), holds no backslash or control character, and parsed
 * against this origin it is still this origin. Anything else, or a sign-in page, is home.
 */
export function safeReturnPath(candidate: unknown, origin: string): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return '/';
  if (candidate.startsWith('//') || hasUnsafeCharacter(candidate)) return '/';
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin || SIGN_IN_PAGES.has(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
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
  return safeReturnPath(candidate, window.location.origin);
}

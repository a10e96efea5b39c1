import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';

interface FromState {
  from?: { pathname: string; search?: string };
}

/** Pages that make no sense to come back to after signing in. */
const SIGN_IN_PAGES = new Set<string>([
  paths.login.pattern,
  paths.register.pattern,
  paths.forgotPassword.pattern,
  paths.resetPassword.pattern,
]);

/** A backslash (browsers read it as `/`) or a control character (tabs and newlines are dropped). */
const hasUnsafeCharacter = (text: string) =>
  [...text].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char === '\u007f');

/** `//host` or `/\host`: a path only in looks, another host to a browser. */
const isProtocolRelative = (path: string) => path.startsWith('//') || path.startsWith('/\\');

/**
 * A return path that stays on this site: it starts with exactly one `/` (not `//` nor `/\`,
 * which browsers read as another host), holds no backslash or control character, parsed
 * against this origin it is still this origin, and what parsing made of it still starts with one
 * `/` (`/.//evil.example` parses to `//evil.example`, which React Router refuses to go to: the
 * user stayed on /login). Anything else, or a sign-in page, is home.
 */
export function safeReturnPath(candidate: unknown, origin: string): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return paths.home.to();
  if (candidate.startsWith('//') || hasUnsafeCharacter(candidate)) return paths.home.to();
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return paths.home.to();
  }
  if (url.origin !== new URL(origin).origin || SIGN_IN_PAGES.has(url.pathname))
    return paths.home.to();
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isProtocolRelative(path) ? paths.home.to() : path;
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
    : (params.get('from') ?? paths.home.to());
  return safeReturnPath(candidate, window.location.origin);
}

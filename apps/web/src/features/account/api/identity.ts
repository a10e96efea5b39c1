import { EMAIL_PASSWORD_PROVIDER, type AccessToken } from '@shop/shared';
import { apiFetch } from '../../../lib/api-client';
import { clearAccessToken, setAccessToken } from '../../../lib/access-token';
import { paths } from '../../../config/paths';

/** The identity service's session, as `GET /api/auth/get-session` answers it. */
interface IdentitySession {
  session: { id: string };
  user: { id: string; email: string; name: string };
}

export function signInWithEmail(email: string, password: string): Promise<unknown> {
  return apiFetch('/auth/sign-in/email', { method: 'POST', json: { email, password } });
}

/**
 * Creates the account. The answer is the same whether the address was new or taken, and it
 * never signs in (`token` is null): sign in afterwards.
 */
export function signUpWithEmail(
  name: string,
  email: string,
  password: string,
): Promise<{ token: string | null }> {
  return apiFetch('/auth/sign-up/email', { method: 'POST', json: { name, email, password } });
}

/** Starts Google sign-in: the browser leaves for Google and comes back to `returnTo`. */
export async function startGoogleSignIn(returnTo: string): Promise<void> {
  const { url } = await apiFetch<{ url: string }>('/auth/sign-in/social', {
    method: 'POST',
    json: {
      provider: 'google',
      callbackURL: returnTo,
      errorCallbackURL: `${paths.login.to()}?error=google`,
    },
  });
  window.location.assign(url);
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiFetch('/auth/request-password-reset', {
    method: 'POST',
    json: { email, redirectTo: paths.resetPassword.to() },
  });
}

export function resetPassword(token: string, newPassword: string): Promise<unknown> {
  return apiFetch('/auth/reset-password', { method: 'POST', json: { token, newPassword } });
}

/**
 * After every sign-in: tells the shop who signed in (`PUT /api/user/{email}`) and keeps the API
 * token it answers with. Returns false when no one is signed in.
 */
export async function completeSignIn(provider?: 'Google'): Promise<boolean> {
  const identity = await apiFetch<IdentitySession | null>('/auth/get-session');
  if (!identity) return false;
  const { email, id, name } = identity.user;
  const { token } = await apiFetch<AccessToken>(`/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    json: { email, uid: id, displayName: name, providerId: provider ?? EMAIL_PASSWORD_PROVIDER },
  });
  setAccessToken(token);
  return true;
}

/** Ends the identity session and forgets the token, even if the server cannot be reached. */
export async function signOut(): Promise<void> {
  clearAccessToken();
  await apiFetch('/auth/sign-out', { method: 'POST', json: {} }).catch(() => undefined);
}

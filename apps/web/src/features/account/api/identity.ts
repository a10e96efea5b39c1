import { EMAIL_PASSWORD_PROVIDER, type EndpointResponse } from '@shop/shared';
import { callApi } from '../../../lib/api-client';
import { clearAccessToken, setAccessToken } from '../../../lib/access-token';
import { paths } from '../../../config/paths';
import { leaveFor } from '../../../lib/leave-for';

export function signInWithEmail(
  email: string,
  password: string,
): Promise<EndpointResponse<'POST /auth/sign-in/email'>> {
  return callApi('POST /auth/sign-in/email', { body: { email, password } });
}

/**
 * Creates the account. The answer is the same whether the address was new or taken, and it
 * never signs in (`token` is null): sign in afterwards.
 */
export function signUpWithEmail(
  name: string,
  email: string,
  password: string,
): Promise<EndpointResponse<'POST /auth/sign-up/email'>> {
  return callApi('POST /auth/sign-up/email', { body: { name, email, password } });
}

/** Starts Google sign-in: the browser leaves for Google and comes back to `returnTo`. */
export async function startGoogleSignIn(returnTo: string): Promise<void> {
  const { url } = await callApi('POST /auth/sign-in/social', {
    body: {
      provider: 'google',
      callbackURL: returnTo,
      errorCallbackURL: `${paths.login.to()}?error=google`,
    },
  });
  leaveFor(url);
}

export function requestPasswordReset(
  email: string,
): Promise<EndpointResponse<'POST /auth/request-password-reset'>> {
  return callApi('POST /auth/request-password-reset', {
    body: { email, redirectTo: paths.resetPassword.to() },
  });
}

export function resetPassword(
  token: string,
  newPassword: string,
): Promise<EndpointResponse<'POST /auth/reset-password'>> {
  return callApi('POST /auth/reset-password', { body: { token, newPassword } });
}

/**
 * After every sign-in: tells the shop who signed in (`PUT /api/user/{email}`) and keeps the API
 * token it answers with. Returns false when no one is signed in.
 */
export async function completeSignIn(provider?: 'Google'): Promise<boolean> {
  const identity = await callApi('GET /auth/get-session');
  if (!identity) return false;
  const { email, id, name } = identity.user;
  const { token } = await callApi('PUT /user/:email', {
    params: { email },
    body: { email, uid: id, displayName: name, providerId: provider ?? EMAIL_PASSWORD_PROVIDER },
  });
  setAccessToken(token);
  return true;
}

/** Ends the identity session and forgets the token, even if the server cannot be reached. */
export async function signOut(): Promise<void> {
  clearAccessToken();
  await callApi('POST /auth/sign-out', { body: {} }).catch(() => undefined);
}

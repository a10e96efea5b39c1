/** Query keys of the signed-in user and of user administration. */
export const accountKeys = {
  all: ['account'] as const,
  me: (token: string | null) => [...accountKeys.all, 'me', token] as const,
  users: () => [...accountKeys.all, 'users'] as const,
  signInMethods: () => [...accountKeys.all, 'sign-in-methods'] as const,
};

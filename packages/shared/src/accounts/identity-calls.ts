import { z } from 'zod';
import {
  accountNameField,
  emailField,
  loginSchema,
  passwordField,
  registerSchema,
} from './accounts.js';
import { accountImageField } from './identity.js';

/*
 * The bodies and answers of the identity service's calls (`/api/auth/*`) the web app makes.
 * Better Auth serves them through one catch-all route, so no Fastify route declares them: the
 * API contract (api-contract.ts) lists them from here, the OpenAPI document describes them
 * (apps/server/src/auth/identity-docs.ts), and the web app's calls are typed by them.
 */

/** A redirect target: a plain path of this shop (`/dashboard`), else 400 `unsafe_redirect`. */
const redirectTarget = z
  .string()
  .describe(
    'A path of this shop, written plainly (`/dashboard`, `/login?google=1`): no `./` or `../` segments, `//`, `%2e`, backslashes or control characters, no other site. Anything else is a 400 `unsafe_redirect`.',
  );

/** The identity service's user (not the shop's: see `userSchema`). */
export const identityUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const identitySessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
  token: z.string(),
});

/** The identity service's plain acknowledgement. */
export const identityStatusSchema = z.object({ status: z.boolean() });

export const signUpBodySchema = registerSchema.extend({
  image: accountImageField,
  callbackURL: redirectTarget.optional(),
});
/** Never signed in by sign-up: `token` is always null. */
export const signUpResultSchema = z.object({ token: z.null(), user: identityUserSchema });

export const signInBodySchema = loginSchema.extend({
  rememberMe: z.boolean().optional(),
  callbackURL: redirectTarget.optional(),
});
export const signInResultSchema = z.object({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().optional(),
  user: identityUserSchema,
});

export const socialSignInBodySchema = z.object({
  provider: z.literal('google'),
  callbackURL: redirectTarget.optional(),
  errorCallbackURL: redirectTarget.optional(),
  newUserCallbackURL: redirectTarget.optional(),
});
export const socialSignInResultSchema = z.object({ url: z.string(), redirect: z.boolean() });

export const signOutBodySchema = z.object({});
export const signOutResultSchema = z.object({ success: z.boolean() });

/** The signed-in identity and its session, or null. */
export const identitySessionResultSchema = z
  .object({ session: identitySessionSchema, user: identityUserSchema })
  .nullable();

export const passwordResetRequestSchema = z.object({
  email: emailField,
  redirectTo: redirectTarget.optional(),
});
export const passwordResetRequestedSchema = z.object({ status: z.boolean(), message: z.string() });

export const passwordResetSchema = z.object({
  token: z.string().min(1).max(256),
  newPassword: passwordField,
});

export const verificationMailRequestSchema = z.object({
  email: emailField,
  callbackURL: redirectTarget.optional(),
});

export const identityUpdateSchema = z.object({
  name: accountNameField.optional(),
  image: accountImageField,
});

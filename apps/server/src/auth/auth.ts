import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins';
import { PASSWORD_MIN_LENGTH } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from './mailer.js';

const SESSION_DAYS = 7;

/** Where the web app lets a customer choose a new password. */
export const RESET_PASSWORD_PAGE = '/reset-password';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Origins allowed to call the identity service from a browser: the public address, and when
 * that is a loopback address, its other spellings too (a shop opened at 127.0.0.1 instead of
 * localhost must still sign in).
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
}

export interface AuthDeps {
  config: Config;
  db: Db;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * The identity service: email-and-password accounts and Google (an OpenID provider found by
 * discovery, so tests can stand in a local one), with sessions stored in our database.
 */
export function authOptions({ config, db, secret, mailer, log }: AuthDeps) {
  return {
    appName: 'CaseForge',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db: db.kysely, type: db.dialect },
    user: { modelName: 'auth_user' },
    session: {
      modelName: 'auth_session',
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
    },
    account: {
      modelName: 'auth_account',
      // Google vouches for the address, so a Google sign-in joins an existing email account.
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    verification: { modelName: 'auth_verification' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: config.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Reset your CaseForge password',
          text: `Hello ${user.name},\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf you did not ask for this, ignore this mail.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Confirm your CaseForge email address',
          text: `Hello ${user.name},\n\nConfirm your email address here:\n${url}`,
        });
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: `${config.google.issuerUrl}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
              },
            ],
          }),
        ]
      : [],
    trustedOrigins: trustedOrigins(config.publicUrl),
    // Our own limits (per address and per account) guard sign-in and sign-up.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https:'),
      // Better Auth skips its origin (CSRF) check when NODE_ENV=test; we test what runs in
      // production, so the check is always on.
      disableOriginCheck: false,
    },
    logger: {
      log(level, message, ...args) {
        const method = level === 'debug' ? 'debug' : level === 'info' ? 'info' : level;
        log[method]({ args }, `auth: ${message}`);
      },
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;

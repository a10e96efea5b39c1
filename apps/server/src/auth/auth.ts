import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins';
import { EMAIL_CONFIRMED_PATH, PASSWORD_MIN_LENGTH } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mail, Mailer } from './mailer.js';
import {
  createLimitedHashing,
  DEFAULT_HASHING_LIMITS,
  type PasswordHasher,
} from './password-hashing.js';

const SESSION_DAYS = 7;

/** The mail to the owner of an address someone tried to sign up with again (finding 8). */
export const EXISTING_ACCOUNT_MAIL_SUBJECT =
  'Someone tried to create a CaseForge account with your email address';

/** Where the web app lets a customer choose a new password. */
export const RESET_PASSWORD_PAGE = '/reset-password';

/**
 * The confirmation link of a mail, sent through the shop's confirmation page (issue 22, defect
 * 28): Better Auth redirects to the link's `callbackURL` once the address is confirmed (or with
 * `error` when the link is refused), and that was the page the buyer came from, `/` at sign-up,
 * where nothing said what had happened. The page says it and offers the way back (`next`).
 */
export function confirmationLink(url: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL') ?? '/';
  if (callback.split('?')[0] === EMAIL_CONFIRMED_PATH) return url;
  link.searchParams.set(
    'callbackURL',
    `${EMAIL_CONFIRMED_PATH}?${new URLSearchParams({ next: callback }).toString()}`,
  );
  return link.toString();
}

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
  /** Hashes passwords: Better Auth's scrypt unless given (the tests' apps take a cheap one). */
  passwordHasher?: PasswordHasher;
  /** After a successful password reset: the account's sign-in limits are cleared. */
  onPasswordReset?: (email: string) => Promise<void>;
}

/**
 * The identity service: email-and-password accounts and Google (an OpenID provider found by
 * discovery, so tests can stand in a local one), with sessions stored in our database.
 */
export function authOptions({
  config,
  db,
  secret,
  mailer,
  log,
  passwordHasher,
  onPasswordReset,
}: AuthDeps) {
  /**
   * Mail leaves after the answer: the request never waits for SMTP, so a slow or silent mail
   * server cannot stall sign-up or reset, and the answer and its timing are the same whether an
   * account exists or not. A failure is logged (the link is not: it is a credential).
   */
  const sendAfterReply = (mail: Mail) => {
    setImmediate(() => {
      mailer.send(mail).catch((error: unknown) => {
        log.warn({ err: error, mailTo: mail.to, subject: mail.subject }, 'mail not sent');
      });
    });
  };
  const hashing = createLimitedHashing(DEFAULT_HASHING_LIMITS, passwordHasher);

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
      // A Google sign-in joins an existing account only when both sides have proven the
      // address: Google says `email_verified` (no provider is trusted without it) and the
      // account's own email is confirmed. Otherwise Better Auth answers `account_not_linked`,
      // which the login page explains.
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    verification: { modelName: 'auth_verification' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: config.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      // Sign-up never signs in, so a taken address is answered exactly as a new one (a synthetic
      // user, no session, the password hashed all the same) and sign-up tells nobody who has an
      // account (finding 8). The web app signs in after it, as for any account.
      autoSignIn: false,
      // The owner of a taken address hears of the attempt instead; the one who tried learns
      // nothing they could not learn from sign-in.
      async onExistingUserSignUp({ user }) {
        sendAfterReply({
          to: user.email,
          subject: EXISTING_ACCOUNT_MAIL_SUBJECT,
          text: `Hello ${user.name},\n\nSomeone tried to create a new CaseForge account with this email address, which already has one. No new account was made and yours is unchanged.\n\nIf it was you: log in with your password at ${config.publicUrl}/login, or choose a new password at ${config.publicUrl}/forgot-password.\n\nIf it was not you, ignore this mail.`,
        });
      },
      // The owner is back in: nobody's failed attempts hold the account any longer (finding 6).
      async onPasswordReset({ user }) {
        await onPasswordReset?.(user.email);
      },
      // Better Auth's own scrypt (unless the app was given another hasher), with at most two
      // hashes at once (see password-hashing.ts).
      password: { hash: hashing.hash, verify: hashing.verify },
      async sendResetPassword({ user, url }) {
        sendAfterReply({
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
        sendAfterReply({
          to: user.email,
          subject: 'Confirm your CaseForge email address',
          text: `Hello ${user.name},\n\nConfirm your email address here:\n${confirmationLink(url)}`,
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
      // The route forwarder writes the trusted client address (request.ip) into this header.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // Better Auth skips its origin (CSRF) check when NODE_ENV=test; we test what runs in
      // production, so the check is always on.
      disableOriginCheck: false,
    },
    logger: {
      // Anyone can make Better Auth log an "error" (a link that cannot be made, an expired
      // state): client mistakes are warnings at most. A failure of the service itself shows as a
      // 5xx answer, which routes.ts logs at error level.
      log(level, message, ...args) {
        const method = level === 'debug' ? 'debug' : level === 'info' ? 'info' : 'warn';
        log[method]({ args }, `auth: ${message}`);
      },
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;

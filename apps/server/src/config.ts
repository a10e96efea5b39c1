import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Where the built web app lives when the server runs from apps/server/dist. */
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('localhost'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATA_DIR: z.string().trim().min(1).default('data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^(file:|postgres(ql)?:\/\/)/, 'must start with file: or postgres://')
        .optional(),
    ),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    WEB_DIST: optionalString,
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z.string().min(8, 'must be at least 8 characters').optional(),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    /** Where Google's OpenID configuration lives; tests point it at a local provider. */
    GOOGLE_ISSUER_URL: optionalString.pipe(z.url().optional()),
    /** Sign-in, sign-up and reset attempts per 10 minutes, per client address and per account. */
    AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(8),
    /** Orders one account may place per minute, and payment calls it may make per minute. */
    ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    PAYMENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Other sites allowed to call the API from a browser, comma-separated; none by default. */
    CORS_ORIGINS: optionalString.pipe(
      z
        .string()
        .transform((value) => value.split(',').map((origin) => origin.trim()))
        .pipe(
          z.array(
            z
              .string()
              .regex(/^https?:\/\/[^/\s]+$/, 'must be origins such as https://shop.example.com'),
          ),
        )
        .optional(),
    ),
    AUTH_REQUIRE_EMAIL_VERIFICATION: z
      .enum(['true', 'false', ''])
      .optional()
      .transform((value) => value === 'true'),
    STRIPE_SECRET_KEY: optionalString.pipe(
      z.string().startsWith('sk_', 'must start with sk_').optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
      z.string().startsWith('pk_', 'must start with pk_').optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z.string().startsWith('whsec_', 'must start with whsec_').optional(),
    ),
    /** Another address for Stripe's API (stripe-mock, or the tests' stand-in). */
    STRIPE_API_URL: optionalString.pipe(z.url().optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: optionalString,
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    const pairs = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
      ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `is required with ${env[a] ? a : b}`,
        });
      }
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
  });

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  database: DatabaseConfig;
  publicUrl: string;
  /** The built web app to serve, or undefined when it has not been built (API only). */
  webDist: string | undefined;
  authSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  google: { clientId: string; clientSecret: string; issuerUrl: string } | undefined;
  /** Whether an email-and-password account must verify its address before signing in. */
  requireEmailVerification: boolean;
  rateLimits: RateLimits;
  /** Origins allowed to call the API from a browser (CORS); empty: same origin only. */
  corsOrigins: string[];
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiUrl: string | undefined;
      }
    | undefined;
  smtp: { url: string; from: string } | undefined;
  redisUrl: string | undefined;
}

export interface RateLimits {
  /** Sign-in, sign-up and reset attempts per 10 minutes from one client address. */
  authPerAddress: number;
  /** The same attempts per 10 minutes for one account (email). */
  authPerAccount: number;
  ordersPerMinute: number;
  paymentsPerMinute: number;
}

export class ConfigError extends Error {}

/** Parses an environment into the config; a bad value throws one line naming the variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dataDir, 'shop.db')}`;
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    dataDir,
    database: databaseUrl.startsWith('file:')
      ? { kind: 'sqlite', file: path.resolve(databaseUrl.slice('file:'.length)) }
      : { kind: 'postgres', url: databaseUrl },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    authSecret: env.AUTH_SECRET,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuerUrl: (env.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com').replace(/\/$/, ''),
          }
        : undefined,
    requireEmailVerification: env.AUTH_REQUIRE_EMAIL_VERIFICATION,
    rateLimits: {
      authPerAddress: env.AUTH_RATE_LIMIT_PER_ADDRESS,
      authPerAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
      ordersPerMinute: env.ORDER_RATE_LIMIT_PER_MINUTE,
      paymentsPerMinute: env.PAYMENT_RATE_LIMIT_PER_MINUTE,
    },
    corsOrigins: env.CORS_ORIGINS ?? [],
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    smtp: env.SMTP_URL
      ? { url: env.SMTP_URL, from: env.MAIL_FROM ?? 'CaseForge Shop <no-reply@localhost>' }
      : undefined,
    redisUrl: env.REDIS_URL,
  };
}

/** Reads `.env` (when present) and the process environment: the only reader of process.env. */
export function readConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}

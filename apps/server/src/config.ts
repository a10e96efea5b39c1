import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SELLER, type InvoiceTax, type Seller } from '@shop/shared';
import { z } from 'zod';

/** Where the built web app lives when the server runs from apps/server/dist. */
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** The names proxy-addr (Fastify's trustProxy) knows for whole private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One proxy address: an IP, a CIDR range (`10.0.0.0/8`) or one of proxy-addr's range names. */
function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: off (the socket's address is the client's), a number of proxy hops in front of
 * the shop, or the proxies' own addresses. Never "trust everyone": then the leftmost
 * `X-Forwarded-For` entry, which the client writes, would be taken as its address.
 */
const trustProxySchema = optionalString.transform((value, ctx): TrustProxy => {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return { hops };
  } else {
    const addresses = value.split(',').map((one) => one.trim());
    if (addresses.every(isProxyAddress)) return { addresses };
  }
  ctx.addIssue({
    code: 'custom',
    message:
      "must be a number of proxy hops (1, 2) or the proxies' addresses or CIDR ranges, comma-separated (10.0.0.5, 10.0.0.0/24)",
  });
  return z.NEVER;
});

/** Where the data lives: all `npm run db:migrate` reads, and part of the server's settings. */
const databaseEnv = {
  DATA_DIR: z.string().trim().min(1).default('data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(file:|postgres(ql)?:\/\/)/, 'must start with file: or postgres://')
      .optional(),
  ),
};

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('localhost'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** JSON lines, or readable lines (pino-pretty); unset: readable only in a terminal. */
    LOG_FORMAT: z
      .enum(['json', 'pretty', ''])
      .optional()
      .transform((value) => value || 'auto'),
    ...databaseEnv,
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
    /** Reviews one account may write per hour. */
    REVIEW_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(3),
    /** Invoice PDFs one account may download per minute. */
    INVOICE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Quote artwork downloads one account may make per minute (security 2026-11-28 #3). */
    ARTWORK_DOWNLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    /**
     * All the quote artwork one account may keep, in MB (security 2026-11-28 #4): its quotes
     * waiting or offered, and those declined or expired in the last 24 hours.
     */
    ARTWORK_QUOTA_PER_ACCOUNT_MB: z.coerce.number().positive().default(25),
    /**
     * Each client's request budget (http/request-budget.ts): units refilled per second, and how
     * many it may spend at once (a plain read or a file costs 1, a drawn page 15, others between).
     */
    REQUEST_BUDGET_PER_SECOND: z.coerce.number().min(0.1).default(20),
    REQUEST_BUDGET_BURST: z.coerce.number().int().min(20).default(200),
    /**
     * How many client budgets the requests with an API token from one address share (besides
     * each account's own): free accounts do not buy an address more than this.
     */
    REQUEST_BUDGET_ADDRESS_SHARES: z.coerce.number().int().min(1).default(4),
    /** Public pages drawn at once (http/public-pages.ts); more wait for a turn. */
    PAGE_RENDERS_AT_ONCE: z.coerce.number().int().min(1).default(2),
    /** Drawings that may wait for a turn; past them 503 with Retry-After (the browser draws it). */
    PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).default(8),
    /** Which proxies in front may name the client (X-Forwarded-For); none by default. */
    TRUST_PROXY: trustProxySchema,
    /** The built-in test gateway in production, on purpose (a staging shop). */
    PAYMENTS_TEST_MODE: z
      .enum(['true', 'false', ''])
      .optional()
      .transform((value) => value === 'true'),
    /** How long an unpaid order holds its stock, and how many one customer may hold (DESIGN 11). */
    ORDER_HOLD_MINUTES: z.coerce.number().int().min(1).max(525_600).default(30),
    MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).default(5),
    /**
     * How long an order awaiting a company admin's approval holds its stock from placing
     * (DESIGN.md section 12); after the approval the ordinary hold runs.
     */
    APPROVAL_HOLD_MINUTES: z.coerce.number().int().min(1).max(525_600).default(1440),
    /** How many orders one buyer may have awaiting approval at once (they hold stock). */
    MAX_AWAITING_APPROVAL_ORDERS: z.coerce.number().int().min(1).max(1000).default(5),
    /**
     * What one buyer's orders awaiting approval may be worth together, and one company's, in
     * whole dollars (they hold stock; security 2026-11-28 #1). Default: MAX_UNPAID_VALUE's.
     */
    MAX_AWAITING_APPROVAL_VALUE: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000_000_000)
      .default(25_000),
    /**
     * Invitations one account (a company admin, not a shop admin) may send in any 24 hours,
     * whatever company it is in: beside the company's 20 an hour, so a company of one admin
     * cannot mail 480 strangers a day (security report 2026-11-28, finding 5).
     */
    INVITATIONS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(40),
    /** What one customer's unpaid orders may hold together, in whole dollars. */
    MAX_UNPAID_VALUE: z.coerce.number().int().min(1).max(1_000_000_000_000).default(25_000),
    /** Whether placing an order needs a confirmed email; unset: only in production. */
    ORDER_REQUIRES_CONFIRMED_EMAIL: z.enum(['true', 'false', '']).optional(),
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
    /** The demo catalog and reviews on an empty database; unset: yes, except in production. */
    SEED_DEMO_DATA: z.enum(['true', 'false', '']).optional(),
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
    /**
     * The seller's facts on invoices; the demo shop's until set. Address lines split by `;`.
     * INVOICE_SELLER_* (issue 22's names) win over SELLER_* (the names of issue 13, still read).
     */
    INVOICE_SELLER_NAME: optionalString.pipe(z.string().max(200).optional()),
    INVOICE_SELLER_ADDRESS: optionalString,
    INVOICE_SELLER_VAT_NUMBER: optionalString.pipe(z.string().max(40).optional()),
    INVOICE_SELLER_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
    SELLER_NAME: optionalString.pipe(z.string().max(200).optional()),
    SELLER_ADDRESS: optionalString,
    SELLER_VAT_NUMBER: optionalString.pipe(z.string().max(40).optional()),
    SELLER_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
    /**
     * The tax rate invoices state, in percent, included in the prices (0 to 100, at most two
     * decimals; 0: no tax charged), and the statement under the tax line ('Reverse charge').
     */
    TAX_RATE_PERCENT: z.coerce
      .number('must be a number')
      .min(0, 'must be 0 or more')
      .max(100, 'must be 100 or less')
      .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, 'at most 2 decimals')
      .default(0),
    INVOICE_TAX_NOTE: optionalString.pipe(z.string().max(200).optional()),
    /**
     * Paying on account (DESIGN.md section 13): the seller's bank details printed on an invoice
     * paid on account, lines split by `;` (unset: none printed), and the days an invoice may be
     * overdue before its company is put on hold.
     */
    INVOICE_BANK_DETAILS: optionalString.pipe(z.string().max(500).optional()),
    CREDIT_HOLD_DAYS: z.coerce.number().int().min(1).max(365).default(15),
    /** The shop's address for a mail of each new order; unset: no such mail. */
    SHOP_ORDERS_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
    /** How often each instance delivers due order mail from the outbox; 0: this one never does. */
    MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
    /** The wait after a failed order mail, doubled on each further failure (up to an hour). */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
    /** Attempts at an order mail before it is given up (and stays in the outbox, marked failed). */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * Order mails one address may get per hour; the rest wait for a place (never dropped). 20:
     * a buyer who places, pays and has shipped the 5 orders MAX_UNPAID_ORDERS allows at once gets
     * 15 in that hour; a loop of orders got 30 a minute before (security report, finding 4).
     */
    MAIL_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
    /** The shop's mails of new orders (SHOP_ORDERS_EMAIL) per hour; the rest wait. */
    SHOP_ORDERS_MAIL_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(120),
    /** Days a sent (or skipped) order mail stays in the outbox before the worker deletes it. */
    MAIL_OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
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
    // Without Stripe the built-in gateway takes test cards: never by accident in production.
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !env.PAYMENTS_TEST_MODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is required in production: without it the built-in test gateway takes test cards (set PAYMENTS_TEST_MODE=true if that is what you want)',
      });
    }
    if (env.PAYMENTS_TEST_MODE && env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_TEST_MODE'],
        message: 'cannot be used with STRIPE_SECRET_KEY (use Stripe test keys instead)',
      });
    }
  });

export type LogFormat = 'json' | 'pretty' | 'auto';

/** How far `X-Forwarded-For` is believed: see `TRUST_PROXY` in docs/operations.md, "Several instances behind one address". */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** How log lines are written: `auto` is readable in a terminal and JSON otherwise. */
  logFormat: LogFormat;
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
  /** Whether start-up fills an empty database with the demo catalog and reviews. */
  seedDemoData: boolean;
  rateLimits: RateLimits;
  requestBudget: RequestBudgetConfig;
  /** ARTWORK_QUOTA_PER_ACCOUNT_MB, in bytes: all the quote artwork one account may keep. */
  artworkQuotaBytes: number;
  /** Public pages drawn at once, and drawings that may wait for a turn. */
  pageRenders: { atOnce: number; queue: number };
  /**
   * Unpaid orders: minutes they hold their stock (and an expired order's products stay out of
   * its customer's reach), how many one customer may hold and their value together (cents), and
   * whether placing one needs a confirmed email. Admins are held to none of it.
   */
  orderHolds: {
    holdMinutes: number;
    /** APPROVAL_HOLD_MINUTES: the hold of an order awaiting approval (DESIGN.md section 12). */
    approvalHoldMinutes: number;
    /** MAX_AWAITING_APPROVAL_ORDERS: one buyer's orders awaiting approval at once. */
    maxAwaitingApproval: number;
    /** MAX_AWAITING_APPROVAL_VALUE in cents: their worth, per buyer and per company. */
    maxAwaitingApprovalCents: number;
    maxUnpaidOrders: number;
    maxUnpaidCents: number;
    requireConfirmedEmail: boolean;
  };
  /** SHOP_ORDERS_EMAIL: where the shop gets a mail of each new order; undefined: nowhere. */
  shopOrdersEmail: string | undefined;
  /** Origins allowed to call the API from a browser (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** Which proxies in front may say who the client is (`X-Forwarded-For`); false: none. */
  trustProxy: TrustProxy;
  /** Whether the built-in test gateway takes payments (no Stripe keys): no card is charged. */
  paymentsTestMode: boolean;
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiUrl: string | undefined;
      }
    | undefined;
  smtp: { url: string; from: string } | undefined;
  /** The order-mail outbox worker (modules/mail/outbox-worker.ts). */
  /** The seller's facts on invoices (SELLER_*). */
  seller: Seller;
  /** The tax invoices state (TAX_RATE_PERCENT, INVOICE_TAX_NOTE). */
  invoiceTax: InvoiceTax;
  /** The seller's bank details on invoices paid on account (INVOICE_BANK_DETAILS), by line. */
  invoiceBankDetails: string[];
  /** Companies (DESIGN.md section 12). */
  companies: {
    /** INVITATIONS_PER_ACCOUNT_PER_DAY: invitations one company admin sends in any 24 hours. */
    invitationsPerAccountPerDay: number;
  };
  /** Paying on account (DESIGN.md section 13). */
  onAccount: {
    /** CREDIT_HOLD_DAYS: overdue this many days, an invoice puts its company on hold. */
    creditHoldDays: number;
  };
  mailOutbox: {
    intervalMs: number;
    retryBaseMs: number;
    maxAttempts: number;
    /** Order mails one address may get per hour (MAIL_PER_RECIPIENT_PER_HOUR). */
    perRecipientPerHour: number;
    /** The shop's mails of new orders per hour (SHOP_ORDERS_MAIL_PER_HOUR). */
    shopPerHour: number;
    /** How long sent and skipped rows are kept (MAIL_OUTBOX_RETENTION_DAYS), in ms. */
    retentionMs: number;
  };
  redisUrl: string | undefined;
}

export interface RateLimits {
  /** Sign-in, sign-up and reset attempts per 10 minutes from one client address. */
  authPerAddress: number;
  /** The same attempts per 10 minutes for one account (email). */
  authPerAccount: number;
  ordersPerMinute: number;
  paymentsPerMinute: number;
  reviewsPerHour: number;
  invoicesPerMinute: number;
  /** Quote artwork downloads per minute, per account. */
  artworkDownloadsPerMinute: number;
}

/** Each client's request budget on /api: a token bucket (http/request-budget.ts). */
export interface RequestBudgetConfig {
  perSecond: number;
  burst: number;
  /** Client budgets the signed-in requests of one address share. */
  addressShares: number;
}

export class ConfigError extends Error {}

/** DATABASE_URL, or the SQLite file `shop.db` in the data directory when it is unset. */
function databaseConfig(dataDir: string, url: string | undefined): DatabaseConfig {
  const databaseUrl = url ?? `file:${path.join(dataDir, 'shop.db')}`;
  return databaseUrl.startsWith('file:')
    ? { kind: 'sqlite', file: path.resolve(databaseUrl.slice('file:'.length)) }
    : { kind: 'postgres', url: databaseUrl };
}

function configError(error: z.ZodError): ConfigError {
  const issue = error.issues[0];
  const name = issue?.path.join('.') || 'environment';
  return new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
}

/** Parses an environment into the config; a bad value throws one line naming the variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw configError(parsed.error);
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    dataDir,
    database: databaseConfig(dataDir, env.DATABASE_URL),
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
    // A real shop must not open with made-up products and reviews (issue 20, point 9).
    seedDemoData: env.SEED_DEMO_DATA
      ? env.SEED_DEMO_DATA === 'true'
      : env.NODE_ENV !== 'production',
    rateLimits: {
      authPerAddress: env.AUTH_RATE_LIMIT_PER_ADDRESS,
      authPerAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
      ordersPerMinute: env.ORDER_RATE_LIMIT_PER_MINUTE,
      paymentsPerMinute: env.PAYMENT_RATE_LIMIT_PER_MINUTE,
      reviewsPerHour: env.REVIEW_RATE_LIMIT_PER_HOUR,
      invoicesPerMinute: env.INVOICE_RATE_LIMIT_PER_MINUTE,
      artworkDownloadsPerMinute: env.ARTWORK_DOWNLOAD_RATE_LIMIT_PER_MINUTE,
    },
    requestBudget: {
      perSecond: env.REQUEST_BUDGET_PER_SECOND,
      burst: env.REQUEST_BUDGET_BURST,
      addressShares: env.REQUEST_BUDGET_ADDRESS_SHARES,
    },
    artworkQuotaBytes: Math.round(env.ARTWORK_QUOTA_PER_ACCOUNT_MB * 1024 * 1024),
    pageRenders: { atOnce: env.PAGE_RENDERS_AT_ONCE, queue: env.PAGE_RENDER_QUEUE },
    orderHolds: {
      holdMinutes: env.ORDER_HOLD_MINUTES,
      approvalHoldMinutes: env.APPROVAL_HOLD_MINUTES,
      maxAwaitingApproval: env.MAX_AWAITING_APPROVAL_ORDERS,
      maxAwaitingApprovalCents: env.MAX_AWAITING_APPROVAL_VALUE * 100,
      maxUnpaidOrders: env.MAX_UNPAID_ORDERS,
      maxUnpaidCents: env.MAX_UNPAID_VALUE * 100,
      requireConfirmedEmail: env.ORDER_REQUIRES_CONFIRMED_EMAIL
        ? env.ORDER_REQUIRES_CONFIRMED_EMAIL === 'true'
        : env.NODE_ENV === 'production',
    },
    shopOrdersEmail: env.SHOP_ORDERS_EMAIL,
    corsOrigins: env.CORS_ORIGINS ?? [],
    trustProxy: env.TRUST_PROXY,
    paymentsTestMode: !env.STRIPE_SECRET_KEY,
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
    invoiceTax: { ratePercent: env.TAX_RATE_PERCENT, note: env.INVOICE_TAX_NOTE ?? '' },
    invoiceBankDetails: (env.INVOICE_BANK_DETAILS ?? '')
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean),
    companies: { invitationsPerAccountPerDay: env.INVITATIONS_PER_ACCOUNT_PER_DAY },
    onAccount: { creditHoldDays: env.CREDIT_HOLD_DAYS },
    seller: sellerOf({
      name: env.INVOICE_SELLER_NAME ?? env.SELLER_NAME,
      address: env.INVOICE_SELLER_ADDRESS ?? env.SELLER_ADDRESS,
      vatNumber: env.INVOICE_SELLER_VAT_NUMBER ?? env.SELLER_VAT_NUMBER,
      email: env.INVOICE_SELLER_EMAIL ?? env.SELLER_EMAIL,
    }),
    mailOutbox: {
      intervalMs: env.MAIL_WORKER_INTERVAL_MS,
      retryBaseMs: env.MAIL_RETRY_BASE_MS,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      perRecipientPerHour: env.MAIL_PER_RECIPIENT_PER_HOUR,
      shopPerHour: env.SHOP_ORDERS_MAIL_PER_HOUR,
      retentionMs: env.MAIL_OUTBOX_RETENTION_DAYS * 24 * 60 * 60_000,
    },
    redisUrl: env.REDIS_URL,
  };
}

/** The seller on invoices: the demo shop's facts, each replaced by the one configured. */
function sellerOf(configured: {
  name: string | undefined;
  address: string | undefined;
  vatNumber: string | undefined;
  email: string | undefined;
}): Seller {
  const { name, address, vatNumber, email } = configured;
  return {
    ...DEFAULT_SELLER,
    ...(name ? { name } : {}),
    ...(address
      ? {
          address: address
            .split(';')
            .map((line) => line.trim())
            .filter(Boolean),
        }
      : {}),
    ...(vatNumber ? { vatNumber } : {}),
    ...(email ? { email } : {}),
  };
}

/** Reads `.env` (when present) and the process environment (with readDatabaseConfig, the only readers). */
export function readConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}

/**
 * Only the database settings (DATA_DIR, DATABASE_URL), from `.env` and the process environment:
 * what `npm run db:migrate` needs, so a deployment step can migrate without the server's secrets.
 */
export function readDatabaseConfig(): DatabaseConfig {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const parsed = z.object(databaseEnv).safeParse(process.env);
  if (!parsed.success) throw configError(parsed.error);
  return databaseConfig(path.resolve(parsed.data.DATA_DIR), parsed.data.DATABASE_URL);
}

import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  EARLY_INPUT_SCRIPT,
  IDEMPOTENT_REPLAYED_HEADER,
  SEARCH_MATCH_HEADER,
  TOTAL_COUNT_HEADER,
} from '@shop/shared';
import type { DestinationStream } from 'pino';
import { createAccessTokens } from './auth/access-token.js';
import { createAuth, type Auth } from './auth/auth.js';
import { registerGuard } from './auth/guard.js';
import { withIdentityPaths } from './auth/identity-docs.js';
import { createMailer, type Mailer } from './auth/mailer.js';
import type { PasswordHasher } from './auth/password-hashing.js';
import { authRoutes } from './auth/routes.js';
import { resolveAuthSecret } from './auth/secret.js';
import { createSignInProtection } from './auth/sign-in-protection.js';
import type { Config, TrustProxy } from './config.js';
import type { Db } from './db/database.js';
import { handleFrameworkError, registerErrorHandling } from './http/error-handler.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerInputGuard } from './http/input-guard.js';
import { createHotLists, requestIdOf } from './http/hot-lists.js';
import { createLimitCounters } from './http/limit-counters.js';
import { registerRateLimits } from './http/rate-limits.js';
import { createRequestBudget, REQUEST_COSTS, type RequestBudget } from './http/request-budget.js';
import { documentRoute, registerRouteDocs, SECURITY_SCHEMES } from './http/route.js';
import { withNamedSchemas, withUsedSchemasOnly } from './http/schema-names.js';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { registerCompression, registerStaticWeb } from './http/static-web.js';
import { createPublicPages, loadPageRenderer, type PublicPages } from './http/public-pages.js';
import { healthRoutes } from './modules/health/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import {
  createInvoiceRenderer,
  type InvoiceRenderer,
} from './modules/invoices/invoice-renderer.js';
import { createInvoicesService } from './modules/invoices/invoices.service.js';
import { createOutboxWorker, type MailOutbox } from './modules/mail/outbox-worker.js';
import { createOutboxRepository } from './modules/mail/outbox.repository.js';
import { createOrdersRepository } from './modules/orders/orders.repository.js';
import { createCompaniesRepository } from './modules/companies/companies.repository.js';
import { createCompaniesService } from './modules/companies/companies.service.js';
import { companyRoutes } from './modules/companies/routes.js';
import { createAccountWorker, type AccountWorker } from './modules/on-account/account-worker.js';
import { createOnAccountRepository } from './modules/on-account/on-account.repository.js';
import { createOnAccountService } from './modules/on-account/on-account.service.js';
import { onAccountRoutes } from './modules/on-account/routes.js';
import { createPaymentsRepository } from './modules/payments/payments.repository.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createOrderExpiry, type OrderExpiry } from './modules/orders/order-expiry.js';
import { orderRoutes } from './modules/orders/routes.js';
import { createArtworkPurge, type ArtworkPurge } from './modules/quotes/artwork-purge.js';
import { createQuotesRepository } from './modules/quotes/quotes.repository.js';
import { createQuotesService } from './modules/quotes/quotes.service.js';
import { quoteRoutes } from './modules/quotes/routes.js';
import type { PaymentGateway } from './modules/payments/gateway.js';
import { createPaymentFlow } from './modules/payments/payment-flow.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { createStripeGateway } from './modules/payments/stripe-gateway.js';
import { createTestGateway, type TestGateway } from './modules/payments/test-gateway.js';
import { createProductsRepository } from './modules/products/products.repository.js';
import { createProductsService } from './modules/products/products.service.js';
import { productRoutes } from './modules/products/routes.js';
import { sitemapRoutes } from './modules/products/sitemap.js';
import { createSearchSynonyms, searchSynonymRoutes } from './modules/products/search-synonyms.js';
import { createSearchSynonymsRepository } from './modules/products/search-synonyms.repository.js';
import { createOrderListsRepository } from './modules/order-lists/order-lists.repository.js';
import { createOrderListsService } from './modules/order-lists/order-lists.service.js';
import { orderListRoutes } from './modules/order-lists/routes.js';
import { createReviewsRepository } from './modules/reviews/reviews.repository.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { serveUploads, uploadRoutes } from './modules/uploads/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';

/** One access-log line per request, when it completes, instead of Fastify's two. */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}

/**
 * The largest request body of a JSON call: the longest valid request (a product with a
 * 2,000-character description) is a few KB, and Stripe's webhook events stay well below this.
 * Uploads have their own limit.
 */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The one inline script a page carries, allowed by its hash: it holds presses made before the app
 * has taken a server-drawn page over (packages/shared/src/common/early-input.ts).
 */
export const EARLY_INPUT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

/**
 * What the page may load: itself and its one inline script, plus Stripe's script and frames when
 * Stripe is the gateway.
 */
function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const stripe = config.stripe !== undefined;
  return {
    scriptSrc: [
      "'self'",
      ...(stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : []),
      EARLY_INPUT_SCRIPT_SOURCE,
    ],
    frameSrc: stripe
      ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']
      : ["'none'"],
    connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    // Admins may point a product at an image on another site.
    imgSrc: ["'self'", 'data:', 'https:'],
    // Upgrading would break every asset of a shop served over plain HTTP (a LAN address).
    upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
  };
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function: Fastify 5.12 ignores a
 * plain number (it cannot check the peer), while an operator whose proxies have no fixed address
 * still needs "the address the last N proxies saw".
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Tests pass one that keeps the mail instead of sending it. */
  mailer?: Mailer;
  /** Where log lines go; standard output, written synchronously, when not given. */
  logStream?: DestinationStream;
  /** The clock idempotency keys expire by and orders are placed by; tests move it forward. */
  now?: () => Date;
  /**
   * How the shop waits on purpose (a slowed-down sign-in, a refused page drawing held before its
   * 429); tests record the wait instead of waiting.
   */
  delay?: (ms: number) => Promise<unknown>;
  /** Lays out and keeps invoice PDFs; tests may give one with a slow or counted stand-in. */
  invoiceRenderer?: InvoiceRenderer;
  /** Hashes passwords: Better Auth's scrypt unless given (test/build-app.ts gives a cheap one). */
  passwordHasher?: PasswordHasher;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity service, for start-up tasks such as creating the first admin. */
    shopAuth: Auth;
    /** Cancels unpaid orders whose hold ran out; runs on a timer, and on demand in tests. */
    orderExpiry: OrderExpiry;
    /** Delivers the order mails of the outbox; runs on a timer, and on demand in tests. */
    mailOutbox: MailOutbox;
    /** Credit holds and invoice reminders (paying on account); a timer, and tests on demand. */
    accountWorker: AccountWorker;
    /** Deletes the artwork of quotes closed a day ago; a timer, and tests on demand. */
    artworkPurge: ArtworkPurge;
  }
}

/** Builds the shop's Fastify instance with every plugin and module; it never listens. */
export async function buildApp({
  config,
  db,
  mailer,
  logStream,
  now,
  delay,
  invoiceRenderer,
  passwordHasher,
}: AppDeps): Promise<FastifyInstance> {
  const trustProxy = fastifyTrustProxy(config.trustProxy);
  const hotLists = createHotLists(db.changes, trustProxy);
  // The public pages drawn by the server (DESIGN.md section 15), when the web app is built.
  const pages: PublicPages | undefined = config.webDist
    ? createPublicPages({
        webDist: config.webDist,
        renderer: await loadPageRenderer(config.webDist),
        feed: db.changes,
        origin: config.publicUrl,
        trustProxy,
        rendersAtOnce: config.pageRenders.atOnce,
        renderQueue: config.pageRenders.queue,
        // The door took `file`; a drawing costs `page` in all (request-budget.ts).
        chargeDrawing: (req) =>
          budget.current?.charge(req, REQUEST_COSTS.page - REQUEST_COSTS.file) ?? 0,
        ...(delay ? { hold: delay } : {}),
      })
    : undefined;
  // Set once the token key is known, below; the server takes no request before that.
  const budget: { current?: RequestBudget } = {};
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Written in the background: under load, lines are batched instead of one write each.
      // start.ts flushes before exiting.
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: requestIdOf,
    serverFactory: (handler) =>
      createServer((req, res) => {
        // The replayed public lists cost nothing; every other request spends its client's
        // budget first (a kept page too, finding 10 of 2026-11-28), and one over it is
        // answered here, before any work. These three answer before Fastify: no Fastify hook
        // (onRequest, onSend: metrics, tracing, headers added later) sees a replayed list, a
        // refusal of the budget or a kept page; whatever they must carry, they write themselves.
        if (hotLists.serve(req, res)) return;
        if (budget.current?.refuse(req, res)) return;
        if (pages?.serve(req, res)) return;
        handler(req, res);
      }),
    frameworkErrors: handleFrameworkError,
    logController: new AccessLog(),
    bodyLimit: MAX_BODY_BYTES,
    // Off by default: the socket's address is the client's, and a forged X-Forwarded-For counts
    // for nothing (rate limits, logs, sessions).
    trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { dataDir: config.dataDir });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Before any route: both hook each route as it is declared, compression first.
  await registerCompression(app);
  hotLists.register(app);
  pages?.register(app);

  const helmetOptions = { contentSecurityPolicy: { directives: contentSecurityPolicy(config) } };
  registerSecurityHeaders(app, helmetOptions);
  // Closed by default: only the origins an operator lists may call the API from a browser.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      credentials: true,
      // Paged lists tell their total, and a replayed order that it is one, in headers another
      // site's script may read.
      exposedHeaders: [TOTAL_COUNT_HEADER, IDEMPOTENT_REPLAYED_HEADER, SEARCH_MATCH_HEADER],
      maxAge: 600,
    });
  }

  // Every route documented the same way (http/route.ts): operationId, tags, the security its
  // access needs, every error status it can answer; plus the identity calls behind /api/auth/*.
  registerRouteDocs(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CaseForge shop API',
        description: 'Products, reviews, accounts, orders and payments of the CaseForge web shop.',
        version: '1.0.0',
      },
      // Where the shop answers: every path of the document starts with /api.
      servers: [{ url: config.publicUrl, description: 'This shop' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentRoute,
    // The named component schemas (http/schema-names.ts), the identity calls, and only the
    // components something refers to.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const named = withNamedSchemas(document) as typeof document.openapiObject;
      return withUsedSchemasOnly(withIdentityPaths({ ...document, openapiObject: named }));
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs follow the shop's rule: upgrading only where the shop is served over HTTPS.
    transformStaticCSP: (header) =>
      config.publicUrl.startsWith('https:')
        ? header
        : header.replace(/\s*upgrade-insecure-requests;?/g, '').trim(),
  });

  const uploadDir = path.join(config.dataDir, 'uploads');
  const secret = await resolveAuthSecret(config, db);
  db.changes.setLog((message, error) => app.log.warn({ err: error }, message));
  const mail = mailer ?? createMailer(config, app.log);
  const counters = createLimitCounters({ redisUrl: config.redisUrl, log: app.log });
  // Limits are shared from the first request when Redis answers at start.
  app.addHook('onReady', async () => counters.ready());
  app.addHook('onClose', async () => counters.close());
  const protection = createSignInProtection({
    counters,
    secret,
    secureCookies: config.publicUrl.startsWith('https:'),
    ...(delay ? { delay } : {}),
  });
  const auth = createAuth({
    config,
    db,
    secret,
    mailer: mail,
    log: app.log,
    ...(passwordHasher ? { passwordHasher } : {}),
    onPasswordReset: (email) => protection.clearAccount(email),
  });
  const tokens = createAccessTokens(secret);
  budget.current = createRequestBudget({
    ...config.requestBudget,
    trustProxy,
    claimsOf: tokens.claimsOf,
    headers: securityHeaders(helmetOptions),
    corsOrigins: config.corsOrigins,
    log: app.log,
  });
  app.decorate('shopAuth', auth);
  registerGuard(app, {
    db,
    auth,
    tokens,
    requireConfirmedEmail: config.orderHolds.requireConfirmedEmail,
  });
  registerInputGuard(app);
  registerRateLimits(app, { limits: config.rateLimits, counters });
  // Before the routes (it declares their header) and before compression (it stores plain JSON).
  registerIdempotency(app, { db: db.kysely, ...(now ? { now } : {}) });

  const users = createUsersService(createUsersRepository(db.kysely, db.dialect), tokens, {
    adminEmail: config.admin?.email,
  });
  const outbox = createOutboxRepository(db.kysely, db.dialect);
  const ordersRepository = createOrdersRepository(db.kysely, db.dialect, {
    driver: db.driver,
    changes: db.changes,
  });
  // One companies repository: the service and on-account's membership read share it.
  const companiesRepository = createCompaniesRepository(db.kysely, db.dialect);
  const companies = createCompaniesService(companiesRepository, {
    ...(now ? { now } : {}),
    invitationsPerAccountPerDay: config.companies.invitationsPerAccountPerDay,
  });
  // The orders module reaches payments only through this (orders never imports payments); the
  // flow it calls is made below, before the first request.
  const accountsRepository = createOnAccountRepository(db.kysely, db.dialect);
  const orders = createOrdersService({
    orders: ordersRepository,
    // A company with payment terms is not held to MAX_UNPAID_VALUE (DESIGN.md section 11).
    companies: {
      membershipOf: (userId) => companies.membershipOf(userId),
      approversOf: (companyId) => companies.approversOf(companyId),
      hasConfirmedAdmin: (companyId) => companies.hasConfirmedAdmin(companyId),
      hasPaymentTerms: (companyId) => accountsRepository.hasPaymentTerms(companyId),
      billingOf: (companyId) => companies.billingOf(companyId),
    },
    intents: { cancelOpen: (orderId) => paymentFlow.cancelOpenIntents(orderId) },
    // Placing on account and approving an order placed on account charge the account by
    // 'Pay by invoice''s own step (ux 2026-11-28 #14); the service is made below.
    credit: {
      creditStep: (companyId, monthlyLimitCents) =>
        onAccount.creditStep(companyId, monthlyLimitCents),
      creditRefusal: (reason, priceCents, companyId, monthlyLimitCents) =>
        onAccount.creditRefusal(reason, priceCents, companyId, monthlyLimitCents),
    },
    log: app.log,
    rules: {
      ...config.orderHolds,
      shopEmail: config.shopOrdersEmail,
      // The confirmation asked of buyers is asked of the company's approvers too (#1).
      requireConfirmedApprover: config.orderHolds.requireConfirmedEmail,
    },
    ...(now ? { now } : {}),
  });
  // Stripe when its keys are set; otherwise the built-in test gateway (DESIGN.md section 6).
  let gateway: PaymentGateway;
  let testGateway: TestGateway | undefined;
  if (config.stripe) {
    gateway = createStripeGateway(config.stripe);
  } else {
    testGateway = createTestGateway(db.kysely, orders.isPayable);
    gateway = testGateway;
  }
  const paymentsRepository = createPaymentsRepository(db.kysely);
  // Where paying meets ordering: "a gateway success arrived", "cancel this order's intents".
  const paymentFlow = createPaymentFlow({
    orders: ordersRepository,
    ordersService: orders,
    payments: paymentsRepository,
    gateway,
    log: app.log,
  });
  // Paying on account (DESIGN.md section 13): the orders module's invoicing transactions with
  // the company's credit taken inside them.
  const onAccount = createOnAccountService({
    accounts: accountsRepository,
    orders: ordersRepository,
    ordersService: orders,
    membershipOf: (userId) => companiesRepository.membershipOf(userId),
    creditHoldDays: config.onAccount.creditHoldDays,
    bankDetails: config.invoiceBankDetails.length > 0,
    ...(now ? { now } : {}),
  });
  const accountWorker = createAccountWorker(onAccount, app.log);
  app.decorate('accountWorker', accountWorker);
  app.addHook('onReady', async () => accountWorker.start());
  app.addHook('onClose', async () => accountWorker.stop());
  const orderExpiry = createOrderExpiry(orders, app.log);
  app.decorate('orderExpiry', orderExpiry);
  app.addHook('onReady', async () => orderExpiry.start());
  app.addHook('onClose', async () => orderExpiry.stop());
  const invoices = invoiceRenderer ?? createInvoiceRenderer();
  app.addHook('onClose', async () => invoices.close());
  const invoicesService = createInvoicesService(
    orders,
    { seller: config.seller, tax: config.invoiceTax, bankDetails: config.invoiceBankDetails },
    invoices,
  );
  const mailOutbox = createOutboxWorker({
    outbox,
    mailer: mail,
    log: app.log,
    publicUrl: config.publicUrl,
    // The paid mail carries the invoice PDF, made when the mail is sent.
    attachmentsOf: (kind, order) => invoicesService.mailAttachmentsOf(kind, order),
    bankDetails: config.invoiceBankDetails.length > 0,
    options: config.mailOutbox,
  });
  app.decorate('mailOutbox', mailOutbox);
  app.addHook('onReady', async () => mailOutbox.start());
  app.addHook('onClose', async () => mailOutbox.stop());
  const payments = createPaymentsService(gateway, paymentsRepository, paymentFlow, app.log);
  const synonyms = createSearchSynonyms(createSearchSynonymsRepository(db.kysely));
  const products = createProductsService(createProductsRepository(db.kysely, db.dialect), {
    orders: ordersRepository,
    afterCancel: (cancelled) => orders.afterCancel(cancelled),
    synonyms,
  });
  const reviews = createReviewsService(createReviewsRepository(db.kysely));
  const orderLists = createOrderListsService(createOrderListsRepository(db.kysely), {
    productNames: (ids) => products.namesOf(ids),
  });
  const quotes = createQuotesService({
    quotes: createQuotesRepository(db.kysely, db.dialect),
    orders,
    companies,
    artworkQuotaBytes: config.artworkQuotaBytes,
    ...(now ? { now } : {}),
  });
  const artworkPurge = createArtworkPurge(quotes, app.log);
  app.decorate('artworkPurge', artworkPurge);
  app.addHook('onReady', async () => artworkPurge.start());
  app.addHook('onClose', async () => artworkPurge.stop());

  await app.register(
    async (api) => {
      await api.register(async (scope) =>
        authRoutes(scope, { auth, publicUrl: config.publicUrl, protection }),
      );
      await api.register(healthRoutes(db));
      await api.register(userRoutes(users, { google: config.google !== undefined }));
      await api.register(productRoutes(products, db.changes));
      await api.register(searchSynonymRoutes(synonyms));
      await api.register(reviewRoutes(reviews, db.changes));
      await api.register(orderRoutes(orders));
      await api.register(companyRoutes(companies));
      await api.register(orderListRoutes(orderLists));
      await api.register(
        quoteRoutes(quotes, {
          spendMore: (request, units) => budget.current?.spendMore(request.raw, units) ?? 0,
        }),
      );
      await api.register(invoiceRoutes(invoicesService));
      await api.register(onAccountRoutes(onAccount));
      await api.register(paymentRoutes(payments, testGateway));
      await api.register(uploadRoutes(uploadDir));
    },
    { prefix: '/api' },
  );

  await app.register(sitemapRoutes(products, config.publicUrl, db.changes));
  await serveUploads(app, uploadDir);
  await registerStaticWeb(app, config.webDist, pages);
  return app;
}

import { z } from 'zod';
import { shipInputSchema } from './catalog/b2b.js';
import {
  productInputSchema,
  productUpdateSchema,
  reviewCreateSchema,
  uploadResultSchema,
} from './catalog/catalog.js';
import {
  identitySessionResultSchema,
  identityStatusSchema,
  identityUpdateSchema,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signInBodySchema,
  signInResultSchema,
  signOutBodySchema,
  signOutResultSchema,
  signUpBodySchema,
  signUpResultSchema,
  socialSignInBodySchema,
  socialSignInResultSchema,
  verificationMailRequestSchema,
} from './accounts/identity-calls.js';
import { idParamsSchema } from './common/ids.js';
import { pagedListQuerySchema } from './lists/list.js';
import {
  adminOrderListQuerySchema,
  adminUserListQuerySchema,
  productListQuerySchema,
  productFacetsQuerySchema,
  productFacetsSchema,
} from './lists/list-queries.js';
import {
  confirmPaymentSchema,
  createPaymentIntentSchema,
  deletedCountSchema,
  orderCreatedSchema,
  orderCreateSchema,
  orderListQuerySchema,
  orderListSchema,
  orderModifiedSchema,
  orderSchema,
  ordersCreateSchema,
  paymentIntentSchema,
  paymentsConfigSchema,
  testCardResultSchema,
  testCardSchema,
} from './orders/orders.js';
import {
  productDeletedSchema,
  productListSchema,
  productOpenOrdersSchema,
  productSchema,
} from './catalog/products.js';
import { reviewListSchema, reviewSchema } from './reviews/reviews.js';
import {
  lookupRequestSchema,
  lookupResultSchema,
  orderListCreatedSchema,
  orderListCreateSchema,
  savedOrderListsSchema,
  orderListUpdatedSchema,
  orderListUpdateSchema,
} from './orders/order-lists.js';
import {
  companyAccountModifiedSchema,
  holdInputSchema,
  invoicePaymentInputSchema,
  markPaidBodySchema,
  invoicePaymentListSchema,
  invoicePaymentRecordedSchema,
  statementQuerySchema,
  statementSchema,
  termsInputSchema,
  termsModifiedSchema,
} from './companies/on-account.js';
import {
  searchSynonymCreatedSchema,
  searchSynonymInputSchema,
  searchSynonymListSchema,
} from './catalog/search-synonyms.js';
import {
  accessTokenSchema,
  signInMethodsSchema,
  emailParamsSchema,
  modifiedCountSchema,
  profileUpdatedSchema,
  profileUpdateSchema,
  userListSchema,
  userSchema,
  userSignInSchema,
} from './accounts/users.js';
import {
  companyCreatedSchema,
  companyCreateSchema,
  companyInvitationParamsSchema,
  companyListQuerySchema,
  companyListSchema,
  companyMemberParamsSchema,
  companyOrderListQuerySchema,
  companyUpdatedSchema,
  companyUpdateSchema,
  companyWithMembersSchema,
  invitationAcceptedSchema,
  invitationCreatedSchema,
  invitationCreateSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationCompanySchema,
  invitationTokenParamsSchema,
  memberUpdatedSchema,
  memberUpdateSchema,
  orderRejectSchema,
} from './companies/companies.js';
import {
  quoteAcceptedSchema,
  quoteAcceptSchema,
  quoteCreatedSchema,
  quoteCreateSchema,
  quoteListQuerySchema,
  quoteListSchema,
  quoteModifiedSchema,
  quoteOfferSchema,
  quoteReRequestSchema,
  quoteSchema,
} from './quotes/quotes.js';

/*
 * The API contract: every call the web app makes, keyed by its method and its address under
 * /api (the address as Fastify declares it, `:id` for a path parameter), with the schemas of
 * its request and of its success answer. Both sides read it:
 * - the server's route declarations take their schemas from it (apps/server/src/http/route.ts
 *   `fromContract`), and a test holds every entry against the registered route
 *   (apps/server/src/http/contract.test.ts);
 * - the web app calls the API only through `callApi` (apps/web/src/lib/api-client.ts), whose
 *   arguments and answer are typed from the entry. A changed answer here fails the web's type
 *   check wherever it is read.
 * The key is the address itself, as openapi-fetch does it, so the browser needs no table at
 * run time: the web app imports this file's types only, never its schemas (the home page
 * carries no zod).
 */

/** What a contract entry may say about one call. */
export interface Endpoint {
  /** The path parameters (`:id`). */
  params?: z.ZodType;
  /** The query string, as parsed. */
  querystring?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** The body of the success answer (a file's content for `file`). */
  response: z.ZodType;
  /** The success status when it is not 200. */
  status?: 201;
  /** The call answers a file of this type instead of JSON. */
  file?: string;
  /** The call takes a multipart form (an upload) instead of JSON. */
  multipart?: true;
}

/** `POST /api/product`: the new product and its id. */
export const productCreatedSchema = z.object({ insertedId: z.string(), product: productSchema });
/** `PUT /api/products/{id}`. */
export const productUpdatedSchema = z.object({
  modifiedCount: z.number(),
  product: productSchema,
});
/** `POST /api/reviews`: the review as the list shows it. */
export const reviewCreatedSchema = z.object({ insertedId: z.string(), review: reviewSchema });
/** `PUT /api/ship/{id}`: Fastify reads an absent body as null, shipping without tracking. */
export const shipBodySchema = shipInputSchema.nullish();
/** `GET /api/orders/{id}/invoice`: a PDF file. */
export const pdfFileSchema = z.string();
/** `GET /api/quotes/{id}/attachment`: the artwork file, as a download. */
export const quoteAttachmentFileSchema = z.string();

export const apiContract = {
  // Products and uploads.
  'GET /products': { querystring: productListQuerySchema, response: productListSchema },
  'GET /products/facets': { querystring: productFacetsQuerySchema, response: productFacetsSchema },
  'GET /products/:id': { params: idParamsSchema, response: productSchema },
  'POST /product': { body: productInputSchema, response: productCreatedSchema },
  'PUT /products/:id': {
    params: idParamsSchema,
    body: productUpdateSchema,
    response: productUpdatedSchema,
  },
  'GET /products/:id/open-orders': { params: idParamsSchema, response: productOpenOrdersSchema },
  'DELETE /products/:id': { params: idParamsSchema, response: productDeletedSchema },
  'POST /uploads': { response: uploadResultSchema, multipart: true },

  // Quick order and saved order lists (DESIGN.md section 14).
  'POST /products/lookup': { body: lookupRequestSchema, response: lookupResultSchema },
  'GET /order-lists': { response: savedOrderListsSchema },
  'POST /order-lists': {
    body: orderListCreateSchema,
    response: orderListCreatedSchema,
    status: 201,
  },
  'PUT /order-lists/:id': {
    params: idParamsSchema,
    body: orderListUpdateSchema,
    response: orderListUpdatedSchema,
  },
  'DELETE /order-lists/:id': { params: idParamsSchema, response: deletedCountSchema },

  // Search synonyms (admins).
  'GET /search-synonyms': { response: searchSynonymListSchema },
  'POST /search-synonyms': { body: searchSynonymInputSchema, response: searchSynonymCreatedSchema },
  'DELETE /search-synonyms/:id': { params: idParamsSchema, response: deletedCountSchema },

  // Reviews.
  'GET /reviews': { querystring: pagedListQuerySchema, response: reviewListSchema },
  'POST /reviews': { body: reviewCreateSchema, response: reviewCreatedSchema },
  'DELETE /reviews/:id': { params: idParamsSchema, response: deletedCountSchema },

  // Users.
  'PUT /user/:email': {
    params: emailParamsSchema,
    body: userSignInSchema,
    response: accessTokenSchema,
  },
  'GET /user/:email': { params: emailParamsSchema, response: userSchema },
  'GET /sign-in-methods': { response: signInMethodsSchema },
  'PUT /profile/:email': {
    params: emailParamsSchema,
    body: profileUpdateSchema,
    response: profileUpdatedSchema,
  },
  'GET /users': { querystring: adminUserListQuerySchema, response: userListSchema },
  'PUT /user/admin/:email': { params: emailParamsSchema, response: modifiedCountSchema },
  'PUT /user/user/:email': { params: emailParamsSchema, response: modifiedCountSchema },

  // Orders.
  'POST /order': { body: orderCreateSchema, response: orderCreatedSchema },
  'POST /orders': { body: ordersCreateSchema, response: orderCreatedSchema, status: 201 },
  'GET /order': { querystring: orderListQuerySchema, response: orderListSchema },
  'GET /orders/:id': { params: idParamsSchema, response: orderSchema },
  'GET /orders': { querystring: adminOrderListQuerySchema, response: orderListSchema },
  'PUT /order/:id': {
    params: idParamsSchema,
    body: markPaidBodySchema,
    response: orderModifiedSchema,
  },
  'PUT /ship/:id': { params: idParamsSchema, body: shipBodySchema, response: orderModifiedSchema },
  'PUT /orders/:id/shipment': {
    params: idParamsSchema,
    body: shipInputSchema,
    response: orderModifiedSchema,
  },
  'DELETE /orders/:id': { params: idParamsSchema, response: deletedCountSchema },
  'GET /orders/:id/invoice': {
    params: idParamsSchema,
    response: pdfFileSchema,
    file: 'application/pdf',
  },

  // Payments.
  'GET /payments/config': { response: paymentsConfigSchema },
  'POST /create-payment-intent': { body: createPaymentIntentSchema, response: paymentIntentSchema },
  'PATCH /order/:id': {
    params: idParamsSchema,
    body: confirmPaymentSchema,
    response: orderModifiedSchema,
  },
  'POST /payments/test/confirm': { body: testCardSchema, response: testCardResultSchema },

  // Companies, members, invitations and approvals (DESIGN.md section 12).
  'POST /companies': { body: companyCreateSchema, response: companyCreatedSchema, status: 201 },
  'GET /companies/mine': { response: companyWithMembersSchema },
  'GET /companies': { querystring: companyListQuerySchema, response: companyListSchema },
  'GET /companies/:id': { params: idParamsSchema, response: companyWithMembersSchema },
  'PATCH /companies/:id': {
    params: idParamsSchema,
    body: companyUpdateSchema,
    response: companyUpdatedSchema,
  },
  'PATCH /companies/:id/members/:userId': {
    params: companyMemberParamsSchema,
    body: memberUpdateSchema,
    response: memberUpdatedSchema,
  },
  'DELETE /companies/:id/members/:userId': {
    params: companyMemberParamsSchema,
    response: deletedCountSchema,
  },
  'POST /companies/:id/invitations': {
    params: idParamsSchema,
    body: invitationCreateSchema,
    response: invitationCreatedSchema,
    status: 201,
  },
  'GET /companies/:id/invitations': { params: idParamsSchema, response: invitationListSchema },
  'DELETE /companies/:id/invitations/:invitationId': {
    params: companyInvitationParamsSchema,
    response: deletedCountSchema,
  },
  'GET /invitations/:token': {
    params: invitationTokenParamsSchema,
    response: invitationPreviewSchema,
  },
  'GET /invitations/:token/company': {
    params: invitationTokenParamsSchema,
    response: invitationCompanySchema,
  },
  'POST /invitations/:token/accept': {
    params: invitationTokenParamsSchema,
    response: invitationAcceptedSchema,
  },
  'GET /companies/:id/orders': {
    params: idParamsSchema,
    querystring: companyOrderListQuerySchema,
    response: orderListSchema,
  },
  'POST /orders/:id/approve': { params: idParamsSchema, response: orderModifiedSchema },
  'POST /orders/:id/reject': {
    params: idParamsSchema,
    body: orderRejectSchema,
    response: orderModifiedSchema,
  },

  // Paying on account (DESIGN.md section 13). The statement's CSV is made by the web app.
  'PUT /companies/:id/terms': {
    params: idParamsSchema,
    body: termsInputSchema,
    response: termsModifiedSchema,
  },
  'PUT /companies/:id/hold': {
    params: idParamsSchema,
    body: holdInputSchema,
    response: companyAccountModifiedSchema,
  },
  'GET /companies/:id/statement': {
    params: idParamsSchema,
    querystring: statementQuerySchema,
    response: statementSchema,
  },
  'POST /orders/:id/invoice-payment': { params: idParamsSchema, response: orderModifiedSchema },
  'POST /orders/:id/invoice-payments': {
    params: idParamsSchema,
    body: invoicePaymentInputSchema,
    response: invoicePaymentRecordedSchema,
    status: 201,
  },
  'GET /orders/:id/invoice-payments': {
    params: idParamsSchema,
    response: invoicePaymentListSchema,
  },
  // Quotes (DESIGN.md section 14).
  'POST /quotes': { body: quoteCreateSchema, response: quoteCreatedSchema, status: 201 },
  'GET /quotes': { querystring: quoteListQuerySchema, response: quoteListSchema },
  'GET /quotes/:id': { params: idParamsSchema, response: quoteSchema },
  'POST /quotes/:id/attachment': {
    params: idParamsSchema,
    response: quoteModifiedSchema,
    multipart: true,
  },
  'GET /quotes/:id/attachment': {
    params: idParamsSchema,
    response: quoteAttachmentFileSchema,
    file: 'application/octet-stream',
  },
  'PUT /quotes/:id/offer': {
    params: idParamsSchema,
    body: quoteOfferSchema,
    response: quoteModifiedSchema,
  },
  'POST /quotes/:id/accept': {
    params: idParamsSchema,
    body: quoteAcceptSchema,
    response: quoteAcceptedSchema,
  },
  'POST /quotes/:id/decline': { params: idParamsSchema, response: quoteModifiedSchema },
  'POST /quotes/:id/request-again': {
    params: idParamsSchema,
    body: quoteReRequestSchema,
    response: quoteModifiedSchema,
  },

  // The identity service (Better Auth's catch-all, described by auth/identity-docs.ts).
  'POST /auth/sign-up/email': { body: signUpBodySchema, response: signUpResultSchema },
  'POST /auth/sign-in/email': { body: signInBodySchema, response: signInResultSchema },
  'POST /auth/sign-in/social': { body: socialSignInBodySchema, response: socialSignInResultSchema },
  'POST /auth/sign-out': { body: signOutBodySchema, response: signOutResultSchema },
  'GET /auth/get-session': { response: identitySessionResultSchema },
  'POST /auth/request-password-reset': {
    body: passwordResetRequestSchema,
    response: passwordResetRequestedSchema,
  },
  'POST /auth/reset-password': { body: passwordResetSchema, response: identityStatusSchema },
  'POST /auth/send-verification-email': {
    body: verificationMailRequestSchema,
    response: identityStatusSchema,
  },
  'POST /auth/update-user': { body: identityUpdateSchema, response: identityStatusSchema },
} as const satisfies Record<string, Endpoint>;

export type ApiContract = typeof apiContract;
export type EndpointKey = keyof ApiContract;

/*
 * The types a caller of the contract works with. The body is what the client sends (the
 * schema's input); the query is the parsed query's fields, each sent as text and any of them
 * left out; the answer is what the server sends (the schema's output).
 */
type Schema<K extends EndpointKey, P extends keyof Endpoint> =
  ApiContract[K] extends Record<P, infer S extends z.ZodType> ? S : never;

/** The path parameters of a call. */
export type EndpointParams<K extends EndpointKey> = z.input<Schema<K, 'params'>>;
/** The query of a call. */
export type EndpointQuery<K extends EndpointKey> = Partial<z.output<Schema<K, 'querystring'>>>;
/** The JSON body of a call. */
export type EndpointBody<K extends EndpointKey> = z.input<Schema<K, 'body'>>;
/** The success answer of a call. */
export type EndpointResponse<K extends EndpointKey> = z.output<ApiContract[K]['response']>;
/** Whether a call has this part (`params`, `querystring`, `body`, `file`, `multipart`). */
export type EndpointHas<
  K extends EndpointKey,
  P extends keyof Endpoint,
> = P extends keyof ApiContract[K] ? true : false;

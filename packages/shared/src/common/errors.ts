import { z } from 'zod';
import { b2bErrorStatus } from '../catalog/b2b-rules.js';
import { idempotencyErrorStatus } from '../orders/idempotency.js';
import { identityErrorStatus } from '../accounts/identity.js';
import { orderLimitErrorStatus } from '../orders/order-limits.js';
import { stockErrorStatus } from '../catalog/stock.js';
import { invoiceErrorStatus } from '../orders/invoice.js';
import { companyErrorStatus } from '../companies/company-messages.js';
import { orderListErrorStatus } from '../orders/order-lists.js';
import { onAccountErrorStatus } from '../companies/on-account-words.js';
import { quoteErrorStatus } from '../quotes/quote-messages.js';

/** Error codes the API answers with, and the HTTP status each one maps to. */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  order_cancelled: 409,
  too_many_unpaid_orders: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  /** Every invoice renderer is busy and its queue is full (Retry-After says when to retry). */
  invoice_busy: 503,
  ...idempotencyErrorStatus,
  ...identityErrorStatus,
  ...stockErrorStatus,
  ...b2bErrorStatus,
  ...orderLimitErrorStatus,
  ...invoiceErrorStatus,
  ...companyErrorStatus,
  ...orderListErrorStatus,
  ...onAccountErrorStatus,
  ...quoteErrorStatus,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** The one shape of every error answer: `{"error":{"code","message","fields"?}}`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * A conflict's current figures, named like the fields they are about: a stock edit made
     * against a changed stock (`stock_changed`) carries `{aqty: 700}`, the stock now.
     */
    current: z.record(z.string(), z.number()).optional(),
  }),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

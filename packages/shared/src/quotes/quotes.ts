import { z } from 'zod';
import { decimalInput, numberMessages, wholeNumberInput } from '../common/numbers.js';
import { adminUserListQuerySchema } from '../lists/list-queries.js';
import { MAX_ORDER_QUANTITY } from '../orders/order-quantity.js';
import { orderSchema, ordersCreateSchema } from '../orders/orders.js';
import {
  MAX_QUOTE_EXTRA_LINES,
  MAX_QUOTE_LINES,
  QUOTE_ATTACHMENT_TYPES,
  QUOTE_EXTRA_LINE_MAX_LENGTH,
  QUOTE_HISTORY_KINDS,
  QUOTE_NOTE_MAX_LENGTH,
  QUOTE_STATUSES,
  quoteMessages,
} from './quote-messages.js';

/*
 * The shapes of DESIGN.md section 14's quotes. Money is in dollars on the wire, in cents in the
 * database, as everywhere in the shop.
 */

const productIdField = z
  .string({ message: 'Choose a product' })
  .min(1, 'Choose a product')
  .max(64, 'Choose a product');

const quantityField = wholeNumberInput(
  z
    .number(numberMessages('Quantity is required', 'Quantity must be a whole number'))
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ORDER_QUANTITY, 'Quantity is too large'),
  'Quantity',
);

/** Several lines of text: breaks kept as \n, no other control character. */
const longText = (max: number, tooLong: string) =>
  z
    .string()
    .max(max, tooLong)
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .regex(
          /^[^\p{Cc}\u2028\u2029]*(\n[^\p{Cc}\u2028\u2029]*)*$/u,
          'Text must not contain control characters',
        ),
    );

/** Lines naming each product once, 1 to MAX_QUOTE_LINES of them. */
function linesOf<T extends z.ZodObject<{ productId: typeof productIdField }>>(line: T) {
  return z
    .array(line, { message: quoteMessages.noLines })
    .min(1, quoteMessages.noLines)
    .max(MAX_QUOTE_LINES, quoteMessages.tooManyLines)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((entry, index) => {
        const { productId } = entry as { productId: string };
        if (seen.has(productId)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'productId'],
            message: quoteMessages.duplicateLine,
          });
        }
        seen.add(productId);
      });
    });
}

/**
 * `POST /api/quotes`: lines beyond the stock, the minimum or the pack size are allowed (that is
 * what a quote is for); the products must exist. `note` up to 2,000 characters.
 */
export const quoteCreateSchema = z
  .object({
    lines: linesOf(z.object({ productId: productIdField, quantity: quantityField }).strict()),
    note: longText(QUOTE_NOTE_MAX_LENGTH, quoteMessages.noteTooLong).optional().default(''),
  })
  .strict();
export type QuoteCreate = z.input<typeof quoteCreateSchema>;
export type ValidQuoteCreate = z.output<typeof quoteCreateSchema>;

/** An amount in dollars: above 0, at most $999,999.99, at most 2 decimals. */
const dollarsField = (invalid: string, field: string) =>
  decimalInput(
    z
      .number({ error: invalid })
      .refine(Number.isFinite, invalid)
      .pipe(
        z
          .number()
          .min(0.01, invalid)
          .max(999_999.99, invalid)
          .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, invalid),
      ),
    field,
  );

/** A unit price in dollars: above 0, at most 2 decimals. */
const unitPriceField = dollarsField(quoteMessages.unitPriceInvalid, 'Unit price');

/**
 * An offer's line that is not a product (issue 33, defect 21): a setup or tooling fee, one line
 * of the order on accept, with a description and an amount; no SKU, no stock.
 */
export const quoteExtraLineSchema = z
  .object({
    description: z
      .string({ error: quoteMessages.extraLineDescriptionRequired })
      .transform((text) => text.trim())
      .pipe(
        z
          .string()
          .min(1, quoteMessages.extraLineDescriptionRequired)
          .max(QUOTE_EXTRA_LINE_MAX_LENGTH, quoteMessages.extraLineDescriptionTooLong)
          .regex(/^[^\p{Cc}\u2028\u2029]*$/u, 'Text must not contain control characters'),
      ),
    amount: dollarsField(quoteMessages.extraLineAmountInvalid, 'Amount'),
  })
  .strict();

/**
 * `PUT /api/quotes/{id}/offer` (shop admins): the lines offered with their unit prices (the
 * quantities may differ from the request's), until when, and a message. `validUntil` after now
 * is checked by the server against its clock.
 */
export const quoteOfferSchema = z
  .object({
    lines: linesOf(
      z
        .object({ productId: productIdField, quantity: quantityField, unitPrice: unitPriceField })
        .strict(),
    ),
    extraLines: z
      .array(quoteExtraLineSchema, { error: quoteMessages.tooManyExtraLines })
      .max(MAX_QUOTE_EXTRA_LINES, quoteMessages.tooManyExtraLines)
      .optional()
      .default([]),
    validUntil: z.iso.datetime({ offset: true, error: quoteMessages.validUntilInvalid }),
    message: longText(QUOTE_NOTE_MAX_LENGTH, quoteMessages.messageTooLong).optional().default(''),
  })
  .strict();
export type QuoteOffer = z.input<typeof quoteOfferSchema>;
export type ValidQuoteOffer = z.output<typeof quoteOfferSchema>;

const acceptShape = ordersCreateSchema.pick({ phone: true, address: true, poNumber: true }).shape;

/**
 * `POST /api/quotes/{id}/accept`: the delivery details as at checkout. `offerVersion` (optional)
 * is the version of the offer the buyer read: when the offer changed since, 409 `quote_changed`
 * instead of an order at prices the buyer never saw.
 */
export const quoteAcceptSchema = z
  .object({
    ...acceptShape,
    offerVersion: z
      .number({ error: 'offerVersion must be a whole number' })
      .int('offerVersion must be a whole number')
      .min(1, 'offerVersion must be a whole number')
      .max(1_000_000, 'offerVersion must be a whole number')
      .optional(),
  })
  .strict();
export type QuoteAccept = z.input<typeof quoteAcceptSchema>;
export type ValidQuoteAccept = z.output<typeof quoteAcceptSchema>;

/**
 * `POST /api/quotes/{id}/request-again` (the buyer or an admin of their company): a new offer
 * asked for, with what should change; the quote goes back to `requested` and the offer it had
 * goes into its history. `offerVersion` as for an accept (409 `quote_changed` when it moved on).
 */
export const quoteReRequestSchema = z
  .object({
    message: longText(QUOTE_NOTE_MAX_LENGTH, quoteMessages.messageTooLong).pipe(
      z.string().min(1, quoteMessages.newOfferMessageRequired),
    ),
    offerVersion: z
      .number({ error: 'offerVersion must be a whole number' })
      .int('offerVersion must be a whole number')
      .min(1, 'offerVersion must be a whole number')
      .max(1_000_000, 'offerVersion must be a whole number')
      .optional(),
  })
  .strict();
export type QuoteReRequest = z.input<typeof quoteReRequestSchema>;
export type ValidQuoteReRequest = z.output<typeof quoteReRequestSchema>;

export const quoteStatusSchema = z.enum(QUOTE_STATUSES);

export const quoteLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
});

export const quoteOfferLineSchema = quoteLineSchema.extend({
  unitPrice: z.number(),
  lineTotal: z.number(),
});

/** An offer as the API answers it (the current one, or one kept in the history). */
export const quoteOfferViewSchema = z.object({
  lines: z.array(quoteOfferLineSchema),
  /** Lines that are not products: a description and an amount (issue 33, defect 21). */
  extraLines: z.array(z.object({ description: z.string(), amount: z.number() })),
  total: z.number(),
  validUntil: z.string(),
  message: z.string(),
  /** 1 for the first offer, one more for each new one. */
  version: z.number().int(),
  offeredAt: z.string(),
});
export type QuoteOfferView = z.infer<typeof quoteOfferViewSchema>;

/** What happened to a quote (migration 0032), oldest first. */
export const quoteHistoryEntrySchema = z.object({
  kind: z.enum(QUOTE_HISTORY_KINDS),
  at: z.string(),
  /** The buyer's message (a new offer asked for), or the approver's reason (an order rejected). */
  message: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** The offer the buyer had when they asked for a new one. */
  offer: quoteOfferViewSchema.nullable(),
});

/**
 * What a shop admin prices an offer with (issue 33, defects 3 and 21), one per product the
 * request or offer names: its SKU, list price, price breaks and the stock now. Only shop admins
 * get it.
 */
export const quoteProductFactsSchema = z.object({
  productId: z.string(),
  sku: z.string().nullable(),
  name: z.string(),
  listPrice: z.number(),
  priceBreaks: z.array(z.object({ minQty: z.number().int(), price: z.number() })),
  stock: z.number().int(),
  archived: z.boolean(),
});
export type QuoteProductFacts = z.infer<typeof quoteProductFactsSchema>;

/** A quote as every call answers it. */
export const quoteSchema = z.object({
  _id: z.string(),
  /** The quote's number, `Q-10001` (sequential, migration 0032). */
  reference: z.string(),
  status: quoteStatusSchema,
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  companyId: z.string().nullable(),
  /** The name of the buyer's company (when they asked as a member of one). */
  companyName: z.string().nullable(),
  note: z.string(),
  lines: z.array(quoteLineSchema),
  attachment: z
    .object({
      filename: z.string(),
      contentType: z.enum(QUOTE_ATTACHMENT_TYPES),
      size: z.number().int(),
      uploadedAt: z.string(),
    })
    .nullable(),
  offer: quoteOfferViewSchema.nullable(),
  orderId: z.string().nullable(),
  history: z.array(quoteHistoryEntrySchema),
  /** For shop admins only (absent for anyone else): the facts of each product named. */
  products: z.array(quoteProductFactsSchema).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteListSchema = z.array(quoteSchema);

/** `POST /api/quotes`. */
export const quoteCreatedSchema = z.object({ insertedId: z.string(), quote: quoteSchema });
/** The offer, a decline, an attachment, a new offer asked for. */
export const quoteModifiedSchema = z.object({
  modifiedCount: z.number().int(),
  quote: quoteSchema,
  /**
   * What the shop admin should know about the offer just sent, not refusals (issue 33, defect
   * 3): a line offering more than the stock, named by its field (`lines.N.quantity`).
   */
  warnings: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
/** `POST /api/quotes/{id}/accept`: the quote and the order it made. */
export const quoteAcceptedSchema = z.object({
  modifiedCount: z.number().int(),
  quote: quoteSchema,
  order: orderSchema,
});

const blankIsAbsent = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * `GET /api/quotes?status=&q=&page=&limit=`: the caller's quotes (and a company admin's
 * company's); a shop admin's: all. `q` finds a reference, a buyer's name or address, a note.
 */
export const quoteListQuerySchema = adminUserListQuerySchema.extend({
  status: z.preprocess(
    blankIsAbsent,
    z
      .enum(QUOTE_STATUSES, { error: `status must be one of ${QUOTE_STATUSES.join(', ')}` })
      .optional(),
  ),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

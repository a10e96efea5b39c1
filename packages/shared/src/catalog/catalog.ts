import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_MIN_LENGTH } from '../common/constants.js';
import { messages } from '../common/messages.js';
import { decimalInput, numberMessages, wholeNumberInput } from '../common/numbers.js';
import { checkProductRules, productB2bFields } from './product-rules.js';
import { stockEditMessages } from './stock-edit.js';

export const MAX_PRODUCT_PRICE = 1_000_000;
export const MAX_STOCK = 10_000_000;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * A number typed into a form arrives as a string: both are accepted (DESIGN.md section 4), but
 * only as plain digits ("12", or "12.50" where money is meant), never "0x0c", "1.2e1" or [12].
 */
const numberField = (
  label: string,
  input: typeof wholeNumberInput,
  invalid = `${label} must be a number`,
) =>
  input(
    z.number(numberMessages(`${label} is required`, invalid)).refine(Number.isFinite, invalid),
    label,
  );

// "250.5" or "1e3" in a count is told it must be a whole number, not that it is no number.
const wholeNumber = (label: string) =>
  numberField(label, wholeNumberInput, `${label} must be a whole number`).pipe(
    z
      .number()
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(MAX_STOCK, `${label} is too large`),
  );

/** An image address: one of ours (/images/…, /uploads/…) or an https/http URL. */
export const imageUrlField = z
  .string({ message: 'Image URL is required' })
  .trim()
  .min(1, 'Image URL is required')
  .max(2000, 'Image URL is too long')
  .refine(
    (url) => /^\/(images|uploads)\/[\w./-]+$/.test(url) || /^https?:\/\/[^\s]+$/i.test(url),
    'Enter an image address starting with https:// (or upload an image)',
  );

/**
 * A product's fields, as `POST /api/product` and `PUT /api/products/{id}` take them. PUT
 * replaces the product: a B2B field it leaves out takes its default, as on create (the Edit
 * Product form always sends them all).
 *
 * The stock may be any whole number from 0, below the minimum too (0 is "sold out"): the minimum
 * is a rule for an order (`quantityIssue`), not for what the warehouse holds (issue 22, review
 * defect 7).
 */
const productFields = z.object({
  name: z
    .string({ message: 'Product Name is required' })
    .trim()
    .min(1, 'Product Name is required')
    .max(120, 'Product Name must be at most 120 characters'),
  description: z
    .string()
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .default(''),
  imgURL: imageUrlField,
  price: numberField('Price', decimalInput).pipe(
    z
      .number()
      .gt(0, 'Price must be more than 0')
      .max(MAX_PRODUCT_PRICE, 'Price is too large')
      .refine(
        (p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6,
        'Price can have at most 2 decimals',
      ),
  ),
  aqty: wholeNumber('Available Quantity'),
  minquantity: wholeNumber('MinimumQuantity'),
  ...productB2bFields,
});

/** `POST /api/product`. */
export const productInputSchema = productFields.superRefine(checkProductRules);

/**
 * `PUT /api/products/{id}`: the product's fields, and `expectedAqty`, the stock the edit form
 * opened with. With it, a changed `aqty` is written only if the stock is still that figure, in
 * the same statement (a 409 `stock_changed` with the figure now, otherwise), so an order placed
 * while the form was open is never counted twice. Without it (a client that predates it), `aqty`
 * is written as sent: a stock count. Docs: docs/decisions/2026-11-26-stock-edit-against-the-figure-seen.md.
 */
export const productUpdateSchema = productFields
  .extend({
    expectedAqty: wholeNumberInput(
      z
        .number(numberMessages(stockEditMessages.expectedWhole, stockEditMessages.expectedWhole))
        .refine(Number.isFinite, stockEditMessages.expectedWhole)
        .pipe(
          z
            .number()
            .int(stockEditMessages.expectedWhole)
            .min(0, stockEditMessages.expectedWhole)
            .max(MAX_STOCK, stockEditMessages.expectedWhole),
        )
        .optional(),
      'Available Quantity',
    ),
  })
  .superRefine(checkProductRules);
export type ProductUpdate = z.input<typeof productUpdateSchema>;

export type ProductInput = z.input<typeof productInputSchema>;

/** `POST /api/reviews`: time, author and reviewer name come from the server and the token. */
export const reviewCreateSchema = z.object({
  rating: numberField('Rating', wholeNumberInput).pipe(
    z
      .number()
      .int(messages.ratingHint)
      .min(RATING_MIN, messages.ratingHint)
      .max(RATING_MAX, messages.ratingHint),
  ),
  review: z
    .string({ message: messages.reviewRequired })
    .trim()
    .min(1, messages.reviewRequired)
    .min(REVIEW_MIN_LENGTH, messages.reviewTooShort)
    .max(2000, 'Review must be at most 2000 characters'),
  time: z.unknown().optional(),
  user: z.unknown().optional(),
  reviewer: z.unknown().optional(),
});
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

export const uploadResultSchema = z.object({ url: z.string() });

import { formatQuantity } from '../common/format.js';
import { z } from 'zod';
import { MAX_PRICE_BREAKS, MAX_SPECS } from './b2b-rules.js';
import { DEFAULT_CATEGORY, PRODUCT_CATEGORIES, categoryLabels } from './categories.js';
import { decimalInput, numberMessages, wholeNumberInput } from '../common/numbers.js';

/**
 * The B2B fields of `POST /api/product` and `PUT /api/products/{id}` (DESIGN.md section 9):
 * category, SKU, specs, pack size and price breaks, with the rules that tie them to the price
 * and the minimum. The server and the Add/Edit Product form check them with this one schema.
 */

export const MAX_INCREMENT = 10_000;
export const SKU_MAX_LENGTH = 40;
export const SPEC_NAME_MAX_LENGTH = 60;
export const SPEC_VALUE_MAX_LENGTH = 200;
/** Same bound as a product's stock: a break above it could never be reached. */
const MAX_BREAK_QTY = 10_000_000;
const MAX_BREAK_PRICE = 1_000_000;

const categoryList = PRODUCT_CATEGORIES.map((c) => categoryLabels[c]).join(', ');

export const productRuleMessages = {
  category: `Choose a category: ${categoryList}`,
  skuTooLong: `SKU must be at most ${SKU_MAX_LENGTH} characters`,
  skuCharacters: 'SKU can only have letters, digits, "-", "_" and "."',
  skuTaken: 'Another product already has this SKU',
  specNameRequired: 'Spec name is required',
  specNameTooLong: `Spec name must be at most ${SPEC_NAME_MAX_LENGTH} characters`,
  specValueRequired: 'Spec value is required',
  specValueTooLong: `Spec value must be at most ${SPEC_VALUE_MAX_LENGTH} characters`,
  specNameRepeated: 'Each spec name can be used only once',
  tooManySpecs: `A product can have at most ${MAX_SPECS} specs`,
  incrementWhole: 'Pack size must be a whole number',
  incrementMin: 'Pack size must be at least 1',
  incrementMax: `Pack size must be at most ${formatQuantity(MAX_INCREMENT)}`,
  minimumNotPackMultiple: (increment: number) =>
    `MinimumQuantity must be a multiple of the pack size (${increment})`,
  tooManyBreaks: `A product can have at most ${MAX_PRICE_BREAKS} price breaks`,
  breakQtyRequired: 'Break quantity is required',
  breakQtyWhole: 'Break quantity must be a whole number',
  breakQtyTooLarge: 'Break quantity is too large',
  breakQtyAboveMinimum: (minquantity: number) =>
    `Break quantity must be more than the MinimumQuantity (${minquantity})`,
  breakQtyAscending: 'Break quantity must be more than the break before',
  breakQtyNotPackMultiple: (increment: number) =>
    `Break quantity must be a multiple of the pack size (${increment})`,
  breakPriceRequired: 'Break price is required',
  breakPriceNumber: 'Break price must be a number',
  breakPricePositive: 'Break price must be more than 0',
  breakPriceTooLarge: 'Break price is too large',
  breakPriceDecimals: 'Break price can have at most 2 decimals',
  breakPriceBelowPrice: 'Break price must be below the Price',
  breakPriceBelowPrevious: 'Break price must be below the break before',
} as const;

const m = productRuleMessages;

const hasCents = (p: number) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6;

/** A whole number as forms and JSON send it (see numbers.ts), with its own messages. */
const wholeField = (required: string, whole: string, field: string) =>
  wholeNumberInput(
    z
      .number(numberMessages(required, whole))
      .refine(Number.isFinite, whole)
      .pipe(z.number().int(whole)),
    field,
  );

const specRowSchema = z.object({
  name: z
    .string({ message: m.specNameRequired })
    .trim()
    .min(1, m.specNameRequired)
    .max(SPEC_NAME_MAX_LENGTH, m.specNameTooLong),
  value: z
    .string({ message: m.specValueRequired })
    .trim()
    .min(1, m.specValueRequired)
    .max(SPEC_VALUE_MAX_LENGTH, m.specValueTooLong),
});

const priceBreakRowSchema = z.object({
  minQty: wholeField(m.breakQtyRequired, m.breakQtyWhole, 'Break quantity').pipe(
    z.number().min(1, m.breakQtyWhole).max(MAX_BREAK_QTY, m.breakQtyTooLarge),
  ),
  price: decimalInput(
    z
      .number(numberMessages(m.breakPriceRequired, m.breakPriceNumber))
      .refine(Number.isFinite, m.breakPriceNumber),
    'Break price',
  ).pipe(
    z
      .number()
      .gt(0, m.breakPricePositive)
      .max(MAX_BREAK_PRICE, m.breakPriceTooLarge)
      .refine(hasCents, m.breakPriceDecimals),
  ),
});

/** The fields productInputSchema adds; all optional, with DESIGN.md's defaults. */
export const productB2bFields = {
  category: z.enum(PRODUCT_CATEGORIES, { message: m.category }).default(DEFAULT_CATEGORY),
  /** Trimmed; empty or missing is no SKU (null). Unique across the catalog (409 otherwise). */
  sku: z
    .string({ message: m.skuCharacters })
    .trim()
    .max(SKU_MAX_LENGTH, m.skuTooLong)
    .regex(/^[A-Za-z0-9._-]*$/, m.skuCharacters)
    .nullish()
    .transform((sku) => sku || null),
  specs: z
    .array(specRowSchema, { message: m.specNameRequired })
    .max(MAX_SPECS, m.tooManySpecs)
    .default([])
    .superRefine((specs, ctx) => {
      const seen = new Set<string>();
      specs.forEach((spec, index) => {
        const key = spec.name.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [index, 'name'], message: m.specNameRepeated });
        }
        seen.add(key);
      });
    }),
  /** Pack size: `minquantity`, every break and every order quantity are multiples of it. */
  increment: wholeNumberInput(
    z
      .number(numberMessages(m.incrementWhole, m.incrementWhole))
      .refine(Number.isFinite, m.incrementWhole)
      .pipe(
        z.number().int(m.incrementWhole).min(1, m.incrementMin).max(MAX_INCREMENT, m.incrementMax),
      )
      .optional(),
    'Pack size',
  ).transform((increment) => increment ?? 1),
  priceBreaks: z
    .array(priceBreakRowSchema, { message: m.breakQtyRequired })
    .max(MAX_PRICE_BREAKS, m.tooManyBreaks)
    .default([]),
};

interface RuleInput {
  price: number;
  minquantity: number;
  increment: number;
  priceBreaks: readonly { minQty: number; price: number }[];
}

/**
 * The rules between fields, once each field is valid on its own: the minimum and every break
 * are multiples of the pack size; breaks start above the minimum, go up in quantity and down
 * in price, each cheaper than the base price. Each issue names its field (`priceBreaks.1.price`).
 */
export function checkProductRules(product: RuleInput, ctx: z.RefinementCtx): void {
  const { increment } = product;
  // A pack size that is wrong on its own has its own message; nothing is a multiple of it.
  if (!Number.isInteger(increment) || increment < 1 || increment > MAX_INCREMENT) return;
  if (product.minquantity % increment !== 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['minquantity'],
      message: m.minimumNotPackMultiple(increment),
    });
  }
  let previous: { minQty: number; price: number } | undefined;
  product.priceBreaks.forEach((b, index) => {
    const at = (field: 'minQty' | 'price', message: string) =>
      ctx.addIssue({ code: 'custom', path: ['priceBreaks', index, field], message });
    if (b.minQty <= product.minquantity) at('minQty', m.breakQtyAboveMinimum(product.minquantity));
    else if (previous && b.minQty <= previous.minQty) at('minQty', m.breakQtyAscending);
    else if (b.minQty % increment !== 0) at('minQty', m.breakQtyNotPackMultiple(increment));
    if (b.price >= product.price) at('price', m.breakPriceBelowPrice);
    else if (previous && b.price >= previous.price) at('price', m.breakPriceBelowPrevious);
    previous = b;
  });
}

/** The Add/Edit Product form's hints and row editors' labels for the B2B fields. */
export const productFormMessages = {
  packSizeHint: 'Order quantities, the minimum and every break are multiples of it.',
  specsHint: 'Facts a buyer compares: form factor, dimensions, weight, wattage…',
  priceBreaksHint:
    'A lower unit price from a quantity on: each break above the minimum and cheaper than the one before.',
  addSpec: 'Add spec',
  addPriceBreak: 'Add price break',
  specName: (row: number) => `Spec ${row} name`,
  specValue: (row: number) => `Spec ${row} value`,
  removeSpec: (row: number) => `Remove spec ${row}`,
  breakQty: (row: number) => `Break ${row} from quantity`,
  breakPrice: (row: number) => `Break ${row} unit price`,
  removeBreak: (row: number) => `Remove price break ${row}`,
} as const;

import { describe, expect, it } from 'vitest';
import { MAX_PRICE_BREAKS, MAX_SPECS } from './b2b-rules.js';
import { productInputSchema } from './catalog.js';
import { productRuleMessages as m } from './product-rules.js';

const product = (fields: Record<string, unknown> = {}) => ({
  name: 'ForgeLine M3',
  imgURL: '/images/products/forgeline-m3-atx-mid-tower.svg',
  price: '48',
  aqty: '1200',
  minquantity: '50',
  ...fields,
});

/** The field errors of an input, keyed as the server answers them (`priceBreaks.1.price`). */
function fieldErrors(input: unknown): Record<string, string> {
  const result = productInputSchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('the B2B fields of a product', () => {
  it('default to a plain product: cases, no SKU, no specs, packs of 1, no breaks', () => {
    expect(productInputSchema.parse(product())).toMatchObject({
      category: 'cases',
      sku: null,
      specs: [],
      increment: 1,
      priceBreaks: [],
    });
    // What an empty form sends is the same as sending nothing.
    expect(
      productInputSchema.parse(product({ sku: '  ', increment: '', specs: [], priceBreaks: [] })),
    ).toMatchObject({ sku: null, increment: 1 });
  });

  it('take every field in the forms numbers arrive in, trimmed', () => {
    const parsed = productInputSchema.parse(
      product({
        category: 'power-supplies',
        sku: ' PC-750-GM ',
        specs: [{ name: ' Wattage ', value: '750 W ' }],
        increment: '10',
        priceBreaks: [
          { minQty: '100', price: '45.50' },
          { minQty: 250, price: 42 },
        ],
      }),
    );
    expect(parsed).toMatchObject({
      category: 'power-supplies',
      sku: 'PC-750-GM',
      specs: [{ name: 'Wattage', value: '750 W' }],
      increment: 10,
      priceBreaks: [
        { minQty: 100, price: 45.5 },
        { minQty: 250, price: 42 },
      ],
    });
  });

  it('refuses an unknown category and a SKU with other characters or too long', () => {
    expect(fieldErrors(product({ category: 'fans' }))).toEqual({ category: m.category });
    expect(fieldErrors(product({ sku: 'CF M3' }))).toEqual({ sku: m.skuCharacters });
    expect(fieldErrors(product({ sku: 'A'.repeat(41) }))).toEqual({ sku: m.skuTooLong });
    expect(fieldErrors(product({ sku: 42 }))).toEqual({ sku: m.skuCharacters });
  });

  it('refuses specs without a name or value, too long, repeated, or too many', () => {
    expect(
      fieldErrors(
        product({
          specs: [
            { name: 'Fans', value: '3 x 120 mm' },
            { name: ' ', value: 'x' },
            { name: 'fans', value: '4' },
            { name: 'Weight', value: '' },
            { name: 'N'.repeat(61), value: 'V'.repeat(201) },
          ],
        }),
      ),
    ).toEqual({
      'specs.1.name': m.specNameRequired,
      'specs.2.name': m.specNameRepeated,
      'specs.3.value': m.specValueRequired,
      'specs.4.name': m.specNameTooLong,
      'specs.4.value': m.specValueTooLong,
    });
    expect(
      fieldErrors(
        product({
          specs: [
            { name: 'Fans', value: '3' },
            { name: 'fans', value: '4' },
          ],
        }),
      ),
    ).toEqual({ 'specs.1.name': m.specNameRepeated });
    const many = Array.from({ length: MAX_SPECS + 1 }, (_, i) => ({ name: `S${i}`, value: 'v' }));
    expect(fieldErrors(product({ specs: many }))).toEqual({ specs: m.tooManySpecs });
  });

  it.each([
    ['0', m.incrementMin],
    ['10001', m.incrementMax],
    ['2.5', m.incrementWhole],
    ['1e1', m.incrementWhole],
    [null, m.incrementWhole],
  ])('refuses a pack size of %j', (increment, message) => {
    expect(fieldErrors(product({ increment }))).toEqual({ increment: message });
  });

  it('wants the minimum to be a multiple of the pack size', () => {
    expect(productInputSchema.parse(product({ increment: 25 })).increment).toBe(25);
    expect(fieldErrors(product({ increment: 20 }))).toEqual({
      minquantity: m.minimumNotPackMultiple(20),
    });
  });

  it('names the break that is out of order, not cheaper, or not a pack multiple', () => {
    expect(
      fieldErrors(
        product({
          increment: 10,
          priceBreaks: [
            { minQty: 50, price: 45 },
            { minQty: 100, price: 48 },
            { minQty: 100, price: 40 },
            { minQty: 205, price: 41 },
          ],
        }),
      ),
    ).toEqual({
      'priceBreaks.0.minQty': m.breakQtyAboveMinimum(50),
      'priceBreaks.1.price': m.breakPriceBelowPrice,
      'priceBreaks.2.minQty': m.breakQtyAscending,
      'priceBreaks.3.minQty': m.breakQtyNotPackMultiple(10),
      'priceBreaks.3.price': m.breakPriceBelowPrevious,
    });
  });

  it('checks each break on its own first: a number, 2 decimals, more than 0', () => {
    expect(
      fieldErrors(
        product({
          priceBreaks: [
            { minQty: '', price: '45.1234' },
            { minQty: '1.5', price: '0' },
            { minQty: 'ten', price: 'abc' },
          ],
        }),
      ),
    ).toEqual({
      'priceBreaks.0.minQty': m.breakQtyRequired,
      'priceBreaks.0.price': m.breakPriceDecimals,
      'priceBreaks.1.minQty': m.breakQtyWhole,
      'priceBreaks.1.price': m.breakPricePositive,
      'priceBreaks.2.minQty': m.breakQtyWhole,
      'priceBreaks.2.price': m.breakPriceNumber,
    });
    const many = Array.from({ length: MAX_PRICE_BREAKS + 1 }, (_, i) => ({
      minQty: 100 + i,
      price: 40 - i,
    }));
    expect(fieldErrors(product({ priceBreaks: many }))).toEqual({ priceBreaks: m.tooManyBreaks });
  });
});

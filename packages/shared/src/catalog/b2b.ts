import { z } from 'zod';
import { carrierName, normalizeTrackingNumber } from '../orders/carriers.js';
import { b2bMessages } from './b2b-rules.js';

/**
 * B2B ordering (DESIGN.md section 9): categories, pack sizes, volume price breaks, orders of
 * several lines, shipment tracking: the schemas. The rules without schemas are in `b2b-rules.ts`;
 * the server enforces them and the web app shows them before the buyer tries.
 */

export const specSchema = z.object({ name: z.string(), value: z.string() });
export type ProductSpec = z.infer<typeof specSchema>;

/** A volume price: from `minQty` pieces on, each costs `price` (dollars). */
export const priceBreakSchema = z.object({ minQty: z.number().int(), price: z.number() });
export type PriceBreak = z.infer<typeof priceBreakSchema>;

/** One line of an order, priced by the server when it was placed. */
export const orderLineSchema = z.object({
  /** Null once the product is deleted (the line keeps its name and prices). */
  productId: z.string().nullable(),
  productName: z.string(),
  /** The product's SKU when the line was placed (null: the product had none). */
  sku: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const shipmentSchema = z.object({
  carrier: z.string(),
  trackingNumber: z.string(),
  shippedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * `PUT /api/ship/{id}` and `PUT /api/orders/{id}/shipment`: the carrier and tracking number,
 * both or neither. A carrier of the list in any case is stored in its own spelling ('ups' is
 * 'UPS'); any other name is an 'Other' carrier, kept as sent (orders/carriers.ts).
 */
export const shipInputSchema = z
  .object({
    carrier: z
      .string()
      .trim()
      .max(60, 'Carrier must be at most 60 characters')
      .transform(carrierName)
      .optional(),
    trackingNumber: z
      .string()
      .max(60, 'Tracking number must be at most 60 characters')
      // Stored without spaces: `JD01 4600 0062 8123 4567` as printed on the label is one
      // number, and the carrier's link must carry it whole (ux 2026-11-28 #35).
      .transform(normalizeTrackingNumber)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const carrier = Boolean(value.carrier);
    const tracking = Boolean(value.trackingNumber);
    if (tracking && !carrier) {
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: b2bMessages.carrierRequired });
    }
    if (carrier && !tracking) {
      ctx.addIssue({
        code: 'custom',
        path: ['trackingNumber'],
        message: b2bMessages.trackingRequired,
      });
    }
  });
export type ShipInput = z.infer<typeof shipInputSchema>;

import { formatQuantity } from '../common/format.js';
import { z } from 'zod';
import { numberMessages, wholeNumberInput } from '../common/numbers.js';
import { orderLineSchema, shipmentSchema } from '../catalog/b2b.js';
import { b2bMessages, MAX_ORDER_LINES } from '../catalog/b2b-rules.js';
import { MAX_ORDER_QUANTITY, orderQuantityMessages } from './order-quantity.js';
import { ONE_LINE_PATTERN } from '../accounts/accounts.js';
import { billingFields, orderBillingSchema, orderInvoiceSchema } from './billing.js';
import { SEARCH_MAX_LENGTH } from '../lists/list-params.js';
import { APPROVAL_STATUSES } from '../companies/approval.js';

/**
 * Order states (DESIGN.md sections 5, 11 and 13): `invoiced` is paid on account, not yet paid
 * (section 13).
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'invoiced'] as const;
export const ORDER_STATUSES = ['pending', 'placed', 'shipped', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What the customer and the admin read about unpaid orders holding stock (DESIGN.md section 11). */
export const orderHoldMessages = {
  orderCancelled: 'This order was cancelled because it was not paid in time. Please order again.',
  tooManyUnpaidOrders: (max: number) =>
    `You already have ${max} unpaid orders. Please pay or delete one of them first.`,
  cancelledMailText: (
    productName: string,
    quantity: number,
    reason: 'expired' | 'product-removed',
  ) =>
    `Your order of ${formatQuantity(quantity)} x ${productName} was cancelled because ${reason === 'expired' ? 'it was not paid in time' : 'we no longer sell this product'}. You have not been charged for it.`,
  intentNotPayable: 'This payment can no longer be made: its order is gone, paid or cancelled.',
  paidByCardMeanwhile: 'The customer has just paid this order by card.',
  refundNeeded: 'Refund needed',
  chargedForDeletedOrder:
    'A card was charged for a deleted order: refund it at the payment gateway.',
  cancelled: 'Cancelled',
} as const;

/**
 * The time left to pay, readable: "1 day 23 h", "5 h 12 min", "8 min", "less than a minute".
 * `null` once the time has passed.
 */
export function formatTimeLeft(expiresAt: string, now: Date = new Date()): string | null {
  const minutes = Math.floor((new Date(expiresAt).getTime() - now.getTime()) / 60_000);
  if (Number.isNaN(minutes) || minutes < 0) return null;
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'}${hours > 0 ? ` ${hours} h` : ''}`;
  if (hours > 0) return `${hours} h${mins > 0 ? ` ${mins} min` : ''}`;
  return `${mins} min`;
}

const phoneField = z
  .string()
  .trim()
  .min(1, 'Phone is required')
  .max(30, 'Phone must be at most 30 characters')
  .regex(/^[+\d][\d\s().-]*$/, 'Enter a valid phone number');
const addressField = z
  .string()
  .trim()
  .min(1, 'Address is required')
  .max(500, 'Address must be at most 500 characters');
export const orderQuantityField = wholeNumberInput(
  z
    .number(numberMessages(orderQuantityMessages.required, orderQuantityMessages.notWhole))
    .int(orderQuantityMessages.notWhole)
    .min(1, orderQuantityMessages.atLeastOne)
    .max(MAX_ORDER_QUANTITY, orderQuantityMessages.tooLarge),
  'Quantity',
);

/**
 * How the buyer will pay, chosen when placing (ux 2026-11-28 #14): `card` (the payment page
 * follows, as always), or `on_account`, open to a member of a company with payment terms (DESIGN.md
 * section 13): the order is invoiced when placed, or when approved if it needs approval.
 */
export const PAYMENT_METHODS = ['card', 'on_account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodField = z
  .enum(PAYMENT_METHODS, { error: 'paymentMethod must be card or on_account' })
  .optional()
  .default('card');

/** The buyer's purchase-order number: optional, one line, at most 50 characters. */
const poNumberField = z
  .string()
  .trim()
  .max(50, b2bMessages.poNumberTooLong)
  .regex(ONE_LINE_PATTERN, b2bMessages.poNumberOneLine)
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * `POST /api/order`. The spec's client also sends orderPName, userEmail, userName and
 * orderPrice: they are accepted and ignored, because the server takes the owner from the token
 * and prices the order itself.
 */
export const orderCreateSchema = z.object({
  orderProduct: z.string().min(1, 'Choose a product').max(64),
  phone: phoneField,
  address: addressField,
  orderQty: orderQuantityField,
  /** As on the checkout (issue 22): the one-product order carries a PO number too. */
  poNumber: poNumberField,
  /** Card (the default) or on account (ux 2026-11-28 #14). */
  paymentMethod: paymentMethodField,
  orderPName: z.unknown().optional(),
  userEmail: z.unknown().optional(),
  userName: z.unknown().optional(),
  orderPrice: z.unknown().optional(),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/**
 * `POST /api/orders` (DESIGN.md section 9): 1 to 50 lines, each product once, placed all or
 * nothing. A refused line is named in `fields` as `lines.<index>.quantity`.
 */
export const ordersCreateSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string({ message: 'Choose a product' }).min(1, 'Choose a product').max(64),
        quantity: orderQuantityField,
      }),
      { message: b2bMessages.noLines },
    )
    .min(1, b2bMessages.noLines)
    .max(MAX_ORDER_LINES, b2bMessages.tooManyLines)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.productId)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'productId'],
            message: b2bMessages.duplicateLine,
          });
        }
        seen.add(line.productId);
      });
    }),
  phone: phoneField,
  address: addressField,
  poNumber: poNumberField,
  /** Card (the default) or on account (ux 2026-11-28 #14). */
  paymentMethod: paymentMethodField,
  /** Whom the invoice is made out to (optional; billing.ts). */
  ...billingFields,
});
export type OrdersCreate = z.input<typeof ordersCreateSchema>;
export type ValidOrdersCreate = z.infer<typeof ordersCreateSchema>;

/**
 * An order as every list and the payment page read it: the spec's names, plus the payment
 * page's own names for the same values (customerName, customerEmail).
 */
export const orderSchema = z.object({
  _id: z.string(),
  /** The number people read (`formatOrderNumber`): "CF-10234", sequential, unique. */
  orderNumber: z.string(),
  orderProduct: z.string().nullable(),
  orderPName: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  phone: z.string(),
  address: z.string(),
  orderQty: z.number().int(),
  /** Total in dollars: quantity times the unit price at the time of ordering. */
  orderPrice: z.number(),
  unitPrice: z.number(),
  paid: z.boolean(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
  transactionId: z.string().nullable(),
  trxId: z.string().nullable(),
  createdAt: z.string(),
  /** While unpaid: when the order is cancelled and its stock released (DESIGN.md section 11). */
  expiresAt: z.string().nullable(),
  /** Paid after it was cancelled and its stock was gone: the money must go back. */
  refundNeeded: z.boolean(),
  /** Every product of the order, priced when it was placed (DESIGN.md section 9). */
  lines: z.array(orderLineSchema),
  poNumber: z.string().nullable(),
  placedAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** Set when the admin shipped it with a carrier and tracking number. */
  shipment: shipmentSchema.nullable(),
  /**
   * Whom the invoice is made out to (billing.ts): a company member's order is billed to the
   * company as it was when the order was placed; another customer's as given at checkout.
   */
  billing: orderBillingSchema,
  /**
   * Marked paid by an admin for a bank transfer (Mark Paid's details, ux 2026-11-28 #15): when
   * the money was received; `transactionId` is then the transfer's reference. Null otherwise.
   * Defaults to null, so an order written before migration 0030 (an outbox row) still reads.
   */
  paymentReceivedAt: z.string().nullable().default(null),
  /** The invoice, issued when the order was paid; null before (a pro-forma only). */
  invoice: orderInvoiceSchema.nullable(),
  /** The company of the member who placed it (DESIGN.md section 12); null for a lone customer. */
  // Defaults: an order written before migration 0019 (an outbox row of the previous release
  // during a rolling upgrade) has none of these, and is an order of no company.
  companyId: z.string().nullable().default(null),
  /**
   * The company's name as it is now, in the lists that show it (Manage Order and Company
   * orders, ux 2026-11-28 #11); null outside a company. Absent from every other answer.
   */
  companyName: z.string().nullable().optional(),
  /** The member who placed a company order; null outside a company. */
  placedBy: z.object({ userId: z.string(), name: z.string() }).nullable().default(null),
  /** Whether it waits for a company admin (over the buyer's limit), and what they decided. */
  approvalStatus: z.enum(APPROVAL_STATUSES).default('not_required'),
  /**
   * How the buyer chose to pay when placing it (ux 2026-11-28 #14): `on_account` is invoiced
   * when placed or approved, never held with a timer for a card. Absent (an older order): card.
   */
  paymentMethod: z.enum(PAYMENT_METHODS).default('card'),
  /** The decision once made: when, by whom, and a rejection's reason. */
  approval: z
    .object({
      decidedAt: z.string(),
      decidedBy: z.object({ userId: z.string().nullable(), name: z.string() }),
      reason: z.string().nullable(),
    })
    .nullable()
    .default(null),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

export const orderCreatedSchema = z.object({ insertedId: z.string(), order: orderSchema });
/**
 * `GET /api/order?userEmail=&q=`: the customer's orders; `q` (optional) keeps those whose order
 * number ("CF-10234", "cf-10234", "10234") or PO number matches.
 */
export const orderListQuerySchema = z.object({
  userEmail: z.string().max(254),
  q: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`)
      .regex(/^[^\p{Cc}]*$/u, 'q must not contain control characters')
      .optional(),
  ),
});
export const orderModifiedSchema = z.object({
  modifiedCount: z.number().int(),
  order: orderSchema,
});
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

/** Payments (DESIGN.md section 6). */
export const GATEWAYS = ['stripe', 'test'] as const;
export type Gateway = (typeof GATEWAYS)[number];

export const paymentsConfigSchema = z.object({
  gateway: z.enum(GATEWAYS),
  publishableKey: z.string().nullable(),
  /** The built-in test gateway: no real card is charged, and the payment page says so. */
  testMode: z.boolean(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** `POST /api/create-payment-intent`: an `orderPrice` sent too is ignored. */
export const createPaymentIntentSchema = z.object({
  orderId: z.string().min(1, 'orderId is required').max(64),
  orderPrice: z.unknown().optional(),
});
export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});

/** `PATCH /api/order/{id}`: the payment intent's id; `order` from the spec's client is ignored. */
export const confirmPaymentSchema = z.object({
  transactionId: z.string().min(1, 'transactionId is required').max(255),
  order: z.unknown().optional(),
});

/** The built-in test gateway's card form (`POST /api/payments/test/confirm`). */
export const testCardSchema = z.object({
  clientSecret: z.string().min(1).max(255),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is invalid.')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY.'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is invalid."),
});
export type TestCard = z.input<typeof testCardSchema>;
export const testCardResultSchema = z.object({
  status: z.literal('succeeded'),
  paymentIntentId: z.string(),
});

import { formatOrderNumber, type Order } from '@shop/shared';
import type { OrderLineRow, OrderRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';

/** A line as stored, or as just inserted (its SKU is then still the database's to fill). */
export type OrderLineView = Omit<OrderLineRow, 'sku'> & { sku?: string | null };

const isoOrNull = (value: Date | string | null) => (value === null ? null : toIso(value));

/**
 * A stored order and its lines in the API's shape: the spec's names and the payment page's.
 * Pure, so the repository can write the order mail from it inside the transaction of the change.
 * For an order of several lines, `orderProduct` and `unitPrice` are its first line's (the spec's
 * screens show one product per order); `orderQty` and `orderPrice` are the whole order's.
 */
export function toOrder(row: OrderRow, lines: readonly OrderLineView[]): Order {
  const shippedAt = isoOrNull(row.shipped_at);
  return {
    _id: row.id,
    orderNumber: formatOrderNumber(row.number),
    orderProduct: row.product_id,
    orderPName: row.product_name,
    userName: row.user_name,
    userEmail: row.user_email,
    customerName: row.user_name,
    customerEmail: row.user_email,
    phone: row.phone,
    address: row.address,
    orderQty: row.quantity,
    orderPrice: row.price_cents / 100,
    unitPrice: row.unit_price_cents / 100,
    paid: row.payment_status === 'paid',
    paymentStatus: row.payment_status,
    orderStatus: row.order_status,
    transactionId: row.transaction_id,
    trxId: row.transaction_id,
    createdAt: toIso(row.created_at),
    expiresAt: isoOrNull(row.expires_at),
    refundNeeded: Boolean(row.refund_needed),
    lines: lines.map((line) => ({
      productId: line.product_id,
      productName: line.product_name,
      sku: line.sku ?? null,
      quantity: line.quantity,
      unitPrice: line.unit_price_cents / 100,
      lineTotal: Number(line.line_total_cents) / 100,
    })),
    poNumber: row.po_number,
    placedAt: toIso(row.created_at),
    paidAt: isoOrNull(row.paid_at),
    shippedAt,
    shipment:
      row.carrier && row.tracking_number && shippedAt
        ? { carrier: row.carrier, trackingNumber: row.tracking_number, shippedAt }
        : null,
    paymentReceivedAt: isoOrNull(row.payment_received_at ?? null),
    billing: {
      company: row.billing_company,
      vatNumber: row.billing_vat_number,
      address: row.billing_address,
    },
    invoice:
      row.invoice_number && row.invoice_issued_at && row.invoice_due_at
        ? {
            number: row.invoice_number,
            issuedAt: toIso(row.invoice_issued_at),
            dueAt: toIso(row.invoice_due_at),
            amountDue: Number(row.invoice_amount_due_cents ?? 0) / 100,
            onAccount:
              row.invoice_terms_days !== null && row.invoice_company_name !== null
                ? {
                    termsDays: row.invoice_terms_days,
                    companyName: row.invoice_company_name,
                    vatId: row.invoice_company_vat_id,
                  }
                : null,
          }
        : null,
    companyId: row.company_id ?? null,
    placedBy:
      row.company_id && row.placed_by_user_id
        ? { userId: row.placed_by_user_id, name: row.placed_by_name ?? row.user_name }
        : null,
    approvalStatus: row.approval_status ?? 'not_required',
    paymentMethod: row.payment_method ?? 'card',
    approval: row.approval_decided_at
      ? {
          decidedAt: toIso(row.approval_decided_at),
          decidedBy: {
            userId: row.approval_decided_by ?? null,
            name: row.approval_decided_by_name ?? '',
          },
          reason: row.rejection_reason ?? null,
        }
      : null,
  };
}

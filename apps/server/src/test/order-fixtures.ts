import type { Order } from '@shop/shared';

/** An order of two lines as the API shows it, placed at a fixed time. */
export function sampleOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: '6742b1c09f3a2b1c4d5e6f70',
    orderNumber: 'CF-10234',
    orderProduct: '6742b1c09f3a2b1c4d5e0001',
    orderPName: 'Vortex RGB <script>alert(1)</script> + 1 more',
    userName: 'Daniel "Dan" Okafor',
    userEmail: 'daniel@example.com',
    customerName: 'Daniel "Dan" Okafor',
    customerEmail: 'daniel@example.com',
    phone: '+1 555 0100',
    address: '1 Main St, Springfield',
    orderQty: 500,
    orderPrice: 23_400,
    unitPrice: 45,
    paid: false,
    paymentStatus: 'pending',
    orderStatus: 'pending',
    transactionId: null,
    trxId: null,
    createdAt: '2026-11-23T16:00:00.000Z',
    expiresAt: '2026-11-25T16:00:00.000Z',
    refundNeeded: false,
    lines: [
      {
        productId: '6742b1c09f3a2b1c4d5e0001',
        productName: 'Vortex RGB <script>alert(1)</script>',
        sku: 'VX-RGB-01',
        quantity: 250,
        unitPrice: 45,
        lineTotal: 11_250,
      },
      {
        productId: '6742b1c09f3a2b1c4d5e0002',
        productName: 'PowerCore 750W Gold & Co',
        sku: null,
        quantity: 250,
        unitPrice: 48.6,
        lineTotal: 12_150,
      },
    ],
    poNumber: 'PO-2026-<b>17</b>',
    placedAt: '2026-11-23T16:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    shipment: null,
    billing: { company: null, vatNumber: null, address: null },
    invoice: null,
    ...overrides,
  };
}

import type { Order, Product } from '@shop/shared';
import { vi } from 'vitest';

/** A JSON response as the API sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** An error response in the API's one error shape. */
export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs `fetch` with one handler per `METHOD /api/path` (query string included); any other call
 * answers 404, so a test sees an unexpected call as a failure rather than a hang.
 */
export function stubApi(routes: Record<string, Handler>) {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = routes[key];
    return Promise.resolve(
      handler ? handler(init) : apiError(404, 'not_found', `No mock for ${key}`),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A promise the test settles when it chooses. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const product = {
    _id: '65a1b2c3d4e5f60718293a00',
    name: 'ForgeLine M3 ATX Mid-Tower Case',
    price: 48,
    description: 'SPCC steel ATX mid-tower with a high-airflow mesh front.',
    imgURL: '/images/products/forgeline-m3-atx-mid-tower.svg',
    aqty: 100,
    minquantity: 10,
    category: 'cases' as const,
    sku: null,
    specs: [],
    increment: 1,
    priceBreaks: [],
    ...overrides,
  };
  return { ...product, productName: product.name, image: product.imgURL, aQty: product.aqty };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  const order = {
    _id: '65a1b2c3d4e5f60718293a4b',
    orderNumber: 'CF-10001',
    orderProduct: '65a1b2c3d4e5f60718293a00',
    orderPName: 'ForgeLine M3 ATX Mid-Tower Case',
    userName: 'Ada Customer',
    userEmail: 'ada@example.com',
    phone: '+1 555 0100',
    address: '1 Main Street, Springfield',
    orderQty: 10,
    orderPrice: 480,
    unitPrice: 48,
    paid: false,
    paymentStatus: 'pending' as const,
    orderStatus: 'pending' as const,
    transactionId: null,
    trxId: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    expiresAt: null,
    refundNeeded: false,
    lines: [
      {
        productId: '65a1b2c3d4e5f60718293a00',
        productName: 'ForgeLine M3 ATX Mid-Tower Case',
        sku: 'FL-M3-ATX',
        quantity: 10,
        unitPrice: 48,
        lineTotal: 480,
      },
    ],
    poNumber: null,
    placedAt: '2026-01-02T03:04:05.000Z',
    paidAt: null,
    shippedAt: null,
    shipment: null,
    paymentReceivedAt: null,
    billing: { company: null, vatNumber: null, address: null },
    invoice: null,
    companyId: null,
    placedBy: null,
    approvalStatus: 'not_required' as const,
    approval: null,
    paymentMethod: 'card' as const,
    ...overrides,
  };
  return { ...order, customerName: order.userName, customerEmail: order.userEmail };
}

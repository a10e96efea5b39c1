import { apiErrorSchema, b2bMessages, orderModifiedSchema, orderSchema } from '@shop/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';
import { withShop } from '../../test/shop.js';

/**
 * Issue 22, review defect 15: the carrier is one of a list (any other name is an 'Other'
 * carrier, kept as sent), and an admin can correct a shipped order's carrier and tracking
 * number with `PUT /api/orders/{id}/shipment`; shipping itself stays one-way.
 */
describe.each(testDatabases)('shipment tracking on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let customer: TestAccount;
  let another: TestAccount;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });
  const errorOf = (res: LightMyRequestResponse) => apiErrorSchema.parse(res.json()).error;

  async function unpaidOrder(): Promise<string> {
    const productId = await insertProduct(shop.db, { stock: 100, minimum: 1 });
    const res = await call(
      {
        method: 'POST',
        url: '/api/order',
        payload: {
          orderProduct: productId,
          phone: '+1 555 0100',
          address: '1 Main St',
          orderQty: 2,
        },
      },
      customer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { insertedId: string }).insertedId;
  }

  async function paidOrder(): Promise<string> {
    const id = await unpaidOrder();
    const paid = await call({ method: 'PUT', url: `/api/order/${id}` }, admin.token);
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  }

  const ship = (id: string, payload: unknown) =>
    call({ method: 'PUT', url: `/api/ship/${id}`, payload: payload as object }, admin.token);

  async function shippedOrder(
    shipment: unknown = { carrier: 'UPS', trackingNumber: '1Z999AA1012345678' },
  ) {
    const id = await paidOrder();
    const res = await ship(id, shipment);
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  const editTracking = (id: string, payload: unknown, token: string | undefined = admin.token) =>
    call({ method: 'PUT', url: `/api/orders/${id}/shipment`, payload: payload as object }, token);

  const stored = async (id: string) =>
    orderSchema.parse(
      (await call({ method: 'GET', url: `/api/orders/${id}` }, admin.token)).json(),
    );

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    customer = await registerAccount(shop.app, { name: 'Dana Keller' });
    another = await registerAccount(shop.app, { name: 'Ola Nordmann' });
  });

  describe('the carrier list on PUT /api/ship/{id}', () => {
    it.each([
      ['ups', 'UPS'],
      ['FEDEX', 'FedEx'],
      [' dhl ', 'DHL'],
      ['USPS', 'USPS'],
    ])('stores the listed carrier %j in its own spelling', async (carrier, name) => {
      const id = await paidOrder();
      const res = await ship(id, { carrier, trackingNumber: '123456' });
      expect(res.statusCode, res.body).toBe(200);
      expect(orderModifiedSchema.parse(res.json()).order.shipment).toMatchObject({
        carrier: name,
        trackingNumber: '123456',
      });
    });

    it('ux 2026-11-28 #35: stores a tracking number typed in groups without its spaces', async () => {
      const id = await paidOrder();
      const res = await ship(id, { carrier: 'DHL', trackingNumber: ' JD01 4600 0062 8123 4567 ' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await stored(id)).shipment).toMatchObject({
        carrier: 'DHL',
        trackingNumber: 'JD014600006281234567',
      });
      const edited = await editTracking(id, { carrier: 'UPS', trackingNumber: '1Z 999 AA1' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await stored(id)).shipment).toMatchObject({
        carrier: 'UPS',
        trackingNumber: '1Z999AA1',
      });
    });

    it("keeps another carrier's name as sent (an 'Other' carrier, or an older client)", async () => {
      const id = await paidOrder();
      const res = await ship(id, { carrier: 'DHL Express', trackingNumber: 'JD0146000062' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await stored(id)).shipment).toMatchObject({
        carrier: 'DHL Express',
        trackingNumber: 'JD0146000062',
      });
    });

    it('still ships without tracking', async () => {
      const id = await paidOrder();
      const res = await ship(id, {});
      expect(res.statusCode, res.body).toBe(200);
      expect((await stored(id)).shipment).toBeNull();
    });
  });

  describe('PUT /api/orders/{id}/shipment', () => {
    it('corrects a mistyped tracking number and carrier, and the order stays shipped', async () => {
      const id = await shippedOrder();
      const before = await stored(id);
      const res = await editTracking(id, {
        carrier: 'fedex',
        trackingNumber: '1Z999AA10123456784',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { modifiedCount, order } = orderModifiedSchema.parse(res.json());
      expect(modifiedCount).toBe(1);
      expect(order).toMatchObject({
        orderStatus: 'shipped',
        paymentStatus: 'paid',
        shippedAt: before.shippedAt,
        shipment: { carrier: 'FedEx', trackingNumber: '1Z999AA10123456784' },
      });
      expect(await stored(id)).toEqual(order);
    });

    it('adds tracking to an order shipped without it, and removes it with neither', async () => {
      const id = await shippedOrder({});
      const added = await editTracking(id, { carrier: 'Acme Freight', trackingNumber: 'AF-77' });
      expect(added.statusCode, added.body).toBe(200);
      expect((await stored(id)).shipment).toMatchObject({
        carrier: 'Acme Freight',
        trackingNumber: 'AF-77',
      });
      const removed = await editTracking(id, {});
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await stored(id)).toMatchObject({ orderStatus: 'shipped', shipment: null });
    });

    it('writes no second shipping mail', async () => {
      const id = await shippedOrder();
      const count = async () =>
        (
          await shop.db.kysely
            .selectFrom('mail_outbox')
            .select('kind')
            .where('order_id', '=', id)
            .execute()
        ).length;
      const mails = await count();
      expect((await editTracking(id, { carrier: 'UPS', trackingNumber: '1Z2' })).statusCode).toBe(
        200,
      );
      expect(await count()).toBe(mails);
    });

    it.each([
      [
        'a carrier without a tracking number',
        { carrier: 'UPS' },
        'trackingNumber',
        b2bMessages.trackingRequired,
      ],
      [
        'a tracking number without a carrier',
        { trackingNumber: '1Z' },
        'carrier',
        b2bMessages.carrierRequired,
      ],
      [
        'a tracking number over 60 characters',
        { carrier: 'UPS', trackingNumber: '9'.repeat(61) },
        'trackingNumber',
        'Tracking number must be at most 60 characters',
      ],
      [
        'a carrier over 60 characters',
        { carrier: 'x'.repeat(61), trackingNumber: '1Z' },
        'carrier',
        'Carrier must be at most 60 characters',
      ],
    ])(
      'refuses %s with a field error and changes nothing',
      async (_label, body, field, message) => {
        const id = await shippedOrder();
        const before = await stored(id);
        const res = await editTracking(id, body);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).fields?.[field]).toBe(message);
        expect(await stored(id)).toEqual(before);
      },
    );

    it('refuses a request without a body', async () => {
      const id = await shippedOrder();
      const res = await call({ method: 'PUT', url: `/api/orders/${id}/shipment` }, admin.token);
      expect(res.statusCode).toBe(400);
    });

    it('answers 409 for an order that is not shipped, changing nothing', async () => {
      for (const id of [await unpaidOrder(), await paidOrder()]) {
        const before = await stored(id);
        const res = await editTracking(id, { carrier: 'UPS', trackingNumber: '1Z' });
        expect(res.statusCode).toBe(409);
        expect(errorOf(res)).toEqual({
          code: 'order_not_shipped',
          message: b2bMessages.orderNotShipped,
        });
        expect(await stored(id)).toEqual(before);
      }
    });

    it('answers 404 for an unknown or malformed order', async () => {
      const body = { carrier: 'UPS', trackingNumber: '1Z' };
      expect((await editTracking('0'.repeat(24), body)).statusCode).toBe(404);
      expect((await editTracking('not-an-id', body)).statusCode).toBe(404);
    });

    it('is for admins only: anonymous 401, the owner and another customer 403', async () => {
      const id = await shippedOrder();
      const before = await stored(id);
      const body = { carrier: 'DHL', trackingNumber: 'HIJACK' };
      expect((await editTracking(id, body, '')).statusCode).toBe(401);
      expect((await editTracking(id, body, customer.token)).statusCode).toBe(403);
      expect((await editTracking(id, body, another.token)).statusCode).toBe(403);
      expect(await stored(id)).toEqual(before);
    });
  });
});

import { apiErrorSchema, billingMessages, orderSchema } from '@shop/shared';
import type { InjectOptions } from 'fastify';
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

/*
 * Issue 22 (defect 2): the checkout's billing details (company, VAT number, billing address) are
 * kept on the order, checked like My Profile's, and shown to those who may see the order.
 */
describe.each(testDatabases)('billing details of an order on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let customer: TestAccount;
  let other: TestAccount;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  const place = async (billing: Record<string, unknown>, token = customer.token) =>
    call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [{ productId: await insertProduct(shop.db), quantity: 2 }],
          phone: '+49 40 123456',
          address: 'Nordic Systems GmbH\nHafenstrasse 12\n20457 Hamburg',
          ...billing,
        },
      },
      token,
    );

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    customer = await registerAccount(shop.app, { name: 'Dana Keller' });
    other = await registerAccount(shop.app, { label: 'other', name: 'Other Customer' });
  });

  it('keeps company, VAT number (normalised) and billing address, and shows them', async () => {
    const res = await place({
      billingCompany: '  Nordic Systems GmbH ',
      billingVatNumber: 'de 123.456.789',
      billingAddress: 'Nordic Systems GmbH\r\nAccounts Payable\r\nPostfach 1122\r\n20001 Hamburg',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse((res.json() as { order: unknown }).order);
    const billing = {
      company: 'Nordic Systems GmbH',
      vatNumber: 'DE123456789',
      address: 'Nordic Systems GmbH\nAccounts Payable\nPostfach 1122\n20001 Hamburg',
    };
    expect(order.billing).toEqual(billing);
    for (const token of [customer.token, admin.token]) {
      const read = await call({ method: 'GET', url: `/api/orders/${order._id}` }, token);
      expect(read.statusCode).toBe(200);
      expect(orderSchema.parse(read.json()).billing).toEqual(billing);
    }
    expect(
      (await call({ method: 'GET', url: `/api/orders/${order._id}` }, other.token)).statusCode,
    ).toBe(403);
    expect((await call({ method: 'GET', url: `/api/orders/${order._id}` })).statusCode).toBe(401);
  });

  it('all optional: none, or blank ones, leave them null (the billing address is the shipping one)', async () => {
    for (const billing of [
      {},
      { billingCompany: ' ', billingVatNumber: '', billingAddress: '  ' },
    ]) {
      const res = await place(billing);
      expect(res.statusCode, res.body).toBe(201);
      expect(orderSchema.parse((res.json() as { order: unknown }).order).billing).toEqual({
        company: null,
        vatNumber: null,
        address: null,
      });
    }
  });

  it.each([
    [{ billingVatNumber: '123456789' }, 'billingVatNumber', billingMessages.vatNumberInvalid],
    [{ billingVatNumber: 'DE1' }, 'billingVatNumber', billingMessages.vatNumberInvalid],
    [
      { billingVatNumber: 'DE12345678901234' },
      'billingVatNumber',
      billingMessages.vatNumberInvalid,
    ],
    [{ billingVatNumber: 'X'.repeat(31) }, 'billingVatNumber', billingMessages.vatNumberTooLong],
    [{ billingCompany: 'C'.repeat(201) }, 'billingCompany', billingMessages.companyTooLong],
    [{ billingCompany: 'Nordic\nSystems' }, 'billingCompany', billingMessages.companyOneLine],
    [{ billingAddress: 'A'.repeat(501) }, 'billingAddress', billingMessages.addressTooLong],
  ])(
    'refuses %o with a 400 naming the field, and places nothing',
    async (billing, field, message) => {
      const count = async () =>
        Number(
          (
            await shop.db.kysely
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const res = await place(billing);
      expect(res.statusCode).toBe(400);
      const { error } = apiErrorSchema.parse(res.json());
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.[field]).toBe(message);
      expect(await count()).toBe(before);
    },
  );

  it('anonymous callers cannot place an order with billing details (401)', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/orders',
      payload: {
        lines: [{ productId: await insertProduct(shop.db), quantity: 2 }],
        phone: '+49 40 123456',
        address: 'Hamburg',
        billingCompany: 'Nordic Systems GmbH',
      },
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps each line’s SKU as it was when the order was placed', async () => {
    const productId = await insertProduct(shop.db);
    await shop.db.kysely
      .updateTable('products')
      .set({ sku: 'FL-M3-ATX' })
      .where('id', '=', productId)
      .execute();
    const res = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [{ productId, quantity: 2 }],
          phone: '+49 40 123456',
          address: 'Hamburg',
        },
      },
      customer.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse((res.json() as { order: unknown }).order);
    expect(order.lines[0]?.sku).toBe('FL-M3-ATX');
    await shop.db.kysely
      .updateTable('products')
      .set({ sku: 'FL-M3-ATX-V2' })
      .where('id', '=', productId)
      .execute();
    const read = orderSchema.parse(
      (await call({ method: 'GET', url: `/api/orders/${order._id}` }, customer.token)).json(),
    );
    expect(read.lines[0]?.sku).toBe('FL-M3-ATX');
  });
});

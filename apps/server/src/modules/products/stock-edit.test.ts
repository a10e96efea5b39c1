import { apiErrorSchema, productSchema, stockEditMessages, stockMessages } from '@shop/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.js';
import {
  bearer,
  registerAccount,
  registerAdmin,
  stockIn,
  type TestAccount,
} from '../../test/factories.js';
import { withShop } from '../../test/shop.js';

/**
 * Issue 22, review defects 6 and 7: the admin's product edit sends the stock its form opened
 * with (`expectedAqty`) and the server writes a new figure only while the stock is still that,
 * in the UPDATE itself, so an order placed meanwhile is never counted twice; and the stock may
 * be any whole number from 0, below the minimum too.
 */
describe.each(testDatabases)('stock edits on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let customer: TestAccount;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });
  const errorOf = (res: LightMyRequestResponse) => apiErrorSchema.parse(res.json()).error;

  const fields = {
    name: 'PowerCore 750W 80+ Gold Modular Power Supply',
    price: 1,
    minquantity: 10,
    description: 'Fully modular.',
    imgURL: '/images/products/vortex-rgb-gaming.svg',
  };

  async function product(aqty: number, minquantity = 10): Promise<string> {
    const res = await call(
      { method: 'POST', url: '/api/product', payload: { ...fields, aqty, minquantity } },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { insertedId: string }).insertedId;
  }

  const edit = (
    id: string,
    body: Record<string, unknown>,
    token: string | undefined = admin.token,
  ) => call({ method: 'PUT', url: `/api/products/${id}`, payload: { ...fields, ...body } }, token);

  /** An order of `quantity` pieces; admins hold no unpaid-order limit, so many can race. */
  const order = (id: string, quantity: number, account = admin) =>
    call(
      {
        method: 'POST',
        url: '/api/order',
        payload: {
          orderProduct: id,
          phone: '+1 555 0100',
          address: '1 Main St',
          orderQty: quantity,
        },
      },
      account.token,
    );

  const read = async (id: string) =>
    productSchema.parse((await call({ method: 'GET', url: `/api/products/${id}` })).json());

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    customer = await registerAccount(shop.app, { name: 'Dana Keller' });
  });

  describe('the figure the form opened with', () => {
    it('writes a new stock while it is still the figure the admin saw', async () => {
      const id = await product(800);
      const res = await edit(id, { aqty: 1000, expectedAqty: 800 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ modifiedCount: 1, product: { aqty: 1000, aQty: 1000 } });
      expect(await stockIn(shop.db, id)).toBe(1000);
    });

    it('refuses a stock edit made against a figure an order has changed, changing nothing', async () => {
      // The review's case: the form opened at 800, a buyer ordered 100, the admin saves 1000.
      const id = await product(800);
      expect((await order(id, 100, customer)).statusCode).toBe(200);
      const res = await edit(id, { aqty: 1000, expectedAqty: 800, price: 2 });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'stock_changed',
        message: stockEditMessages.changed(700),
        fields: { aqty: stockEditMessages.changedField(700) },
        current: { aqty: 700 },
      });
      // Nothing of the edit is written: not the stock, not the price.
      expect(await read(id)).toMatchObject({ aqty: 700, price: 1 });

      // The admin saves again against the figure the 409 gave.
      const retry = await edit(id, { aqty: 1000, expectedAqty: 700, price: 2 });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(await read(id)).toMatchObject({ aqty: 1000, price: 2 });
    });

    it('saves the other fields of a form whose stock was not touched, keeping the orders placed meanwhile', async () => {
      const id = await product(800);
      expect((await order(id, 100, customer)).statusCode).toBe(200);
      const res = await edit(id, { aqty: 800, expectedAqty: 800, price: 3 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ product: { aqty: 700, price: 3 } });
      expect(await stockIn(shop.db, id)).toBe(700);
    });

    it('writes the stock as sent when the figure is left out (a client that predates it)', async () => {
      const id = await product(800);
      expect((await order(id, 100, customer)).statusCode).toBe(200);
      const res = await edit(id, { aqty: 1000 });
      expect(res.statusCode, res.body).toBe(200);
      expect(await stockIn(shop.db, id)).toBe(1000);
    });

    it.each([
      ['a negative figure', -1],
      ['a fractional figure', '2.5'],
      ['a word', 'many'],
      ['a figure over the largest stock', 10_000_001],
    ])('refuses %s with a field error and changes nothing', async (_label, expectedAqty) => {
      const id = await product(800);
      const res = await edit(id, { aqty: 900, expectedAqty, price: 2 });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.['expectedAqty']).toBe(stockEditMessages.expectedWhole);
      expect(await read(id)).toMatchObject({ aqty: 800, price: 1 });
    });

    it('answers 404 for an unknown or malformed product, whatever the figure', async () => {
      const unknown = await edit('0'.repeat(24), { aqty: 5, expectedAqty: 3 });
      expect(unknown.statusCode).toBe(404);
      expect((await edit('nope', { aqty: 5, expectedAqty: 3 })).statusCode).toBe(404);
    });

    it('is for admins only: anonymous 401, a customer 403, nothing changed', async () => {
      const id = await product(800);
      const anonymous = await edit(id, { aqty: 1, expectedAqty: 800 }, '');
      expect(anonymous.statusCode).toBe(401);
      const asCustomer = await edit(id, { aqty: 1, expectedAqty: 800 }, customer.token);
      expect(asCustomer.statusCode).toBe(403);
      expect(await stockIn(shop.db, id)).toBe(800);
    });
  });

  describe('racing orders', () => {
    // Each round: the form opened at 1000; five orders of 10 go out together, and the admin's
    // save of 1200 goes with them (after 0) or as soon as the n-th order is in (after n), while
    // the others are still running. The save is written only if no order came first (stock
    // still 1000), and then every order is taken from 1200; otherwise it is refused with the
    // figure it met. Either way the stock is exactly the rule's, never an order counted twice.
    it.each([0, 1, 2, 3, 4])(
      'never counts an order twice (save after %i orders)',
      async (after) => {
        for (let round = 0; round < 3; round += 1) {
          const id = await product(1000);
          const orders = Array.from({ length: 5 }, () => order(id, 10));
          const save = () => edit(id, { aqty: 1200, expectedAqty: 1000 });
          const saving = after === 0 ? save() : orders[after - 1]!.then(save);
          const [saved, ...placed] = await Promise.all([saving, ...orders]);
          for (const res of placed) expect(res.statusCode, res.body).toBe(200);
          const stock = await stockIn(shop.db, id);
          if (after === 0 && saved!.statusCode === 200) {
            expect(stock).toBe(1200 - 50);
          } else {
            expect(saved!.statusCode, saved!.body).toBe(409);
            expect(errorOf(saved!).current?.['aqty']).toBeLessThan(1000);
            expect(stock).toBe(1000 - 50);
          }
        }
      },
    );

    it('refuses the save when an order lands between opening the form and saving', async () => {
      const id = await product(1000);
      const opened = (await read(id)).aqty;
      await Promise.all([order(id, 10), order(id, 20)]);
      const res = await edit(id, { aqty: 1200, expectedAqty: opened });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).current).toEqual({ aqty: 970 });
      expect(await stockIn(shop.db, id)).toBe(970);
    });
  });

  describe('stock below the minimum (review defect 7)', () => {
    it('adds a product with stock 0 or below its minimum', async () => {
      for (const aqty of [0, 5]) {
        const res = await call(
          { method: 'POST', url: '/api/product', payload: { ...fields, aqty, minquantity: 10 } },
          admin.token,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ product: { aqty, minquantity: 10 } });
      }
    });

    it('edits the stock to 5 or 0 under a minimum of 10, and orders are still held to the minimum', async () => {
      const id = await product(350);
      const five = await edit(id, { aqty: 5, expectedAqty: 350 });
      expect(five.statusCode, five.body).toBe(200);
      expect(five.json()).toMatchObject({ product: { aqty: 5, minquantity: 10 } });
      const zero = await edit(id, { aqty: 0, expectedAqty: 5 });
      expect(zero.statusCode, zero.body).toBe(200);
      expect(await stockIn(shop.db, id)).toBe(0);

      // The minimum stays an order rule: nobody can order it now, and the stock stays 0.
      const refused = await order(id, 10, customer);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({
        code: 'out_of_stock_for_minimum',
        message: stockMessages.notEnoughForMinimum(10),
      });
      expect(await stockIn(shop.db, id)).toBe(0);
    });
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { insertCustomer } from '../../test/factories.js';
import { createMigrator, migrateToLatest } from '../migrate.js';
import { newId } from '../ids.js';

/*
 * Upgrading a shop with orders to 0017: the orders paid before it get their invoices, numbered
 * in the order they were paid, per year; unpaid ones none; each line its product's SKU.
 */
describe.each(testDatabases)('migration 0017-invoices on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('numbers the orders paid before it, fills the lines’ SKUs, and goes down and up again', async () => {
    const migrator = await createMigrator(db);
    const down = await migrator.migrateTo('0015-mail-limits-and-sku-case');
    expect(down.error).toBeUndefined();

    const userId = await insertCustomer(db);
    // Written as the tables stand at 0015 (the factory writes columns of later migrations).
    const productId = newId();
    const now = '2025-05-01T00:00:00.000Z';
    await sql`insert into products (id, name, description, img_url, price_cents, aqty,
        minquantity, sku, created_at, updated_at)
      values (${productId}, 'Case', 'A case', '/images/products/vortex-rgb-gaming.svg', 100, 100, 2,
        'FL-M3-ATX', ${now}, ${now})`.execute(db.kysely);
    const order = async (status: 'paid' | 'pending', paidAt: string | null) => {
      const id = newId();
      const at = '2025-06-01T00:00:00.000Z';
      await sql`insert into orders (id, product_id, product_name, user_id, user_email, user_name,
          phone, address, quantity, unit_price_cents, price_cents, payment_status, order_status,
          paid_at, created_at, updated_at)
        values (${id}, ${productId}, 'Case', ${userId}, 'b@example.com', 'B', '+1 555 0100',
          'Main St', 2, 100, 200, ${status}, ${status === 'paid' ? 'placed' : 'pending'},
          ${paidAt}, ${at}, ${at})`.execute(db.kysely);
      await sql`insert into order_lines (order_id, position, product_id, product_name, quantity,
          unit_price_cents, line_total_cents)
        values (${id}, 0, ${productId}, 'Case', 2, 100, 200)`.execute(db.kysely);
      return id;
    };
    // Paid out of their placing order, two years; one unpaid.
    const late2026 = await order('paid', '2026-03-02T10:00:00.000Z');
    const early2026 = await order('paid', '2026-01-05T10:00:00.000Z');
    const in2025 = await order('paid', '2025-12-31T23:59:59.000Z');
    const unpaid = await order('pending', null);

    expect(await migrateToLatest(db)).toContain('0017-invoices');

    const invoiceOf = async (id: string) =>
      (
        await db.kysely
          .selectFrom('orders')
          .select(['invoice_number', 'invoice_amount_due_cents'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).invoice_number;
    expect(await invoiceOf(in2025)).toBe('2025-000001');
    expect(await invoiceOf(early2026)).toBe('2026-000001');
    expect(await invoiceOf(late2026)).toBe('2026-000002');
    expect(await invoiceOf(unpaid)).toBeNull();
    const counters = await db.kysely
      .selectFrom('invoice_counters')
      .selectAll()
      .orderBy('year')
      .execute();
    expect(counters).toEqual([
      { year: 2025, last: 1 },
      { year: 2026, last: 2 },
    ]);
    const skus = await db.kysely.selectFrom('order_lines').select('sku').distinct().execute();
    expect(skus).toEqual([{ sku: 'FL-M3-ATX' }]);

    // Down drops what it added; up again numbers the same orders the same way.
    expect((await migrator.migrateTo('0015-mail-limits-and-sku-case')).error).toBeUndefined();
    expect(await migrateToLatest(db)).toContain('0017-invoices');
    expect(await invoiceOf(late2026)).toBe('2026-000002');
  });
});

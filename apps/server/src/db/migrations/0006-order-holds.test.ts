import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { createMigrator, migrateToLatest } from '../migrate.js';
import { newId } from '../ids.js';
import { nowIso } from '../time.js';

/** Upgrading a shop that has orders and payments to 0006 keeps them and frees the payment rows. */
describe.each(testDatabases)('migration 0006-order-holds on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('gives unpaid orders a hold, keeps payment rows, and lets an order go without them', async () => {
    const migrator = await createMigrator(db);
    const down = await migrator.migrateTo('0005-shared-state');
    expect(down.error).toBeUndefined();

    // A shop as the previous release left it: a product, an unpaid order with an intent.
    const now = nowIso();
    const productId = newId();
    const userId = newId();
    const orderId = newId();
    await sql`insert into products (id, name, description, img_url, price_cents, aqty, minquantity, created_at, updated_at)
      values (${productId}, 'Old Case', 'x', '/x.svg', 1000, 10, 1, ${now}, ${now})`.execute(
      db.kysely,
    );
    await sql`insert into users (id, email, display_name, provider_id, role, created_at, updated_at)
      values (${userId}, ${`old-${userId}@example.com`}, 'Old', 'Email & Password', 'user', ${now}, ${now})`.execute(
      db.kysely,
    );
    await sql`insert into orders (id, product_id, product_name, user_id, user_email, user_name, phone, address, quantity, unit_price_cents, price_cents, payment_status, order_status, created_at, updated_at)
      values (${orderId}, ${productId}, 'Old Case', ${userId}, 'old@example.com', 'Old', '555', 'A 1', 2, 1000, 2000, 'pending', 'pending', ${now}, ${now})`.execute(
      db.kysely,
    );
    await sql`insert into payments (id, order_id, gateway, intent_id, amount_cents, status, client_secret, created_at, updated_at)
      values (${newId()}, ${orderId}, 'test', 'pi_old_1', 2000, 'requires_payment_method', 'pi_old_1_secret', ${now}, ${now})`.execute(
      db.kysely,
    );

    expect(await migrateToLatest(db)).toContain('0006-order-holds');

    const order = await db.kysely
      .selectFrom('orders')
      .select(['expires_at', 'refund_needed'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.expires_at).not.toBeNull();
    expect(Boolean(order.refund_needed)).toBe(false);
    const product = await db.kysely
      .selectFrom('products')
      .select('archived_at')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product.archived_at).toBeNull();

    // The order can be deleted while its payment row stays, for a late success to be matched.
    await db.kysely.deleteFrom('orders').where('id', '=', orderId).execute();
    const payment = await db.kysely
      .selectFrom('payments')
      .select(['order_id', 'client_secret'])
      .where('intent_id', '=', 'pi_old_1')
      .executeTakeFirst();
    expect(payment).toEqual({ order_id: orderId, client_secret: 'pi_old_1_secret' });
    // Its intent id is still unique.
    await expect(
      sql`insert into payments (id, order_id, gateway, intent_id, amount_cents, status, created_at, updated_at)
        values (${newId()}, ${orderId}, 'test', 'pi_old_1', 2000, 'x', ${now}, ${now})`.execute(
        db.kysely,
      ),
    ).rejects.toThrow();
  });
});

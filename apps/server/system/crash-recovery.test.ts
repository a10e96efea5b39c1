import type { Product } from '@shop/shared';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  placeOrder,
  signInAdmin,
  signUp,
  summarize,
  type Account,
  type Outcome,
} from './support/api.js';
import {
  createPostgresDatabase,
  openPostgresStore,
  openSqliteStore,
  testDatabaseUrl,
  type FreshDatabase,
  type Store,
} from './support/database.js';
import { audit } from './support/ledger.js';
import { removeDir, sleep, startShop, stopAllShops, tempDir } from './support/shop.js';

const kinds = testDatabaseUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

const WORKERS = 40;
/** Orders answered before the kill: enough that the kill lands in a busy stream of writes. */
const ACCEPTED_BEFORE_KILL = 400;

describe.each(kinds)('SIGKILL in the middle of an order load on %s', (kind) => {
  const dataDir = tempDir(`crash-${kind}`);
  let database: FreshDatabase | undefined;
  let store: Store | undefined;

  afterAll(async () => {
    await store?.close();
    await stopAllShops();
    await database?.drop();
    removeDir(dataDir);
  });

  it('keeps every answered order, whole, and the stock that matches them', async () => {
    database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    // No AUTH_SECRET: the generated one is kept in the database, so tokens survive the restart.
    const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
    const options = { dataDir, env, omit: ['AUTH_SECRET'] };
    const shop = await startShop({ ...options, name: 'before the kill' });
    const admin = await signInAdmin(shop.url);
    const customers: Account[] = [];
    for (let i = 0; i < 8; i += 1) customers.push(await signUp(shop.url));
    // Plenty of stock: every order should be taken, so the kill interrupts real writes.
    const products: Product[] = [
      await createProduct(shop.url, admin, { stock: 1_000_000, minimum: 1, price: 19.99 }),
      await createProduct(shop.url, admin, { stock: 1_000_000, minimum: 2, price: 7.35 }),
    ];

    const accepted: { orderId: string; productId: string; quantity: number }[] = [];
    const outcomes: Outcome[] = [];
    let inFlight = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i += 1) {
        const product = products[(w + i) % products.length] as Product;
        const quantity = product.minquantity + ((w * 7 + i) % 5);
        const customer = customers[(w + i) % customers.length] as Account;
        inFlight += 1;
        const outcome = await placeOrder(shop.url, customer, { productId: product._id, quantity });
        inFlight -= 1;
        outcomes.push(outcome);
        if (outcome.kind === 'answer' && outcome.status === 200 && outcome.orderId) {
          accepted.push({ orderId: outcome.orderId, productId: product._id, quantity });
        }
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    while (accepted.length < ACCEPTED_BEFORE_KILL && shop.isRunning()) await sleep(5);
    const inFlightAtKill = inFlight;
    stop = true;
    shop.child.kill('SIGKILL');
    await Promise.all(workers);
    const exit = await shop.exited;

    const noAnswer = outcomes.filter((o) => o.kind === 'no-answer').length;
    const answers = outcomes.filter((o) => o.kind === 'answer');
    const figures = `${summarize(outcomes)}; ${inFlightAtKill} in flight at the kill`;
    console.log(`[crash ${kind}] ${figures}`);
    expect(exit.signal, shop.tail()).toBe('SIGKILL');
    // The kill really landed mid-load: calls were waiting and got no answer.
    expect(inFlightAtKill, figures).toBeGreaterThan(0);
    expect(noAnswer, figures).toBeGreaterThan(0);
    // Every answer before the kill was a placed order.
    expect(
      answers.filter((o) => o.status !== 200),
      figures,
    ).toEqual([]);

    const restarted = await startShop({ ...options, name: 'after the restart' });
    store = database ? await openPostgresStore(database.url) : openSqliteStore(dataDir);
    const result = await audit(store, { products, accepted, unknown: noAnswer });
    const stock = JSON.stringify(Object.fromEntries(result.stock));
    expect(result.problems, `${figures}; stock ${stock}`).toEqual([]);
    expect(result.stored.length).toBeGreaterThanOrEqual(accepted.length);

    // The restarted shop takes orders again, with a token issued before the kill.
    const after = await placeOrder(restarted.url, customers[0] as Account, {
      productId: (products[0] as Product)._id,
      quantity: 1,
    });
    expect(after.kind === 'answer' && after.status, JSON.stringify(after)).toBe(200);
  });
});

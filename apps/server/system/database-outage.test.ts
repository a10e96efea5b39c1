import { messages, type Product } from '@shop/shared';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  call,
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
  testDatabaseUrl,
  type FreshDatabase,
  type Store,
} from './support/database.js';
import { audit } from './support/ledger.js';
import { startTcpProxy, type TcpProxy } from './support/proxy.js';
import { sleep, startShop, stopAllShops } from './support/shop.js';

type Phase = 'up' | 'down' | 'back';
type Kind = 'health' | 'products' | 'order' | 'my orders';

interface Sample {
  kind: Kind;
  /** The database's state when the call was made and when its answer came. */
  from: Phase;
  to: Phase;
  outcome: Outcome;
  productId?: string;
  quantity?: number;
}

const WORKERS = 12;
/** How long the database stays away at least (a few seconds, like a restart). */
const OUTAGE_MS = 3_000;
/** A call taking longer than this counts as hanging (the server must answer, not wait). */
const HANG_MS = 30_000;

const isUnavailable = (outcome: Outcome) =>
  outcome.kind === 'answer' &&
  outcome.status === 503 &&
  outcome.error?.code === 'unavailable' &&
  outcome.error.message === messages.databaseUnavailable;

/*
 * The shop's PostgreSQL goes away under load and comes back. The tests share one PostgreSQL
 * server with everything else in CI, which a test cannot restart; so the shop reaches its
 * database through a TCP proxy in this process, and cutting the proxy (every connection dropped,
 * new ones refused) is what the shop sees of a database restart.
 */
describe.skipIf(!testDatabaseUrl)('PostgreSQL away under load', () => {
  let database: FreshDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let store: Store | undefined;

  afterAll(async () => {
    await store?.close();
    await stopAllShops();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 while the database is away, then recovers by itself', async () => {
    database = await createPostgresDatabase();
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const shop = await startShop({
      name: 'behind the proxy',
      env: { DATABASE_URL: viaProxy.toString() },
    });
    const admin = await signInAdmin(shop.url);
    const customers: Account[] = [];
    for (let i = 0; i < 4; i += 1) customers.push(await signUp(shop.url));
    const product: Product = await createProduct(shop.url, admin, {
      stock: 1_000_000,
      minimum: 1,
      price: 3.5,
    });

    let phase: Phase = 'up';
    let stop = false;
    const samples: Sample[] = [];
    const count = (test: (s: Sample) => boolean) => samples.filter(test).length;

    const worker = async (w: number) => {
      for (let i = 0; !stop; i += 1) {
        const kind = (['health', 'products', 'order', 'my orders'] as const)[(w + i) % 4] as Kind;
        const customer = customers[(w + i) % customers.length] as Account;
        const from = phase;
        const signal = AbortSignal.timeout(HANG_MS);
        const quantity = 1 + (i % 3);
        let outcome: Outcome;
        if (kind === 'health') outcome = await call(`${shop.url}/api/health`, { signal });
        else if (kind === 'products') outcome = await call(`${shop.url}/api/products`, { signal });
        else if (kind === 'order') {
          outcome = await placeOrder(
            shop.url,
            customer,
            { productId: product._id, quantity },
            { signal },
          );
        } else {
          outcome = await call(
            `${shop.url}/api/order?userEmail=${encodeURIComponent(customer.email)}`,
            { headers: bearer(customer.token), signal },
          );
        }
        samples.push({ kind, from, to: phase, outcome, productId: product._id, quantity });
        await sleep(10);
      }
    };

    /** Waits until `done` holds, or fails with the figures so far. */
    const waitFor = async (what: string, done: () => boolean, limitMs = 30_000) => {
      const deadline = Date.now() + limitMs;
      while (!done()) {
        if (Date.now() > deadline || !shop.isRunning()) {
          throw new Error(
            `${what} did not happen: ${summarize(samples.map((s) => s.outcome))}\n${shop.tail()}`,
          );
        }
        await sleep(20);
      }
    };
    const okOrders = (p: Phase) =>
      count(
        (s) =>
          s.kind === 'order' &&
          s.from === p &&
          s.outcome.kind === 'answer' &&
          s.outcome.status === 200,
      );

    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    try {
      await waitFor('orders before the outage', () => okOrders('up') >= 40);

      await proxy.cut();
      phase = 'down';
      const downSince = Date.now();
      const unavailableWhileDown = (kind: Kind) =>
        count(
          (s) =>
            s.kind === kind && s.from === 'down' && s.to === 'down' && isUnavailable(s.outcome),
        );
      await waitFor(
        '503s for health, orders and order lists while the database is away',
        () =>
          Date.now() - downSince >= OUTAGE_MS &&
          unavailableWhileDown('health') >= 5 &&
          unavailableWhileDown('order') >= 5 &&
          unavailableWhileDown('my orders') >= 5,
      );

      await proxy.restore();
      phase = 'back';
      const okWhileBack = (kind: Kind) =>
        count(
          (s) =>
            s.kind === kind &&
            s.from === 'back' &&
            s.outcome.kind === 'answer' &&
            s.outcome.status === 200,
        );
      await waitFor(
        'recovery (health 200, orders and lists served again)',
        () =>
          okWhileBack('health') >= 3 && okWhileBack('order') >= 20 && okWhileBack('my orders') >= 3,
      );
    } finally {
      stop = true;
      await Promise.all(workers);
    }

    const byPhase = (['up', 'down', 'back'] as const)
      .map((p) => `${p}: ${summarize(samples.filter((s) => s.from === p).map((s) => s.outcome))}`)
      .join('; ');
    console.log(`[outage] ${byPhase}; ${proxy.connections} database connections through the proxy`);

    // The same process throughout: it neither crashed nor was restarted.
    expect(shop.isRunning(), shop.tail()).toBe(true);
    const pids = new Set(
      [...shop.output().matchAll(/"pid":(\d+)/g)].map((match) => Number(match[1])),
    );
    expect([...pids]).toEqual([shop.pid]);
    expect(shop.output().match(/Server listening at/g)?.length).toBe(1);

    // Every call got an answer (none hung, no connection dropped), and never a 500.
    expect(
      samples.filter((s) => s.outcome.kind === 'no-answer'),
      byPhase,
    ).toEqual([]);
    expect(
      samples.filter(
        (s) => s.outcome.kind === 'answer' && s.outcome.status >= 500 && !isUnavailable(s.outcome),
      ),
      byPhase,
    ).toEqual([]);

    // While the database was away, every database call was a 503 `unavailable` with the
    // shared message. The product list may come from memory (200) or be a 503.
    const whileDown = samples.filter((s) => s.from === 'down' && s.to === 'down');
    const wrong = whileDown.filter((s) =>
      s.kind === 'products'
        ? !(isUnavailable(s.outcome) || (s.outcome.kind === 'answer' && s.outcome.status === 200))
        : !isUnavailable(s.outcome),
    );
    expect(wrong, byPhase).toEqual([]);

    // The stock still matches the stored orders. A refused order whose call began before the
    // cut may have committed just before its connection dropped: its outcome is unknown.
    const orders = samples.filter((s) => s.kind === 'order');
    const accepted = orders.flatMap((s) =>
      s.outcome.kind === 'answer' && s.outcome.status === 200 && s.outcome.orderId
        ? [{ orderId: s.outcome.orderId, productId: product._id, quantity: s.quantity ?? 0 }]
        : [],
    );
    store = await openPostgresStore(database.url);
    const result = await audit(store, {
      products: [product],
      accepted,
      unknown: orders.length - accepted.length,
    });
    expect(result.problems, byPhase).toEqual([]);
  });
});

import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  placeOrder,
  runBounded,
  signInAdmin,
  signUp,
  summarize,
  type Outcome,
} from './support/api.js';
import { startShop, stopAllShops } from './support/shop.js';

/*
 * Regression test of issue 11: on Node 24.19+, better-sqlite3 12 aborted the built server
 * (exit 134, `Assertion failed: (env) != nullptr` in node::RemoveEnvironmentCleanupHook, from
 * Statement::~Statement) in 2 of 4 cold starts on an empty database. Whatever Node runs the tests,
 * the server must start and stop cleanly, again and again, and survive a garbage collector that
 * finalizes native objects all the time.
 */

const STARTS = 10;
/**
 * Starts with the garbage collector running every few milliseconds, the orders shared among them.
 * On Node 24.21 with better-sqlite3 12 such a start aborted about one time in eight, a plain one
 * about one in twenty: the more starts, the surer the test.
 */
const GC_STARTS = 10;
const ORDERS = 300;
const IN_FLIGHT = 8;
/**
 * Servers alive at once. Each is its own process, data directory and port, so what one start
 * proves does not depend on the others; two at a time keep both cores busy while one of them
 * waits (migrations write, a process exits), and the whole file took half as long.
 */
const AT_ONCE = 2;
const gcOften = fileURLToPath(new URL('./support/gc-often.mjs', import.meta.url));

/** No native abort in the output: the assertion Node prints before exit 134, or a fatal error. */
const NATIVE_FAILURE = /Assertion failed|FATAL ERROR|Aborted|Segmentation fault/;

describe(`the built server on Node ${process.version}`, () => {
  afterAll(() => stopAllShops());

  it(`starts and stops ${STARTS} times on a fresh SQLite database: health 200, exit 0`, async () => {
    const exits: string[] = [];
    await runBounded(STARTS, AT_ONCE, async (slot) => {
      const index = slot + 1;
      // A fresh data directory each time, and no admin configured: what a new user's first
      // `npm start` does (migrations, demo data, a generated admin). Measured on Node 24.21 with
      // better-sqlite3 12, these starts aborted about half the time; with ADMIN_EMAIL set, far
      // less often.
      const shop = await startShop({
        name: `start ${index}`,
        omit: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
      });
      const health = await fetch(`${shop.url}/api/health`);
      expect(health.status, shop.tail()).toBe(200);
      const exit = await shop.stop('SIGTERM');
      exits.push(`${exit.code ?? exit.signal}`);
      expect(exit, `start ${index}:\n${shop.tail()}`).toEqual({ code: 0, signal: null });
      expect(shop.output()).not.toMatch(NATIVE_FAILURE);
    });
    expect(exits).toEqual(Array.from({ length: STARTS }, () => '0'));
  });

  it(`starts ${GC_STARTS} more times under constant gc and takes ${ORDERS} orders, then exits 0`, async () => {
    const exits: string[] = [];
    await runBounded(GC_STARTS, AT_ONCE, async (slot) => {
      const round = slot + 1;
      // A fresh database again: start-up prepares and drops hundreds of statements.
      const shop = await startShop({
        name: `gc pressure ${round}`,
        nodeArgs: ['--expose-gc', '--import', gcOften],
      });
      const admin = await signInAdmin(shop.url);
      const customers = await Promise.all([signUp(shop.url), signUp(shop.url)]);
      const share = ORDERS / GC_STARTS;
      const product = await createProduct(shop.url, admin, { stock: share * 2, minimum: 1 });

      const outcomes: Outcome[] = [];
      await runBounded(share, IN_FLIGHT, async (index) => {
        const customer = customers[index % customers.length];
        if (!customer) throw new Error('no customer');
        outcomes.push(
          await placeOrder(shop.url, customer, { productId: product._id, quantity: 1 }),
        );
        // Reads too: every request prepares and finalizes statements.
        if (index % 10 === 0) await fetch(`${shop.url}/api/products/${product._id}`);
      });
      const placed = outcomes.filter((o) => o.kind === 'answer' && o.status === 200).length;
      expect(placed, summarize(outcomes)).toBe(share);

      const exit = await shop.stop('SIGTERM');
      exits.push(`${exit.code ?? exit.signal}`);
      expect(exit, `${shop.name}:\n${shop.tail()}`).toEqual({ code: 0, signal: null });
      expect(shop.output()).not.toMatch(NATIVE_FAILURE);
    });
    expect(exits).toEqual(Array.from({ length: GC_STARTS }, () => '0'));
  });
});

import http from 'node:http';
import { connect } from 'node:net';
import { orderCreatedSchema } from '@shop/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createProduct, orderBody, signInAdmin, signUp } from './support/api.js';
import { openSqliteStore } from './support/database.js';
import { removeDir, sleep, startShop, stopAllShops, tempDir } from './support/shop.js';

/** Whether a new TCP connection to the port is accepted, or the error it gets. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('SIGTERM', () => {
  const dataDir = tempDir('sigterm');
  afterAll(async () => {
    await stopAllShops();
    removeDir(dataDir);
  });

  it('finishes the request in flight, refuses new connections and exits with 0', async () => {
    const shop = await startShop({ name: 'draining', dataDir });
    const admin = await signInAdmin(shop.url);
    const customer = await signUp(shop.url);
    const product = await createProduct(shop.url, admin, { stock: 100, minimum: 1 });

    // An order whose body is half sent when the signal arrives.
    const body = JSON.stringify(orderBody(product._id, 3));
    const half = Math.floor(body.length / 2);
    const request = http.request({
      host: '127.0.0.1',
      port: shop.port,
      method: 'POST',
      path: '/api/order',
      agent: false,
      headers: {
        ...bearer(customer.token),
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        // Node's server answers "100 Continue" when it hands the request to the app: then we
        // know the request is in flight, without reading the server's log format.
        expect: '100-continue',
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.once('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        res.once('error', reject);
      });
      request.once('error', reject);
    });
    answer.catch(() => undefined); // awaited below; a failure before that must not go unhandled
    const handedOver = new Promise<void>((resolve) => request.once('continue', resolve));
    request.flushHeaders();
    await handedOver;
    request.write(body.slice(0, half));

    shop.child.kill('SIGTERM');
    await shop.waitForOutput(/shutting down/);

    // New connections are refused while the old request is still open: the listener closes at
    // once, it does not wait for the requests in flight (which cannot end before we finish it).
    const attempts: string[] = [];
    while (attempts.length < 200 && attempts.at(-1) !== 'ECONNREFUSED') {
      attempts.push(await tryConnect(shop.port));
      if (attempts.at(-1) === 'connected') await sleep(25);
    }
    expect(attempts.at(-1), `${attempts.join(', ')}\n${shop.tail()}`).toBe('ECONNREFUSED');

    // A second signal (npm and a terminal both pass Ctrl-C on) must not cut the drain short.
    shop.child.kill('SIGTERM');
    await shop.waitForOutput(/already shutting down/);
    expect(shop.isRunning(), 'the server must wait for the request in flight').toBe(true);

    request.end(body.slice(half));
    const { status, text } = await answer;
    expect(status, text).toBe(200);
    const created = orderCreatedSchema.parse(JSON.parse(text));
    expect(created.order.orderQty).toBe(3);

    const exit = await shop.exited;
    expect(exit, shop.tail()).toEqual({ code: 0, signal: null });

    // The answered order is really stored, and its stock taken.
    const store = openSqliteStore(dataDir);
    try {
      const orders = await store.ordersOf([product._id]);
      expect(orders.map((o) => o.id)).toEqual([created.insertedId]);
      expect((await store.products([product._id])).get(product._id)?.aqty).toBe(97);
    } finally {
      await store.close();
    }
  });
});

import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { insertProduct } from '../test/factories.js';
import { registerErrorHandling } from './error-handler.js';

interface LogLine {
  level: number;
  msg?: string;
  res?: { statusCode?: number };
}

/** pino's levels: 40 warn, 50 error, 60 fatal. */
const ERROR = 50;

/** Sends raw bytes and closes the socket at once, as a client that gives up would. */
function sendAndHangUp(port: number, bytes: string, waitMs = 30): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, waitMs);
    });
    socket.on('error', () => resolve());
  });
}

/** Issue 10: anonymous requests could write error-level log lines. */
describe.each(testDatabases)('log levels of client mistakes on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let port: number;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    db = await kind.open();
    for (let i = 0; i < 30; i += 1) await insertProduct(db);
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      db,
      mailer: { send: async () => undefined },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('logs what anonymous callers get wrong at warn at most', async () => {
    const base = `http://127.0.0.1:${port}`;
    const json = { 'content-type': 'application/json' };
    const calls: [string, RequestInit][] = [
      ['/api/nope', {}],
      ['/api/products/%E0%A4%A', {}],
      ['/api/products?limit=0x0a', {}],
      ['/api/reviews?page=-1', {}],
      ['/api/orders', {}],
      ['/api/users', { headers: { authorization: 'Bearer forged.token.here' } }],
      ['/api/order', { method: 'POST', headers: json, body: '{"orderQty": [10]' }],
      ['/api/order', { method: 'POST', headers: json, body: '{"orderQty": [10]}' }],
      ['/api/reviews', { method: 'POST', headers: json, body: 'x'.repeat(300 * 1024) }],
      ['/api/uploads', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }],
      ['/api/reviews/abc', { method: 'DELETE' }],
      ['/api/payments/webhook', { method: 'POST', headers: json, body: '{"type":"x"}' }],
      ['/api/product', { method: 'POST', headers: json, body: '[' + '['.repeat(5000) }],
      [`/api/${'x'.repeat(5000)}`, {}],
      [
        '/api/auth/sign-in/email',
        { method: 'POST', headers: json, body: '{"email":"a@b.co","password":"wrong-password"}' },
      ],
      ['/api/auth/sign-up/email', { method: 'POST', headers: json, body: '{"email":"x"}' }],
      ['/api/auth/get-session', { headers: { cookie: 'better-auth.session_token=forged' } }],
      ['/api/auth/nope', {}],
      ['/api/auth/verify-email?token=forged', {}],
      ['/api/auth/reset-password', { method: 'POST', headers: json, body: '{"token":"x"}' }],
      // Better Auth's own log lines: a forged OAuth state, an unknown provider.
      ['/api/auth/callback/google?state=forged&code=x', {}],
      [
        '/api/auth/sign-in/social',
        { method: 'POST', headers: json, body: '{"provider":"nowhere"}' },
      ],
    ];
    for (const [url, init] of calls) {
      const res = await fetch(`${base}${url}`, { ...init, redirect: 'manual' });
      expect(res.status, url).toBeLessThan(500);
    }
    // Clients that give up: a body cut short, an answer nobody waits for, bytes that are no HTTP.
    // The server's side of each of those connections is followed until it has closed.
    let seen = 0;
    const open = new Set<Socket>();
    const follow = (socket: Socket) => {
      seen += 1;
      open.add(socket);
      socket.once('close', () => open.delete(socket));
    };
    app.server.on('connection', follow);
    await sendAndHangUp(
      port,
      'POST /api/order HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"orderQty":',
    );
    await sendAndHangUp(port, 'GET /api/products HTTP/1.1\r\nHost: x\r\n\r\n', 0);
    await sendAndHangUp(port, 'GET /api/products?limit=99 HTTP/1.1\r\nHost: x\r\n\r\n', 0);
    await sendAndHangUp(port, '\u0000\u0001 not http at all\r\n\r\n');
    await expect.poll(() => lines.length).toBeGreaterThan(calls.length);
    // Every one of them ended on the server's side too: what it had to say of them is said.
    await expect.poll(() => seen === 4 && open.size === 0).toBe(true);
    app.server.off('connection', follow);

    const loud = lines.filter((line) => line.level >= ERROR);
    expect(loud).toEqual([]);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.some((line) => line.res?.statusCode === 404)).toBe(true);
  });
});

describe('log level of a server failure', () => {
  it('logs a 5xx at error and a 4xx below it', async () => {
    const lines: LogLine[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
      },
    });
    registerErrorHandling(app);
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    app.get('/mistake', async () => {
      throw Object.assign(new Error('bad'), { statusCode: 400 });
    });
    await app.inject({ method: 'GET', url: '/mistake' });
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    await app.inject({ method: 'GET', url: '/bug' });
    expect(lines.filter((line) => line.level >= ERROR)).toHaveLength(1);
    await app.close();
  });
});

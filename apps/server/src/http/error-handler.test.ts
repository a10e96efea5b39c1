import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiErrorSchema, messages } from '@shop/shared';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStorageFull, registerErrorHandling } from './error-handler.js';

/** The error a real call gives, so the tests follow what the drivers really throw. */
async function caught(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

/** A TCP server that accepts connections and closes them at once, as a dying database would. */
async function hangUpServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket: Socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return { server, port: address.port };
}

/** A port nobody listens on: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const { server, port } = await hangUpServer();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('isDatabaseUnavailable', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-unavailable-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('knows a refused PostgreSQL connection, as pg reports it', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${await closedPort()}/none`,
      connectionTimeoutMillis: 2_000,
    });
    const error = await caught(() => pool.query('select 1'));
    await pool.end();
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('knows a connection the server hangs up on, as pg reports it', async () => {
    const { server, port } = await hangUpServer();
    const client = new pg.Client({ connectionString: `postgres://nobody@127.0.0.1:${port}/none` });
    client.on('error', () => undefined);
    const error = await caught(() => client.connect());
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(String(error)).toMatch(/Connection terminated|ECONNRESET/);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('knows SQLite still locked by another connection after its busy timeout', () => {
    const file = path.join(dir, 'busy.db');
    const holder = new SQLite(file);
    holder.pragma('journal_mode = WAL');
    holder.exec('create table t (n integer)');
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    holder.exec('begin immediate');
    let error: unknown;
    try {
      other.exec('insert into t values (1)');
    } catch (thrown) {
      error = thrown;
    } finally {
      holder.exec('rollback');
      holder.close();
      other.close();
    }
    expect(error).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['PostgreSQL shutting down (57P01)', { code: '57P01', message: 'terminating connection' }],
    ['PostgreSQL crash shutdown (57P02)', { code: '57P02', message: 'crash shutdown' }],
    [
      'PostgreSQL starting up (57P03)',
      { code: '57P03', message: 'the database system is starting up' },
    ],
    ['a connection exception (class 08)', { code: '08006', message: 'connection failure' }],
    ['no pooled connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a client whose connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a broken pipe', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['a timed-out socket', Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' })],
    ['a wrapped cause', new Error('query failed', { cause: { code: 'ECONNREFUSED' } })],
    ['every address refused', new AggregateError([{ code: 'ECONNREFUSED' }], 'connect failed')],
  ])('knows %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a bug', new Error('Cannot read properties of undefined')],
    ['a unique violation', { code: '23505', message: 'duplicate key value' }],
    ['a syntax error', { code: '42601', message: 'syntax error at or near' }],
    ['a SQLite constraint', { code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint' }],
    ['a code that only starts like class 08', { code: '0800', message: 'x' }],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    ['a cause that is a bug', new Error('outer', { cause: new Error('inner') })],
  ])('leaves %s to the 500', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops looking through a cause that loops', () => {
    const error = new Error('a') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('error handler', () => {
  it('answers a database that cannot be reached with a 503 the client may retry', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(apiErrorSchema.parse(down.json())).toEqual({
      error: { code: 'unavailable', message: messages.databaseUnavailable },
    });
    // Nothing of the driver's message reaches the client.
    expect(down.body).not.toContain('5432');

    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(apiErrorSchema.parse(bug.json()).error.code).toBe('internal');
    await app.close();
  });
});

describe('isStorageFull', () => {
  it.each([
    ['a full disk', Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' })],
    ['a full quota', { code: 'EDQUOT', message: 'disk quota exceeded' }],
    ['a full SQLite database', { code: 'SQLITE_FULL', message: 'database or disk is full' }],
    ['PostgreSQL out of disk', { code: '53100', message: 'could not extend file' }],
    ['a wrapped cause', new Error('insert failed', { cause: { code: 'SQLITE_FULL' } })],
  ])('knows %s', (_label, error) => {
    expect(isStorageFull(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it.each([
    ['a bug', new Error('x')],
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['null', null],
  ])('leaves %s alone', (_label, error) => {
    expect(isStorageFull(error)).toBe(false);
  });

  it('answers 503 with Retry-After and remembers it for the health check', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/write', async () => {
      throw Object.assign(new Error('SQLITE_FULL: database or disk is full'), {
        code: 'SQLITE_FULL',
      });
    });
    expect(await app.storageHealth.isFull()).toBe(false);
    const res = await app.inject({ method: 'GET', url: '/write' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(apiErrorSchema.parse(res.json())).toEqual({
      error: { code: 'unavailable', message: messages.storageFull },
    });
    expect(await app.storageHealth.isFull()).toBe(true);
    await app.close();
  });
});

describe('the identity service on a full disk', () => {
  it("answers its 422 or 500 with the full disk's 503 while storage is full, and only then", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    // Better Auth catches its database error and answers 422 'Failed to create user'.
    app.post('/api/auth/sign-up/email', async (_request, reply) =>
      reply.status(422).send({ error: { code: 'bad_request', message: 'Failed to create user' } }),
    );
    app.post('/api/other', async (_request, reply) => reply.status(422).send({ error: 'x' }));
    const signUp = () => app.inject({ method: 'POST', url: '/api/auth/sign-up/email' });
    expect((await signUp()).statusCode).toBe(422);

    app.storageHealth.recordFailure();
    const full = await signUp();
    expect(full.statusCode).toBe(503);
    expect(full.headers['retry-after']).toBe('60');
    expect(apiErrorSchema.parse(full.json()).error.message).toBe(messages.storageFull);
    expect((await app.inject({ method: 'POST', url: '/api/other' })).statusCode).toBe(422);
    await app.close();
  });
});

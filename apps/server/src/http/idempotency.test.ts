import { apiErrorSchema, idempotencyMessages } from '@shop/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId } from '../db/ids.js';
import { nowIso } from '../db/time.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { AppError } from './app-error.js';
import { registerErrorHandling } from './error-handler.js';
import { ABANDONED_CLAIM_MS, canonicalJson, registerIdempotency } from './idempotency.js';

/** A promise the test settles when it wants: the handler's work "in flight" until then. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('canonicalJson', () => {
  it('sorts the keys of every object, keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}',
    );
    expect(canonicalJson(undefined)).toBe('');
  });
});

/**
 * The mechanism on a route of its own, as any POST route of the shop can opt in: what a real
 * order cannot easily show (a duplicate waiting, a 5xx, an instance that stopped mid-request).
 */
describe.each(testDatabases)('the idempotent route option on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let userId: string;
  /** What the route does on its next call; counts its calls. */
  let work: () => Promise<unknown>;
  let calls = 0;
  /** How many times a duplicate found its key in flight and waited (registerIdempotency). */
  let waitsInFlight = 0;
  let keys = 0;
  const newKey = () => `mechanism-${process.pid}-${(keys += 1)}`;

  beforeAll(async () => {
    db = await kind.open();
    userId = newId();
    const now = nowIso();
    await db.kysely
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@example.com`,
        display_name: 'Key Holder',
        provider_id: 'Email & Password',
        role: 'user',
        created_at: now,
        updated_at: now,
      })
      .execute();
    app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    // The guard's part: the signed-in user.
    app.addHook('onRequest', async (request) => {
      request.currentUser = {
        id: userId,
        email: 'k@example.com',
        displayName: 'K',
        role: 'user',
        emailVerified: true,
      };
    });
    registerIdempotency(app, {
      db: db.kysely,
      inFlightWaitMs: 300,
      onInFlight: () => (waitsInFlight += 1),
    });
    app.post(
      '/api/things',
      {
        config: { access: 'user', idempotent: true },
        schema: { body: z.object({ name: z.string() }) },
      },
      async () => {
        calls += 1;
        return work();
      },
    );
    await app.ready();
  });
  afterEach(() => {
    calls = 0;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const send = (key: string, name = 'bolt') =>
    app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'idempotency-key': key },
      payload: { name },
    });

  it('lets a duplicate wait for the request in flight and replays its answer', async () => {
    const gate = deferred<undefined>();
    work = async () => {
      await gate.promise;
      return { made: 'one bolt' };
    };
    const key = newKey();
    const first = send(key);
    await waitUntil(() => calls === 1);
    const waitedBefore = waitsInFlight;
    const duplicate = send(key);
    // The duplicate is waiting, not working: it found the key in flight twice, and did no work.
    await waitUntil(() => waitsInFlight >= waitedBefore + 2);
    expect(calls).toBe(1);
    gate.resolve(undefined);
    const [a, b] = await Promise.all([first, duplicate]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(calls).toBe(1);
  });

  it('answers 409 idempotency_key_in_flight with Retry-After when the first takes too long', async () => {
    const gate = deferred<undefined>();
    work = async () => {
      await gate.promise;
      return { made: 'slowly' };
    };
    const key = newKey();
    const first = send(key);
    await waitUntil(() => calls === 1);
    const duplicate = await send(key);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.headers['retry-after']).toBe('1');
    expect(apiErrorSchema.parse(duplicate.json()).error).toEqual({
      code: 'idempotency_key_in_flight',
      message: idempotencyMessages.keyInFlight,
    });
    gate.resolve(undefined);
    expect((await first).statusCode).toBe(200);
    // Once answered, the key replays.
    expect((await send(key)).headers['idempotent-replayed']).toBe('true');
    expect(calls).toBe(1);
  });

  it('does not store a 5xx: the retry does the work again and its answer is kept', async () => {
    work = async () => {
      throw new Error('the disk hiccuped');
    };
    const key = newKey();
    expect((await send(key)).statusCode).toBe(500);
    work = async () => ({ made: 'on the retry' });
    const retry = await send(key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json()).toEqual({ made: 'on the retry' });
    expect((await send(key)).json()).toEqual({ made: 'on the retry' });
    expect(calls).toBe(2);
  });

  it('stores a 4xx the handler answered, and replays it', async () => {
    work = async () => {
      throw new AppError('conflict', 'No bolts left');
    };
    const key = newKey();
    const first = await send(key);
    expect(first.statusCode).toBe(409);
    work = async () => ({ made: 'bolts again' });
    const again = await send(key);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(calls).toBe(1);
  });

  it('refuses the key for another body with 422', async () => {
    work = async () => ({ made: 'a nut' });
    const key = newKey();
    expect((await send(key, 'nut')).statusCode).toBe(200);
    const other = await send(key, 'washer');
    expect(other.statusCode).toBe(422);
    expect(apiErrorSchema.parse(other.json()).error.code).toBe('idempotency_key_reused');
    expect(calls).toBe(1);
  });

  it('takes over a key whose request was left without an answer (an instance stopped)', async () => {
    const key = newKey();
    const long = new Date(Date.now() - ABANDONED_CLAIM_MS - 1_000).toISOString();
    const first = send(key);
    // Claimed, then the instance "stops": its claim stays without an answer, dated long ago.
    const gate = deferred<undefined>();
    work = async () => {
      await gate.promise;
      return { made: 'never answered' };
    };
    await waitUntil(() => calls === 1);
    await db.kysely
      .updateTable('idempotency_keys')
      .set({ claimed_at: long })
      .where('idempotency_key', '=', key)
      .execute();
    work = async () => ({ made: 'by the survivor' });
    const retry = await send(key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ made: 'by the survivor' });
    // The stopped request's late answer does not replace the survivor's.
    gate.resolve(undefined);
    await first;
    expect((await send(key)).json()).toEqual({ made: 'by the survivor' });
  });

  it('stops the start of a public route that asks for it: keys are per user', async () => {
    const other = Fastify().withTypeProvider<ZodTypeProvider>();
    registerIdempotency(other, { db: db.kysely });
    expect(() =>
      other.post('/api/open', { config: { access: 'public', idempotent: true } }, async () => ({})),
    ).toThrow(/must be for signed-in users/);
    await other.close();
  });
});

/** Polls until the condition holds (the request reached its handler). */
async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

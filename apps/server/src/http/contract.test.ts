import { apiContract, type Endpoint, type EndpointKey } from '@shop/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { recordedRoutes } from '../test/route-recorder.js';

/** Every route the app registers (see route-recorder.ts). */
vi.mock('fastify', async (importOriginal) =>
  (await import('../test/route-recorder.js')).recordingFastify(importOriginal),
);

type Schema = z.ZodType | undefined;

/**
 * The same schema: the same object, or a copy of it with documentation added (`.meta()` keeps
 * the definition: `countedListResponse`, the invoice's binary format).
 */
function same(route: Schema, contract: Schema): boolean {
  if (route === contract) return true;
  return route !== undefined && contract !== undefined && route._zod.def === contract._zod.def;
}

/*
 * The API contract (packages/shared api-contract.ts) is what the web app compiles against; the
 * routes read their schemas from it through `fromContract`. This holds the two together: each
 * entry is a registered route at its method and address, with the very schemas of the entry.
 */
describe('the API contract', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let routes: RouteOptions[];

  beforeAll(async () => {
    const sqlite = testDatabases.find((kind) => kind.name === 'sqlite');
    if (!sqlite) throw new Error('no SQLite test database');
    db = await sqlite.open();
    app = await buildTestApp(db);
    routes = recordedRoutes.get(app) ?? [];
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const keys = Object.keys(apiContract) as EndpointKey[];

  it('has an entry for each call of the web app, keyed by method and address', () => {
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[\w/:-]*$/);
  });

  it('is served by a route of the same method, address and schemas', () => {
    for (const key of keys.filter((one) => !one.includes(' /auth/'))) {
      const [method, path] = key.split(' ');
      const route = routes.find(
        (one) => [one.method].flat().includes(method ?? '') && one.url === `/api${path}`,
      );
      expect(route, `${key}: no such route`).toBeDefined();
      const entry: Endpoint = apiContract[key];
      const schema = (route?.schema ?? {}) as Partial<Record<string, Schema>> & {
        response?: Record<string, unknown>;
      };
      for (const part of ['params', 'querystring', 'body'] as const) {
        expect(same(schema[part], entry[part]), `${key}: ${part}`).toBe(true);
      }
      const success = schema.response?.[entry.status ?? 200] as
        | (z.ZodType & { content?: undefined })
        | { content: Record<string, { schema: z.ZodType }> }
        | undefined;
      const answer = entry.file ? success?.content?.[entry.file]?.schema : (success as Schema);
      expect(same(answer, entry.response), `${key}: response ${entry.status ?? 200}`).toBe(true);
      if (entry.multipart) expect(schema['consumes']).toEqual(['multipart/form-data']);
    }
  });

  it('describes the identity calls from the same entries', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    for (const key of keys.filter((one) => one.includes(' /auth/'))) {
      const [method = '', path] = key.split(' ');
      const operation = doc.paths[`/api${path}`]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const entry: Endpoint = apiContract[key];
      expect(operation?.requestBody !== undefined, `${key}: body`).toBe(entry.body !== undefined);
    }
  });
});

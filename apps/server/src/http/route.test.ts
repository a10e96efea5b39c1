import { TOTAL_COUNT_HEADER } from '@shop/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Access } from '../auth/guard.js';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { derivedErrorStatuses, isApiRoute, registerRouteDocs } from './route.js';
import { recordedRoutes } from '../test/route-recorder.js';

/** Every route the app registers (see route-recorder.ts). */
vi.mock('fastify', async (importOriginal) =>
  (await import('../test/route-recorder.js')).recordingFastify(importOriginal),
);

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<
    string,
    {
      description?: string;
      content?: Record<string, { schema?: Record<string, unknown> }>;
      headers?: Record<string, { description?: string; schema?: Record<string, unknown> }>;
    }
  >;
}
interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: {
    securitySchemes?: Record<string, Record<string, unknown>>;
    schemas?: Record<string, Record<string, unknown>>;
  };
}

/** The schema itself, or the component schema its `$ref` names. */
function resolved(
  doc: OpenApiDocument,
  schema: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  const ref = schema?.['$ref'];
  if (typeof ref !== 'string') return schema;
  const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1] ?? '';
  expect(doc.components?.schemas?.[name], `${ref} is not a component`).toBeDefined();
  return doc.components?.schemas?.[name];
}

/** The identity calls the web app makes (features/account/api/identity.ts), and update-user. */
const IDENTITY_CALLS = [
  ['post', '/sign-up/email'],
  ['post', '/sign-in/email'],
  ['post', '/sign-in/social'],
  ['post', '/sign-out'],
  ['get', '/get-session'],
  ['post', '/request-password-reset'],
  ['post', '/reset-password'],
  ['post', '/send-verification-email'],
  ['post', '/update-user'],
] as const;
const SESSION_CALLS = new Set(['/sign-out', '/get-session', '/update-user']);

const expectedSecurity = (access: Access | undefined) =>
  access === 'user' || access === 'admin'
    ? [{ bearerAuth: [] }]
    : access === 'session'
      ? [{ sessionCookie: [] }]
      : undefined;

/** Checks what every documented operation needs; returns the operation's statuses. */
function expectDocumented(
  doc: OpenApiDocument,
  name: string,
  operation: Operation | undefined,
): number[] {
  expect(operation, `${name} is not in the document`).toBeDefined();
  expect(operation?.operationId, `${name}: operationId`).toMatch(/^[a-zA-Z]+$/);
  expect(operation?.tags?.length, `${name}: tags`).toBeGreaterThan(0);
  const responses = Object.entries(operation?.responses ?? {});
  expect(responses.length, `${name}: responses`).toBeGreaterThan(0);
  for (const [status, response] of responses) {
    expect(response.description, `${name} ${status}`).toBeTruthy();
    expect(response.description, `${name} ${status}`).not.toBe('Default Response');
    // JSON, but for a success that is a file (an invoice's application/pdf).
    const schema =
      response.content?.['application/json']?.schema ??
      (Number(status) < 400 ? Object.values(response.content ?? {})[0]?.schema : undefined);
    expect(schema, `${name} ${status}: no schema`).toBeDefined();
    if (Number(status) >= 400) {
      // The one error envelope: {"error":{"code","message","fields"?}}.
      expect(resolved(doc, schema)?.['properties'], `${name} ${status}`).toHaveProperty('error');
    }
  }
  expect(
    responses.some(([status]) => status === '200' || status === '201'),
    name,
  ).toBe(true);
  return responses.map(([status]) => Number(status));
}

describe('the OpenAPI document at /api/docs/json', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let routes: RouteOptions[];
  let doc: OpenApiDocument;

  beforeAll(async () => {
    const sqlite = testDatabases.find((kind) => kind.name === 'sqlite');
    if (!sqlite) throw new Error('no SQLite test database');
    db = await sqlite.open();
    app = await buildTestApp(db);
    routes = recordedRoutes.get(app) ?? [];
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('documents every registered API route: operationId, tags, security, responses', () => {
    const operationIds: string[] = [];
    const apiRoutes = routes.filter(
      (route) => isApiRoute(route.url) && route.url !== '/api/auth/*' && route.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThan(25);
    for (const route of apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const config = route.config as
        { access?: Access; limit?: string; limitOf?: unknown } | undefined;
      for (const method of [route.method].flat()) {
        const name = `${method} ${route.url}`;
        const operation = doc.paths[path]?.[method.toLowerCase()];
        const statuses = expectDocumented(doc, name, operation);
        operationIds.push(operation?.operationId ?? '');
        expect(operation?.security, `${name}: security`).toEqual(expectedSecurity(config?.access));
        // 429 everywhere (each client's request budget); 401 exactly where it is private.
        expect(statuses.includes(429), `${name}: 429`).toBe(true);
        expect(statuses.includes(401), `${name}: 401`).toBe(config?.access !== 'public');
        const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes;
        for (const status of derivedErrorStatuses({ method, url: route.url, config, consumes })) {
          expect(statuses, `${name}: ${status}`).toContain(status);
        }
      }
    }
    expect(new Set(operationIds).size, 'operationIds are unique').toBe(operationIds.length);
  });

  it('lists the identity calls the web app makes, which share one catch-all route', () => {
    expect(routes.some((route) => route.url === '/api/auth/*')).toBe(true);
    for (const [method, call] of IDENTITY_CALLS) {
      const name = `${method.toUpperCase()} /api/auth${call}`;
      const operation = doc.paths[`/api/auth${call}`]?.[method];
      const statuses = expectDocumented(doc, name, operation);
      // Every call spends the client's request budget; the guarded ones have their limit too.
      expect(statuses.includes(429), `${name}: 429`).toBe(true);
      expect(operation?.security, name).toEqual(
        SESSION_CALLS.has(call) ? [{ sessionCookie: [] }] : undefined,
      );
    }
    // The catch-all itself is not an operation anyone can call as written.
    expect(Object.keys(doc.paths).filter((path) => path.includes('*'))).toEqual([]);
  });

  it('documents a file answer under its own type: the invoice is application/pdf', () => {
    const ok = doc.paths['/api/orders/{id}/invoice']?.['get']?.responses?.['200'];
    expect(Object.keys(ok?.content ?? {})).toEqual(['application/pdf']);
    expect(ok?.content?.['application/pdf']?.schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });

  it('documents X-Total-Count on the lists that send it', () => {
    for (const path of ['/api/products', '/api/reviews']) {
      const headers = doc.paths[path]?.['get']?.responses?.['200']?.headers;
      expect(headers?.[TOTAL_COUNT_HEADER], path).toEqual({
        description: expect.stringMatching(/in all/),
        schema: { type: 'integer', minimum: 0 },
      });
      // The header is not mistaken for a part of the body's schema.
      const body = doc.paths[path]?.['get']?.responses?.['200']?.content?.['application/json'];
      expect(body?.schema, path).toMatchObject({ type: 'array' });
      expect(body?.schema, path).not.toHaveProperty('headers');
    }
  });

  it('names the shared schemas as components and refers to them instead of repeating them', () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ['Order', 'OrderLine', 'Product', 'User', 'Review', 'ApiError']) {
      expect(schemas[name], name).toMatchObject({ type: 'object' });
    }
    const json = (status: string, path: string, method = 'get') =>
      doc.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;
    expect(json('200', '/api/orders/{id}')).toEqual({ $ref: '#/components/schemas/Order' });
    expect(json('200', '/api/products/{id}')).toEqual({ $ref: '#/components/schemas/Product' });
    expect(json('200', '/api/user/{email}')).toEqual({ $ref: '#/components/schemas/User' });
    expect(json('200', '/api/reviews')).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/Review' },
    });
    expect(json('404', '/api/orders/{id}')).toEqual({ $ref: '#/components/schemas/ApiError' });
    expect(json('429', '/api/auth/sign-in/email', 'post')).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    // A component refers to another rather than repeating it: an order to its lines.
    expect(schemas['Order']?.['properties']).toMatchObject({
      lines: { type: 'array', items: { $ref: '#/components/schemas/OrderLine' } },
    });
    // Every $ref resolves, and every component is referred to.
    const text = JSON.stringify(doc);
    const refs = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    for (const ref of refs) expect(schemas[ref ?? ''], `${ref}`).toBeDefined();
    expect(Object.keys(schemas).filter((name) => !refs.has(name))).toEqual([]);
  });

  it('says where the shop answers, and documents the upload as a multipart form', () => {
    expect(doc.servers?.[0]?.url).toMatch(/^https?:\/\//);
    const upload = doc.paths['/api/uploads']?.['post'] as
      | (Operation & { requestBody?: { content?: Record<string, { schema?: unknown }> } })
      | undefined;
    expect(upload?.requestBody?.content?.['multipart/form-data']?.schema).toMatchObject({
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' } },
    });
  });

  it('declares the bearer token and the session cookie once, and nothing outside /api', () => {
    expect(doc.components?.securitySchemes?.['bearerAuth']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.components?.securitySchemes?.['sessionCookie']).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
    });
    expect(Object.keys(doc.paths).filter((path) => !isApiRoute(path))).toEqual([]);
  });
});

describe('registerRouteDocs', () => {
  it('refuses an API route without an operationId or tags, as one without access', async () => {
    const { default: fastify } = await import('fastify');
    const app = fastify();
    registerRouteDocs(app);
    expect(() => app.get('/api/thing', { schema: { tags: ['things'] } }, () => ({}))).toThrow(
      'GET /api/thing does not document an operationId, a response schema',
    );
    // The docs and the hidden catch-all are not operations of their own.
    app.get('/api/docs/extra', () => ({}));
    app.get('/api/hidden/*', { schema: { hide: true } }, () => ({}));
    await app.close();
  });

  it('derives the statuses from access, limit and method', () => {
    expect(derivedErrorStatuses({ method: 'GET', config: { access: 'public' } })).toEqual([
      400, 429,
    ]);
    expect(
      derivedErrorStatuses({ method: 'POST', config: { access: 'admin', limit: 'orders' } }).sort(),
    ).toEqual([400, 401, 403, 413, 415, 429, 503]);
    expect(
      derivedErrorStatuses({ method: 'POST', config: { access: 'public' }, consumes: ['*/*'] }),
    ).toEqual([400, 429, 413]);
    expect(
      derivedErrorStatuses({
        method: 'GET',
        url: '/api/products/:id',
        config: { access: 'public' },
      }),
    ).toEqual([400, 429, 414]);
  });
});

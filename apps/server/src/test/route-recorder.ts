import type Fastify from 'fastify';
import type { RouteOptions } from 'fastify';

/**
 * Every route each Fastify instance registers, recorded by an onRoute hook added before any route
 * exists. A test file installs it with
 * `vi.mock('fastify', async (original) => (await import('../test/route-recorder.js')).recordingFastify(original))`
 * and reads `recordedRoutes.get(app)`.
 */
export const recordedRoutes = new WeakMap<object, RouteOptions[]>();

export async function recordingFastify(importOriginal: <T>() => Promise<T>) {
  const actual = await importOriginal<{ default: typeof Fastify }>();
  const withRouteRecorder = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    const routes: RouteOptions[] = [];
    recordedRoutes.set(app, routes);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: withRouteRecorder, fastify: withRouteRecorder };
}
